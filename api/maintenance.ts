import type { Pool } from './db';

/** The longest rate-limit window; older counters can go. */
const RATE_LIMIT_KEEP = '1 day';

/** Days of token counts kept: today's is the one that counts; a few more answer 'what happened yesterday'. */
const TOKEN_USAGE_KEEP_DAYS = 7;

/**
 * Delete expired guest sessions, login sessions, password reset links, passkey challenges, stale
 * rate-limit counters and old token and transcription counts. Safe to run on any instance.
 */
export async function sweepExpired(pool: Pool): Promise<{
  sessions: number;
  userSessions: number;
  passwordResets: number;
  passkeyChallenges: number;
  rateLimits: number;
  tokenUsage: number;
  transcriptionUsage: number;
}> {
  const sessions = await pool.query('DELETE FROM session WHERE expire < now()');
  const userSessions = await pool.query('DELETE FROM user_session WHERE expires_at < now()');
  // An expired link opens nothing already (api/auth/passwordReset.sql.ts); its hash need not stay.
  const passwordResets = await pool.query('DELETE FROM password_resets WHERE expires_at < now()');
  // A passkey challenge past its five minutes is refused already; an unanswered one need not stay.
  const passkeyChallenges = await pool.query(
    'DELETE FROM webauthn_challenges WHERE expires_at < now()',
  );
  const rateLimits = await pool.query(
    `DELETE FROM rate_limits WHERE window_start < now() - interval '${RATE_LIMIT_KEEP}'`,
  );
  const tokenUsage = await pool.query(
    `DELETE FROM token_usage WHERE day < (now() AT TIME ZONE 'UTC')::date - ${TOKEN_USAGE_KEEP_DAYS}`,
  );
  // The same for the voice debrief's daily allowance (bytes of audio transcribed per user).
  const transcriptionUsage = await pool.query(
    `DELETE FROM transcription_usage WHERE day < (now() AT TIME ZONE 'UTC')::date - ${TOKEN_USAGE_KEEP_DAYS}`,
  );
  return {
    sessions: sessions.rowCount ?? 0,
    userSessions: userSessions.rowCount ?? 0,
    passwordResets: passwordResets.rowCount ?? 0,
    passkeyChallenges: passkeyChallenges.rowCount ?? 0,
    rateLimits: rateLimits.rowCount ?? 0,
    tokenUsage: tokenUsage.rowCount ?? 0,
    transcriptionUsage: transcriptionUsage.rowCount ?? 0,
  };
}

/**
 * Reclaim the space of updated and deleted rows and take the planner's statistics afresh, on the
 * embedded database. A Postgres server's autovacuum does both by itself; the embedded PGlite runs as
 * one process with no background workers, so without this every row a send updates or deletes (its
 * progress saves, its stream lease, its counters) would stay on disk for good, and the planner would
 * never learn a table's size (a search of a large sales kit then read every passage of the rep's:
 * 12 ms for 6,000 instead of 4). It mostly skips pages that have not changed since the last run.
 */
export async function vacuumEmbedded(pool: Pool): Promise<void> {
  await pool.query('VACUUM (ANALYZE)');
}
