import type { Pool } from '../db';
import type { UserRow } from './lucia';

export async function findUserByEmail(pool: Pool, email: string): Promise<UserRow | undefined> {
  const { rows } = await pool.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [
    email,
  ]);
  return rows[0];
}

/**
 * Keep a new reset link's token hash for the user, in place of any older link of theirs (one row per
 * user): the older link dies the moment a newer one exists.
 */
export async function replaceResetToken(
  pool: Pool,
  userId: number,
  tokenHash: string,
  ttlMs: number,
): Promise<void> {
  await pool.query(
    `INSERT INTO password_resets (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (user_id) DO UPDATE SET
       token_hash = EXCLUDED.token_hash, expires_at = EXCLUDED.expires_at, created_at = now()`,
    [tokenHash, userId, ttlMs / 1000],
  );
}

/** The user a live (unexpired) reset link belongs to; undefined for any other token. */
export async function findResetUser(pool: Pool, tokenHash: string): Promise<UserRow | undefined> {
  const { rows } = await pool.query<UserRow>(
    `SELECT u.* FROM password_resets r JOIN users u ON u.id = r.user_id
     WHERE r.token_hash = $1 AND r.expires_at > now()`,
    [tokenHash],
  );
  return rows[0];
}

/**
 * Use the link: in one statement its row goes and the user's password becomes the new hash, so two
 * requests racing with one link change it at most once. False when the link was no longer live.
 */
export async function useResetToken(
  pool: Pool,
  tokenHash: string,
  passwordHash: string,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `WITH used AS (
       DELETE FROM password_resets WHERE token_hash = $1 AND expires_at > now() RETURNING user_id
     )
     UPDATE users SET password = $2 FROM used WHERE users.id = used.user_id`,
    [tokenHash, passwordHash],
  );
  return rowCount === 1;
}
