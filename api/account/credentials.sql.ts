import type { Pool } from '../db';
import type { UserRow } from '../auth/lucia';

/**
 * The new password in one statement with what it must end: the user's pending reset link (a link
 * mailed for the old password must not set another one later) and every session, the asking one
 * too (the route starts it a new one, so a copy of its cookie opens nothing). Answers how many
 * sessions of other devices ended.
 */
export async function changePassword(
  pool: Pool,
  userId: number,
  passwordHash: string,
  askingSessionId: string,
): Promise<number> {
  const { rows } = await pool.query<{ ended: number }>(
    `WITH links AS (
       DELETE FROM password_resets WHERE user_id = $1
     ), ended AS (
       DELETE FROM user_session WHERE user_id = $1 RETURNING id
     ), changed AS (
       UPDATE users SET password = $2 WHERE id = $1
     )
     SELECT count(*) FILTER (WHERE id <> $3)::int AS ended FROM ended`,
    [userId, passwordHash, askingSessionId],
  );
  return rows[0]!.ended;
}

/** Whether another account already has `email` (case-insensitive, as registration checks). */
export async function emailTakenByOther(
  pool: Pool,
  userId: number,
  email: string,
): Promise<boolean> {
  const { rows } = await pool.query<{ taken: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2) AS taken',
    [email, userId],
  );
  return rows[0]!.taken;
}

/** Set the user's email (a pending reset link ends with the old one); answers the row as it is now. A race for the address fails on its unique index (23505). */
export async function changeEmail(pool: Pool, userId: number, email: string): Promise<UserRow> {
  // A reset link mailed to the old address dies with it: a rep leaving a mailbox someone else may
  // read (a former job's, a compromised one) must not leave a way in behind.
  const { rows } = await pool.query<UserRow>(
    `WITH links AS (DELETE FROM password_resets WHERE user_id = $1)
     UPDATE users SET email = $2 WHERE id = $1 RETURNING *`,
    [userId, email],
  );
  return rows[0]!;
}
