import type { Pool } from '../db';

export interface BillingOf {
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
}

export async function findBilling(pool: Pool, userId: number): Promise<BillingOf | undefined> {
  const { rows } = await pool.query<BillingOf>(
    'SELECT stripe_customer_id, stripe_subscription_id FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

/** Identifiers of public tables with a `user_id` column (the rule: such a table holds users' rows). */
const TABLES_WITH_USER_ID = `
  SELECT format('%I', c.table_name) AS name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
   WHERE c.table_schema = 'public' AND c.column_name = 'user_id' AND t.table_type = 'BASE TABLE'
   ORDER BY c.table_name`;

/**
 * Delete every row of the user's, in every table, in one transaction: nothing is left half deleted.
 * Most tables go with the user's row (their foreign keys cascade: sessions, chats and their messages,
 * saved items, analyses, the profile, the sales kit, recordings and their daily allowance, stream
 * leases, reset links); the rest hold the user by a key with no foreign key, and are named here:
 *  - token_usage: the daily allowance counted as `user:<id>`;
 *  - rate_limits: counters kept per user id (`<rule>:<id>`, `analyze:visitor:u<id>`), per username
 *    (`login:user:<name>`), per email (`reset:email:<email>`) and per username and address
 *    (`login:user-ip:["<name>",…]`);
 *  - session: a guest session that kept the email the rep gave the save-analysis prompt;
 *  - any table with a `user_id` column and no foreign key (kit_passages and kit_terms key theirs by
 *    the file; a table added later is covered the same way).
 * The user's row is locked first, so a sign-in or a write racing with this waits, then finds no user.
 * Answers false when the user was already gone.
 */
/** The rate-limit rules counted per user, by the subject they count: the id (or `u<id>`), the username, the email. */
const RULES_BY_USER_ID = [
  'brief:user',
  'confirm:user',
  'export:user',
  'kit:upload',
  'llm:user',
  'passkey-options:user',
  'profile:user',
  'recordings:upload',
  'research:user',
  'search:user',
  'share:user',
  'workflows:user',
  'analyze:visitor',
];
const RULES_BY_USERNAME = ['login:user', 'register:user'];
const RULES_BY_EMAIL = ['reset:email'];

/**
 * The exact keys of the user's own counters. Exact, never a suffix: a counter of a client address
 * (`login:ip:203.0.113.7`) must survive the deletion of an account whose name or id its key ends
 * with, or deleting an account would be a way to lift an address's limits.
 */
export function userRateLimitKeys(userId: number, username: string, email: string): string[] {
  return [
    ...RULES_BY_USER_ID.flatMap((rule) => [`${rule}:${userId}`, `${rule}:u${userId}`]),
    ...RULES_BY_USERNAME.map((rule) => `${rule}:${username.toLowerCase()}`),
    ...RULES_BY_EMAIL.map((rule) => `${rule}:${email.toLowerCase()}`),
  ];
}

/** The start of every `login:user-ip` key of this username (api/auth/auth.routes.ts userAndIp: a JSON pair). */
const userAndAddressPrefix = (username: string) =>
  `login:user-ip:[${JSON.stringify(username.toLowerCase())},`;

export async function deleteUserEverywhere(pool: Pool, userId: number): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ username: string; email: string }>(
      'SELECT username, email FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    const user = rows[0];
    if (!user) {
      await client.query('ROLLBACK');
      return false;
    }
    const id = String(userId);
    await client.query('DELETE FROM token_usage WHERE payer = $1', [`user:${id}`]);
    await client.query(
      'DELETE FROM rate_limits WHERE key = ANY($1) OR left(key, length($2)) = $2',
      [userRateLimitKeys(userId, user.username, user.email), userAndAddressPrefix(user.username)],
    );
    await client.query(
      `DELETE FROM session WHERE lower(sess::jsonb -> 'capture' ->> 'email') = lower($1)`,
      [user.email],
    );
    const tables = await client.query<{ name: string }>(TABLES_WITH_USER_ID);
    for (const { name } of tables.rows)
      await client.query(`DELETE FROM ${name} WHERE user_id = $1`, [userId]);
    await client.query('DELETE FROM users WHERE id = $1', [userId]);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
