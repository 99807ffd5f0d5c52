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

/** Whose plan a subscription is about: the user a checkout names, or the owner of a Stripe customer. */
export type Subscriber = { userId: number } | { customerId: string };

/** The user a subscription is about, their current subscription and whether they have Pro now. */
export async function findSubscriber(
  db: Db,
  who: Subscriber,
): Promise<{ id: number; currentSubscriptionId: string | null; pro: boolean } | null> {
  const { rows } = await db.query<{
    id: number;
    stripe_subscription_id: string | null;
    pro: boolean;
  }>(
    `SELECT id, stripe_subscription_id, (subscription_tier = 'pro' AND subscription_active = 'true') AS pro
       FROM users WHERE ${'userId' in who ? 'id = $1' : 'stripe_customer_id = $1'}`,
    ['userId' in who ? who.userId : who.customerId],
  );
  const row = rows[0];
  return row
    ? { id: row.id, currentSubscriptionId: row.stripe_subscription_id, pro: row.pro }
    : null;
}

/**
 * Make `s` the user's current subscription and set Pro from it, but only while their current one is
 * still `decidedFrom`: of two deliveries racing on one user, the later decision never undoes the
 * other's. Answers whether it was written.
 */
export async function setSubscription(
  db: Db,
  userId: number,
  decidedFrom: string | null,
  s: { customerId: string; subscriptionId: string; active: boolean },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE users SET subscription_tier = CASE WHEN $4 THEN 'pro' ELSE 'none' END,
                      subscription_active = CASE WHEN $4 THEN 'true' ELSE 'false' END,
                      stripe_customer_id = $2, stripe_subscription_id = $3
      WHERE id = $1 AND stripe_subscription_id IS NOT DISTINCT FROM $5`,
    [userId, s.customerId, s.subscriptionId, s.active, decidedFrom],
  );
  return (rowCount ?? 0) > 0;
}

/** Whether a webhook event was already recorded (a redelivery). */
export async function isEventRecorded(db: Db, id: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM stripe_events WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

/** Record a webhook event; false when it was already recorded (a redelivery). */
export async function recordEvent(db: Db, id: string, type: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
    [id, type],
  );
  return (rowCount ?? 0) > 0;
}
