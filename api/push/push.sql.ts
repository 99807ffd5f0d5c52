// The browsers a rep gets push messages on (push_subscriptions). Every query takes the user's id,
// except the endpoint's own bookkeeping after a send (the endpoint is the row's key).
import type { Pool } from '../db';

/**
 * The most browsers one rep keeps subscribed; the one subscribed longest ago goes first. Each send
 * is a request to every one of them, so an account cannot make the server post to a thousand
 * addresses by subscribing a thousand times.
 */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string | null;
}

/**
 * Keeps the subscription for `userId`. An endpoint already stored moves to this rep, with its new
 * keys: it is the same browser, where another account signed out and this one signed in.
 */
export async function saveSubscription(
  pool: Pool,
  userId: number,
  subscription: { endpoint: string; p256dh: string; auth: string; device: string | null },
): Promise<void> {
  await pool.query(
    `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, device)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = $2, p256dh = $3, auth = $4, device = $5,
       created_at = now(),
       last_ok_at = CASE WHEN push_subscriptions.user_id = $2 THEN push_subscriptions.last_ok_at END`,
    [subscription.endpoint, userId, subscription.p256dh, subscription.auth, subscription.device],
  );
  await pool.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint NOT IN (
       SELECT endpoint FROM push_subscriptions WHERE user_id = $1
        ORDER BY created_at DESC LIMIT $2)`,
    [userId, PUSH_SUBSCRIPTIONS_MAX],
  );
}

/** Forgets the rep's own subscription at `endpoint`; another rep's is left as it is. */
export async function deleteSubscription(
  pool: Pool,
  userId: number,
  endpoint: string,
): Promise<void> {
  await pool.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [
    userId,
    endpoint,
  ]);
}

export async function subscriptionsOf(pool: Pool, userId: number): Promise<StoredSubscription[]> {
  const { rows } = await pool.query<StoredSubscription>(
    'SELECT endpoint, p256dh, auth, device FROM push_subscriptions WHERE user_id = $1',
    [userId],
  );
  return rows;
}

/** A push service took a message for this browser. */
export async function markDelivered(pool: Pool, userId: number, endpoint: string): Promise<void> {
  await pool.query(
    'UPDATE push_subscriptions SET last_ok_at = now() WHERE user_id = $1 AND endpoint = $2',
    [userId, endpoint],
  );
}
