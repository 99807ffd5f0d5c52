import type { Pool } from '../db';

import { IDEA_ANALYSIS_WORKFLOW as IDEA_ANALYSIS_TYPE } from '../../domain/contract/analysis';
import { OFFLINE_DRAFTER_MODEL } from '../../domain/limits';

/** Minutes a finished workflow is estimated to save: the dashboard's time saved comes from real use. */
export const MINUTES_SAVED_PER_WORKFLOW = 30;

/** The workflow type an idea analysis is saved under. */
export { IDEA_ANALYSIS_TYPE };

/**
 * The dashboard's counts. `workflows` is what 'Time Saved' is reckoned from: the finished workflows
 * whose result a model wrote. A flow's result is its chat's answer (the saved item reopens
 * `/chat?chat=<id>`), so that chat needs a complete answer from a model: one the offline drafter
 * arranged from the rep's own answers saved them no writing, and a reply still on its way saved
 * nothing yet. A workflow with no chat (an idea analysis, a competitor analysis) is saved only from
 * a model's answer.
 */
export async function countUsage(
  pool: Pool,
  userId: number,
): Promise<{ chats: number; ideas: number; workflows: number }> {
  const { rows } = await pool.query<{ chats: number; ideas: number; workflows: number }>(
    `SELECT
       (SELECT count(*)::int FROM chats WHERE user_id = $1 AND deleted_at IS NULL) AS chats,
       (SELECT count(*)::int FROM workflows WHERE user_id = $1 AND deleted_at IS NULL AND workflow_type = $2) AS ideas,
       (SELECT count(*)::int FROM workflows w
          WHERE w.user_id = $1 AND w.deleted_at IS NULL
            AND CASE WHEN w.path = '/chat' OR w.path LIKE '/chat?%' THEN EXISTS (
                  SELECT 1 FROM chats c JOIN messages m ON m.chat_id = c.id
                   WHERE c.user_id = $1 AND c.id = substring(w.path FROM '[?&]chat=([^&]+)')
                     AND m.role = 'assistant' AND m.status = 'complete'
                     AND m.model IS NOT NULL AND m.model <> $3)
                ELSE true END) AS workflows`,
    [userId, IDEA_ANALYSIS_TYPE, OFFLINE_DRAFTER_MODEL],
  );
  return rows[0]!;
}
