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
 * saved items, analyses, the profile, the sales kit, stream leases, reset links); the rest hold the
 * user by a key with no foreign key, and are named here:
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
      `DELETE FROM rate_limits
        WHERE key LIKE '%:' || $1 OR key LIKE '%:u' || $1
           OR lower(right(key, length($2) + 1)) = ':' || lower($2)
           OR lower(right(key, length($3) + 1)) = ':' || lower($3)
           OR strpos(lower(key), ':[' || to_json(lower($2))::text || ',') > 0`,
      [id, user.username, user.email],
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
