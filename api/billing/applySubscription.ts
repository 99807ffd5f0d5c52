// The one rule for what a subscription means for a user's plan, used by the signed webhook and by
// the result page's own check. Stripe retries events for days and does not promise
// their order, so an event is only a reason to look: the plan follows the subscription as Stripe
// reports it now, and only the user's current subscription (users.stripe_subscription_id) can end
// their Pro. A late event about an old subscription therefore changes nothing.
import type { Pool } from 'pg';
import { findSubscriber, setSubscription, type Subscriber } from './billing.sql';
import { isActiveStatus, type Stripe } from './stripe';

export type { Subscriber };

/**
 * Apply `subscription`, as retrieved from Stripe just now, to its user's plan. The user's current
 * subscription decides whatever its status; another one takes over only when it is active and the
 * current one is not (someone subscribing again after an ended or unpaid subscription). Answers
 * whether the user has Pro afterwards, or null when no user owns the subscription.
 */
export async function applySubscription(
  db: Pool,
  stripe: Stripe,
  who: Subscriber,
  subscription: Stripe.Subscription,
  rereads = 2,
): Promise<boolean | null> {
  const user = await findSubscriber(db, who);
  if (!user) return null;
  const current = user.currentSubscriptionId;
  const decides =
    subscription.id === current ||
    (isActiveStatus(subscription.status) && !(await isActiveNow(stripe, current)));
  if (!decides) return user.pro;
  // When the current one ends while the customer still pays for another (two checkouts paid in
  // two tabs), that one carries Pro on rather than waiting a month for its next event.
  const next = isActiveStatus(subscription.status)
    ? subscription
    : ((await anotherActiveSubscription(stripe, subscription)) ?? subscription);
  const active = isActiveStatus(next.status);
  if (
    await setSubscription(db, user.id, current, {
      customerId: customerOf(next),
      subscriptionId: next.id,
      active,
    })
  ) {
    // Two deliveries about one subscription may read Stripe in one order and write in the other (the
    // result page read 'active', the cancellation's webhook read 'canceled' and wrote first). Read it
    // once more after writing: the last writer then always leaves what Stripe says now, and no
    // connection is held across a call to Stripe.
    const now = rereads > 0 ? await stripe.subscriptions.retrieve(next.id) : next;
    return isActiveStatus(now.status) === active
      ? active
      : applySubscription(db, stripe, { userId: user.id }, now, rereads - 1);
  }
  // Another delivery changed the current subscription meanwhile: its decision stands.
  return (await findSubscriber(db, { userId: user.id }))?.pro ?? false;
}

const customerOf = (subscription: Stripe.Subscription) =>
  typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;

/** An active subscription of the same customer other than `ended`, if Stripe has one. */
async function anotherActiveSubscription(
  stripe: Stripe,
  ended: Stripe.Subscription,
): Promise<Stripe.Subscription | undefined> {
  const { data } = await stripe.subscriptions.list({ customer: customerOf(ended), limit: 10 });
  return data.find((s) => s.id !== ended.id && isActiveStatus(s.status));
}

/** Whether Stripe reports the subscription active now (one that Stripe no longer knows is not). */
async function isActiveNow(stripe: Stripe, subscriptionId: string | null): Promise<boolean> {
  if (!subscriptionId) return false;
  try {
    return isActiveStatus((await stripe.subscriptions.retrieve(subscriptionId)).status);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return false;
    throw err;
  }
}
