import type { Pool, PoolClient } from 'pg';

type Db = Pool | PoolClient;

/** Remember a user's Stripe customer, unless they already have one (answers the one to use). */
export async function setCustomerOnce(db: Db, userId: number, customerId: string): Promise<string> {
  const { rows } = await db.query<{ stripe_customer_id: string }>(
    `UPDATE users SET stripe_customer_id = coalesce(stripe_customer_id, $2) WHERE id = $1 RETURNING stripe_customer_id`,
    [userId, customerId],
  );
  return rows[0]!.stripe_customer_id;
}

/** Set the subscription state of the user owning a Stripe customer (or a user id, at checkout). */
export async function setSubscription(
  db: Db,
  who: { userId: number } | { customerId: string },
  s: { customerId: string; subscriptionId: string; active: boolean },
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE users SET subscription_tier = CASE WHEN $4 THEN 'pro' ELSE 'none' END,
                      subscription_active = CASE WHEN $4 THEN 'true' ELSE 'false' END,
                      stripe_customer_id = $2, stripe_subscription_id = $3
      WHERE ${'userId' in who ? 'id = $1' : 'stripe_customer_id = $1'}`,
    ['userId' in who ? who.userId : who.customerId, s.customerId, s.subscriptionId, s.active],
  );
  return rowCount ?? 0;
}

/** Record a webhook event; false when it was already recorded (a redelivery). */
export async function recordEvent(db: Db, id: string, type: string): Promise<boolean> {
  const { rowCount } = await db.query('INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, type]);
  return (rowCount ?? 0) > 0;
}

/** Operators: give or take Pro by username (npm run grant-pro / revoke-pro). */
export async function setProByUsername(db: Db, username: string, pro: boolean): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE users SET subscription_tier = $2, subscription_active = $3 WHERE lower(username) = lower($1)`,
    [username, pro ? 'pro' : 'none', pro ? 'true' : 'false'],
  );
  return (rowCount ?? 0) > 0;
}
