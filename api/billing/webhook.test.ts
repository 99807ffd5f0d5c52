// Stripe retries for days and does not promise order, so the webhook decides from the subscription
// Stripe reports now and from which one is the user's current one.
import { afterAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../tests/factories/users';
import { startBillingTestServer } from '../../tests/support/billing';
import { applySubscription } from './applySubscription';
import { createStripe } from './stripe';

const WEBHOOK_SECRET = 'whsec_test_late_events';
const { stripe, server, deliver, close } = await startBillingTestServer(WEBHOOK_SECRET);
afterAll(close);

type Buyer = Awaited<ReturnType<typeof loggedInClient>>;

/** The buyer opens a checkout (a pricing-page tab): answers its session id. */
async function openCheckout(buyer: Buyer): Promise<string> {
  const res = await buyer.client.post('/api/create-checkout-session', {});
  expect(res.status).toBe(200);
  return String(res.body.clientSecret).replace(/_secret_fake$/, '');
}

/** The buyer pays that checkout at Stripe: answers the new subscription's id and the events Stripe will send. */
function pay(sessionId: string) {
  const { completed, created } = stripe.completeCheckout(sessionId);
  return {
    sessionId,
    subId: String((created.data as { object: { id: string } }).object.id),
    completed,
    created,
  };
}

/** The users row and GET /api/user/subscription both say `plan`. */
async function expectPlan(buyer: Buyer, plan: { pro: boolean; subscriptionId: string }) {
  const row = (
    await server.pool.query(
      'SELECT subscription_tier, subscription_active, stripe_subscription_id FROM users WHERE id = $1',
      [buyer.user.id],
    )
  ).rows[0];
  expect(row).toEqual({
    subscription_tier: plan.pro ? 'pro' : 'none',
    subscription_active: plan.pro ? 'true' : 'false',
    stripe_subscription_id: plan.subscriptionId,
  });
  expect((await buyer.client.get('/api/user/subscription')).body).toMatchObject({
    subscriptionTier: plan.pro ? 'pro' : 'none',
    isActive: plan.pro,
    stripeSubscriptionId: plan.subscriptionId,
  });
}

describe('late and replayed Stripe events', () => {
  it('old subscription cancelled, new one bought: a late update or redelivered deletion of the old one leaves Pro on the new one', async () => {
    const buyer = await loggedInClient(server);
    const first = pay(await openCheckout(buyer));
    await deliver(first.created);
    await deliver(first.completed);
    const ended = stripe.cancelSubscription(first.subId);
    await deliver(ended.deleted);
    await expectPlan(buyer, { pro: false, subscriptionId: first.subId });

    const second = pay(await openCheckout(buyer));
    await deliver(second.completed);
    await expectPlan(buyer, { pro: true, subscriptionId: second.subId });

    // Days later Stripe retries the old subscription's events, in any order.
    expect((await deliver(ended.updated)).body).toEqual({ received: true, duplicate: false });
    expect((await deliver(ended.deleted)).body).toEqual({ received: true, duplicate: true });
    expect((await deliver(first.created)).body).toEqual({ received: true, duplicate: true });
    await expectPlan(buyer, { pro: true, subscriptionId: second.subId });
  });

  it("the new checkout's completion arrives before the old subscription's deletion: still Pro", async () => {
    const buyer = await loggedInClient(server);
    // Two checkouts opened before either was paid (two tabs).
    const [tabA, tabB] = [await openCheckout(buyer), await openCheckout(buyer)];
    const first = pay(tabA);
    await deliver(first.completed);
    await expectPlan(buyer, { pro: true, subscriptionId: first.subId });

    // The old subscription ends at Stripe, but its events are still on their way.
    const ended = stripe.cancelSubscription(first.subId);
    const second = pay(tabB);
    await deliver(second.completed);
    await expectPlan(buyer, { pro: true, subscriptionId: second.subId });

    await deliver(ended.deleted);
    await deliver(ended.updated);
    await deliver(first.created);
    await expectPlan(buyer, { pro: true, subscriptionId: second.subId });
  });

  it('an old checkout.session.completed (or its result page) after a new subscription never switches back, whether the old one is cancelled or active at Stripe now', async () => {
    // The old subscription was cancelled: its late completion must neither switch nor grant.
    const buyer = await loggedInClient(server);
    const first = pay(await openCheckout(buyer));
    await deliver(first.created);
    await deliver(stripe.cancelSubscription(first.subId).deleted);
    const second = pay(await openCheckout(buyer));
    await deliver(second.completed);
    await expectPlan(buyer, { pro: true, subscriptionId: second.subId });
    await deliver(first.completed);
    await expectPlan(buyer, { pro: true, subscriptionId: second.subId });
    // The result page of the old checkout (a bookmarked tab) follows the same rule.
    expect((await buyer.client.get(`/api/checkout-session/${first.sessionId}`)).body).toEqual({
      status: 'complete',
      paymentStatus: 'paid',
      subscriptionActive: true,
    });
    await expectPlan(buyer, { pro: true, subscriptionId: second.subId });

    // The old subscription went past_due, the buyer subscribed again, then the old one recovered:
    // both are active at Stripe now, and the current one stays current.
    const other = await loggedInClient(server);
    const old = pay(await openCheckout(other));
    await deliver(old.completed);
    await deliver(stripe.setSubscriptionStatus(old.subId, 'past_due'));
    await expectPlan(other, { pro: false, subscriptionId: old.subId });
    const renewed = pay(await openCheckout(other));
    await deliver(renewed.completed);
    await expectPlan(other, { pro: true, subscriptionId: renewed.subId });
    await deliver(stripe.setSubscriptionStatus(old.subId, 'active'));
    await deliver(old.created);
    await expectPlan(other, { pro: true, subscriptionId: renewed.subId });
    expect(
      (await other.client.get(`/api/checkout-session/${old.sessionId}`)).body.subscriptionActive,
    ).toBe(true);
    await expectPlan(other, { pro: true, subscriptionId: renewed.subId });
  });

  it('the same event delivered again, even at once, is applied once', async () => {
    const buyer = await loggedInClient(server);
    const first = pay(await openCheckout(buyer));
    const answers = await Promise.all([
      deliver(first.completed),
      deliver(first.completed),
      deliver(first.completed),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    const ended = stripe.cancelSubscription(first.subId);
    await deliver(ended.deleted);
    expect((await deliver(first.completed)).body).toEqual({ received: true, duplicate: true });
    await expectPlan(buyer, { pro: false, subscriptionId: first.subId });
    const recorded = await server.pool.query('SELECT id FROM stripe_events WHERE id = ANY($1)', [
      [first.completed.id, ended.deleted.id],
    ]);
    expect(recorded.rowCount).toBe(2);
  });

  it('a stale reading of the current subscription written last (two deliveries racing) is corrected to what Stripe says now', async () => {
    const buyer = await loggedInClient(server);
    const paid = pay(await openCheckout(buyer));
    await deliver(paid.completed);
    const sdk = createStripe(server.config)!;
    // The result page reads the subscription while it is still active...
    const readBeforeCancel = await sdk.subscriptions.retrieve(paid.subId);
    // ...the customer cancels, and the cancellation's webhook writes first...
    await deliver(stripe.cancelSubscription(paid.subId).deleted);
    await expectPlan(buyer, { pro: false, subscriptionId: paid.subId });
    // ...then the result page's stale reading is written: Pro must not come back.
    expect(
      await applySubscription(server.pool, sdk, { userId: buyer.user.id }, readBeforeCancel),
    ).toBe(false);
    await expectPlan(buyer, { pro: false, subscriptionId: paid.subId });
  });

  it('cancelling the current subscription ends Pro, also after a resubscription', async () => {
    const buyer = await loggedInClient(server);
    const first = pay(await openCheckout(buyer));
    await deliver(first.completed);
    await deliver(stripe.cancelSubscription(first.subId).deleted);
    await expectPlan(buyer, { pro: false, subscriptionId: first.subId });
    const second = pay(await openCheckout(buyer));
    await deliver(second.completed);
    const ended = stripe.cancelSubscription(second.subId);
    await deliver(ended.updated);
    await expectPlan(buyer, { pro: false, subscriptionId: second.subId });
    await deliver(ended.deleted);
    await expectPlan(buyer, { pro: false, subscriptionId: second.subId });
  });

  it('two checkouts paid in two tabs: cancelling the current subscription hands Pro to the one still paid for', async () => {
    const buyer = await loggedInClient(server);
    const [tabA, tabB] = [await openCheckout(buyer), await openCheckout(buyer)];
    const first = pay(tabA);
    const second = pay(tabB);
    await deliver(first.completed);
    await deliver(second.completed);
    await expectPlan(buyer, { pro: true, subscriptionId: first.subId });
    await deliver(stripe.cancelSubscription(first.subId).deleted);
    await expectPlan(buyer, { pro: true, subscriptionId: second.subId });
    await deliver(stripe.cancelSubscription(second.subId).deleted);
    await expectPlan(buyer, { pro: false, subscriptionId: second.subId });
  });

  it('past_due or unpaid on the current subscription pause Pro until it is active again', async () => {
    const buyer = await loggedInClient(server);
    const first = pay(await openCheckout(buyer));
    await deliver(first.completed);
    await deliver(stripe.setSubscriptionStatus(first.subId, 'past_due'));
    await expectPlan(buyer, { pro: false, subscriptionId: first.subId });
    await deliver(stripe.setSubscriptionStatus(first.subId, 'active'));
    await expectPlan(buyer, { pro: true, subscriptionId: first.subId });
    await deliver(stripe.setSubscriptionStatus(first.subId, 'unpaid'));
    await expectPlan(buyer, { pro: false, subscriptionId: first.subId });
  });

  it('a past_due subscription replaced by a new one, then cancelled by Stripe: the new one keeps Pro', async () => {
    const buyer = await loggedInClient(server);
    const first = pay(await openCheckout(buyer));
    await deliver(first.completed);
    await deliver(stripe.setSubscriptionStatus(first.subId, 'past_due'));
    const second = pay(await openCheckout(buyer));
    await deliver(second.created);
    await deliver(second.completed);
    await expectPlan(buyer, { pro: true, subscriptionId: second.subId });
    // Stripe gives up retrying the old one's payment and cancels it.
    await deliver(stripe.cancelSubscription(first.subId).deleted);
    await expectPlan(buyer, { pro: true, subscriptionId: second.subId });
  });
});

describe('webhook timestamps', () => {
  it('a signed event timestamped more than 5 minutes in the future is refused with 400, nothing applied', async () => {
    const buyer = await loggedInClient(server);
    const first = pay(await openCheckout(buyer));
    const now = Math.floor(Date.now() / 1000);
    const future = await deliver(first.completed, { timestamp: now + 301 });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ code: 'invalid_request' });
    expect(
      (await server.pool.query('SELECT 1 FROM stripe_events WHERE id = $1', [first.completed.id]))
        .rowCount,
    ).toBe(0);
    expect((await buyer.client.get('/api/user/subscription')).body).toMatchObject({
      subscriptionTier: 'none',
      isActive: false,
    });
    // A sender's clock a little ahead is fine.
    expect((await deliver(first.completed, { timestamp: now + 60 })).status).toBe(200);
    await expectPlan(buyer, { pro: true, subscriptionId: first.subId });
  });
});
