import { CHAT_TITLE_STORE_MAX } from '../../domain/limits';
import type { Pool } from '../db';

export interface WorkflowRow {
  id: string;
  user_id: number;
  name: string;
  workflow_type: string;
  path: string;
  date: Date;
}

/** The item's columns without its result, which only GET /api/workflows/{id} answers. */
const ITEM = 'id, user_id, name, workflow_type, path, date';

export async function listWorkflows(pool: Pool, userId: number): Promise<WorkflowRow[]> {
  const { rows } = await pool.query<WorkflowRow>(
    `SELECT ${ITEM} FROM workflows WHERE user_id = $1 AND deleted_at IS NULL ORDER BY date DESC, id`,
    [userId],
  );
  return rows;
}

export async function findWorkflow(
  pool: Pool,
  userId: number,
  id: string,
): Promise<(WorkflowRow & { result: string | null }) | undefined> {
  const { rows } = await pool.query<WorkflowRow & { result: string | null }>(
    `SELECT ${ITEM}, result FROM workflows WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId],
  );
  return rows[0];
}

/**
 * Save a history item under the client's id. Saving the same id again (a retry, another device
 * syncing) changes nothing; an id that belongs to another user is refused (undefined).
 */
export async function saveWorkflow(
  pool: Pool,
  w: {
    id: string;
    userId: number;
    name: string;
    workflowType: string;
    path: string;
    date: string | undefined;
    result?: string | undefined;
  },
): Promise<WorkflowRow | undefined> {
  const { rows } = await pool.query<WorkflowRow>(
    `WITH ins AS (
       INSERT INTO workflows (id, user_id, name, workflow_type, path, date, result) VALUES ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now()), $7)
       ON CONFLICT (id) DO NOTHING RETURNING ${ITEM}
     )
     SELECT * FROM ins UNION ALL SELECT ${ITEM} FROM workflows WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL LIMIT 1`,
    [w.id, w.userId, w.name, w.workflowType, w.path, w.date ?? null, w.result ?? null],
  );
  return rows[0];
}

/**
 * Rename a history item, and the chat that holds its result (its path names it: '/chat?chat=<id>'),
 * in one statement: a saved item and its chat never go by two names. The chat's updated_at stays:
 * a new name is not new activity, so the chat keeps its place in the recent list.
 */
export async function renameWorkflow(
  pool: Pool,
  userId: number,
  id: string,
  name: string,
): Promise<WorkflowRow | undefined> {
  const { rows } = await pool.query<WorkflowRow>(
    `WITH renamed AS (
       UPDATE workflows SET name = $3, updated_at = now() WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING ${ITEM}
     ), chat AS (
       UPDATE chats SET title = left($3, ${CHAT_TITLE_STORE_MAX})
       WHERE user_id = $2 AND deleted_at IS NULL AND id = (SELECT substring(path FROM '[?&]chat=([^&#]+)') FROM renamed)
     )
     SELECT * FROM renamed`,
    [id, userId, name],
  );
  return rows[0];
}

export async function deleteWorkflow(pool: Pool, userId: number, id: string): Promise<boolean> {
  // Its share links (a saved analysis's) are revoked in the same statement: 410 at once.
  const { rowCount } = await pool.query(
    `WITH deleted AS (
       UPDATE workflows SET deleted_at = now() WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL
       RETURNING id
     ),
     revoked AS (
       UPDATE shares SET revoked_at = now(), content = NULL, email_subject = NULL, shown_name = NULL
        WHERE workflow_id IN (SELECT id FROM deleted) AND revoked_at IS NULL
     )
     SELECT 1 FROM deleted`,
    [id, userId],
  );
  return (rowCount ?? 0) > 0;
}
