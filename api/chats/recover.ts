// Replies cut off by a dead process. A reply is written by the process that started it (generate.ts),
// which marks its row every second while it streams; if that process dies (killed, crashed, the
// machine rebooted) its row stays 'streaming' with no one writing it. A replayed send takes such a
// reply over as soon as its heartbeat is stale (REPLY_STALE_MS) and asks the model again. At start-up
// we settle the ones no one is writing at once: 'partial' with what was saved (the rep can
// Regenerate), 'failed' when nothing was (a replay of the send asks the model again).
import type { Pool } from '../db';
import type { Logger } from '../log';
import { REPLY_STALE_MS } from './generate';

/**
 * Settle every 'streaming' reply not written for `idleSeconds`: partial if it has text, else failed;
 * a regenerate cut off before its first word puts back the answer it was replacing (as finishReply
 * does), so a dead server never destroys an answer. Answers how many were settled.
 */
export async function settleCutReplies(pool: Pool, idleSeconds: number): Promise<number> {
  const { rowCount } = await pool.query(
    `UPDATE messages SET
       content = CASE WHEN content = '' AND kept_status IS NOT NULL THEN kept_content ELSE content END,
       status = CASE WHEN content = '' AND kept_status IS NOT NULL THEN kept_status WHEN content = '' THEN 'failed' ELSE 'partial' END,
       model = CASE WHEN content = '' AND kept_status IS NOT NULL THEN kept_model ELSE model END,
       email_edit = CASE WHEN content = '' AND kept_status IS NOT NULL THEN email_edit ELSE NULL END,
       kept_content = NULL, kept_status = NULL, kept_model = NULL, updated_at = now()
      WHERE status = 'streaming' AND updated_at <= now() - make_interval(secs => $1)`,
    [idleSeconds],
  );
  return rowCount ?? 0;
}

/**
 * At start-up. The embedded database lives inside this one process, so no other process can be
 * writing a reply: every 'streaming' row is a dead one. On a shared Postgres other instances may be
 * generating right now, so only replies whose writer's heartbeat is stale (as a replayed send judges
 * it) are settled; the rest are followed, or taken over, when their send is replayed.
 */
export async function recoverCutReplies(deps: {
  pool: Pool;
  log: Logger;
  embedded: boolean;
}): Promise<void> {
  const idleSeconds = deps.embedded ? 0 : REPLY_STALE_MS / 1000;
  try {
    const settled = await settleCutReplies(deps.pool, idleSeconds);
    if (settled > 0) deps.log.info(`settled ${settled} reply(ies) cut off by a stopped process`);
  } catch (err) {
    deps.log.warn(`settling cut-off replies failed: ${(err as Error).message}`);
  }
}
