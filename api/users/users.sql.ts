import type { Pool } from '../db';

/** Minutes a finished workflow is estimated to save (design §11: time saved from real use). */
export const MINUTES_SAVED_PER_WORKFLOW = 30;
import { IDEA_ANALYSIS_WORKFLOW as IDEA_ANALYSIS_TYPE } from '../../domain/contract/analysis';

/** The workflow type an idea analysis is saved under. */
export { IDEA_ANALYSIS_TYPE };

export async function countUsage(pool: Pool, userId: number): Promise<{ chats: number; ideas: number; workflows: number }> {
  const { rows } = await pool.query<{ chats: number; ideas: number; workflows: number }>(
    `SELECT
       (SELECT count(*)::int FROM chats WHERE user_id = $1 AND deleted_at IS NULL) AS chats,
       (SELECT count(*)::int FROM workflows WHERE user_id = $1 AND deleted_at IS NULL AND workflow_type = $2) AS ideas,
       (SELECT count(*)::int FROM workflows WHERE user_id = $1 AND deleted_at IS NULL) AS workflows`,
    [userId, IDEA_ANALYSIS_TYPE],
  );
  return rows[0]!;
}
