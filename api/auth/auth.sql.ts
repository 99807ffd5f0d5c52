import type { Pool } from '../db';
import type { UserRow } from './lucia';

export async function findUserByUsername(
  pool: Pool,
  username: string,
): Promise<UserRow | undefined> {
  const { rows } = await pool.query<UserRow>(
    'SELECT * FROM users WHERE lower(username) = lower($1)',
    [username],
  );
  return rows[0];
}

/** Which of a username and an email are already taken (case-insensitive). */
export async function findTaken(
  pool: Pool,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  const { rows } = await pool.query<{ username_taken: boolean; email_taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1)) AS username_taken,
            EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($2)) AS email_taken`,
    [username, email],
  );
  return { username: rows[0]!.username_taken, email: rows[0]!.email_taken };
}

export async function insertUser(
  pool: Pool,
  user: { username: string; email: string; passwordHash: string; name: string | null },
): Promise<UserRow> {
  const { rows } = await pool.query<UserRow>(
    'INSERT INTO users (username, email, password, name) VALUES ($1, $2, $3, $4) RETURNING *',
    [user.username, user.email, user.passwordHash, user.name],
  );
  return rows[0]!;
}

/**
 * How many milliseconds ago a login session began, by the database's clock (the one that stamped
 * it: every instance agrees); null when it began before that was recorded, or is gone.
 */
export async function sessionAgeMs(pool: Pool, sessionId: string): Promise<number | null> {
  const { rows } = await pool.query<{ age_ms: number | null }>(
    'SELECT (extract(epoch FROM now() - created_at) * 1000)::float8 AS age_ms FROM user_session WHERE id = $1',
    [sessionId],
  );
  const age = rows[0]?.age_ms;
  return age === null || age === undefined ? null : Math.max(0, Math.round(age));
}
