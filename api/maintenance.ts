import type { Pool } from './db';

/** The longest rate-limit window; older counters can go. */
const RATE_LIMIT_KEEP = '1 day';

/** Delete expired guest sessions, login sessions and stale rate-limit counters. Safe to run on any instance. */
export async function sweepExpired(pool: Pool): Promise<{ sessions: number; userSessions: number; rateLimits: number }> {
  const sessions = await pool.query('DELETE FROM session WHERE expire < now()');
  const userSessions = await pool.query('DELETE FROM user_session WHERE expires_at < now()');
  const rateLimits = await pool.query(`DELETE FROM rate_limits WHERE window_start < now() - interval '${RATE_LIMIT_KEEP}'`);
  return { sessions: sessions.rowCount ?? 0, userSessions: userSessions.rowCount ?? 0, rateLimits: rateLimits.rowCount ?? 0 };
}
