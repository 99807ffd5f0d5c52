import type { Pool } from '../db';
import type { UserRow } from './lucia';

export async function findUserByUsername(pool: Pool, username: string): Promise<UserRow | undefined> {
  const { rows } = await pool.query<UserRow>('SELECT * FROM users WHERE lower(username) = lower($1)', [username]);
  return rows[0];
}

/** Which of a username and an email are already taken (case-insensitive). */
export async function findTaken(pool: Pool, username: string, email: string): Promise<{ username: boolean; email: boolean }> {
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
