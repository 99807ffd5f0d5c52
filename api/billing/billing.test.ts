import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { loggedInClient } from '../../tests/factories/users';
import { startBillingTestServer } from '../../tests/support/billing';

const WEBHOOK_SECRET = 'whsec_test_secret';
const { stripe, server, deliver, close } = await startBillingTestServer(WEBHOOK_SECRET);
afterAll(close);

const subscriptionOf = async (client: TestClient) =>
  (await client.get('/api/user/subscription')).body;
/** A free user who has opened the embedded checkout: answers them, their session id and their client. */
async function checkoutStarted() {
  const buyer = await loggedInClient(server);
  const res = await buyer.client.post('/api/create-checkout-session', {});
  const sessionId = String(res.body.clientSecret).replace(/_secret_fake$/, '');
  return { ...buyer, sessionId };
}

describe('GET /api/billing/plans with Stripe set up', () => {
  it('says payments work and hands the browser the publishable key, never the secret', async () => {
    const res = await new TestClient(server.url).get('/api/billing/plans');
    expect(res.body).toMatchObject({ paymentsEnabled: true, publishableKey: 'pk_test_123' });
    expect(res.text).not.toContain('sk_test_123');
  });
});

describe('POST /api/create-checkout-session', () => {
  it('creates the Stripe customer once and an embedded subscription checkout', async () => {
    const { client, user } = await loggedInClient(server);
    const res = await client.post('/api/create-checkout-session', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ clientSecret: expect.stringMatching(/^cs_test_\w+_secret_fake$/) });
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      ui_mode: 'embedded_page',
      client_reference_id: String(user.id),
      return_url: 'http://127.0.0.1:8080/checkout/completed?session_id={CHECKOUT_SESSION_ID}',
      line_items_in: [{ price: 'price_pro_monthly', quantity: '1' }],
    });
    const customerId = (
      await server.pool.query('SELECT stripe_customer_id FROM users WHERE id = $1', [user.id])
    ).rows[0].stripe_customer_id;
    expect(stripe.customers.get(customerId)).toMatchObject({ email: user.email });
    await client.post('/api/create-checkout-session', {});
    expect([...stripe.sessions.values()].at(-1)!.customer).toBe(customerId);
    expect([...stripe.customers.values()].filter((c) => c.email === user.email)).toHaveLength(1);
  });

  it('answers {url} for the hosted page', async () => {
    const { client } = await loggedInClient(server);
    const res = await client.post('/api/create-checkout-session', { uiMode: 'hosted' });
    expect(res.body).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//) });
  });

  it('answers 401 asking to log in when logged out, 400 for a bad mode, 403 without CSRF', async () => {
    const guest = await new TestClient(server.url).post('/api/create-checkout-session', {});
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBe('Please log in to continue with checkout.');
    const { client } = await loggedInClient(server);
    expect((await client.post('/api/create-checkout-session', { uiMode: 'popup' })).status).toBe(
      400,
    );
    expect((await client.post('/api/create-checkout-session', {}, { csrf: false })).status).toBe(
      403,
    );
  });

  it('answers the checkout error when Stripe is down, and writes nothing', async () => {
    const { client, user } = await loggedInClient(server);
    stripe.failNext(500);
    stripe.failNext(500);
    const res = await client.post('/api/create-checkout-session', {});
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      code: 'checkout_failed',
      message: 'Failed to initialize checkout. Please try again.',
    });
    expect(
      (await server.pool.query('SELECT stripe_customer_id FROM users WHERE id = $1', [user.id]))
        .rows[0].stripe_customer_id,
    ).toBeNull();
  });

  it('refuses a second subscription', async () => {
    const { client, sessionId } = await checkoutStarted();
    const { completed } = stripe.completeCheckout(sessionId);
    await deliver(completed);
    const res = await client.post('/api/create-checkout-session', {});
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('already_subscribed');
  });
});

describe('POST /api/stripe/webhook', () => {
  it('turns Pro on at checkout completion, once however often the event comes', async () => {
    const { client, sessionId } = await checkoutStarted();
    expect(await subscriptionOf(client)).toMatchObject({
      subscriptionTier: 'none',
      isActive: false,
    });
    const { completed } = stripe.completeCheckout(sessionId);
    expect((await deliver(completed)).body).toEqual({ received: true, duplicate: false });
    expect((await deliver(completed)).body).toEqual({ received: true, duplicate: true });
    expect(await subscriptionOf(client)).toMatchObject({
      subscriptionTier: 'pro',
      isActive: true,
      stripeSubscriptionId: expect.stringMatching(/^sub_/),
    });
    expect(
      (
        await server.pool.query('SELECT count(*)::int AS n FROM stripe_events WHERE id = $1', [
          completed.id,
        ])
      ).rows[0].n,
    ).toBe(1);
  });

  it('ends Pro when Stripe says the subscription ended', async () => {
    const { client, sessionId } = await checkoutStarted();
    const { completed } = stripe.completeCheckout(sessionId);
    await deliver(completed);
    const subId = (await subscriptionOf(client)).stripeSubscriptionId;
    await deliver(stripe.setSubscriptionStatus(subId, 'canceled'));
    expect(await subscriptionOf(client)).toMatchObject({
      subscriptionTier: 'none',
      isActive: false,
    });
  });

  it('lands on the right state when events arrive out of order', async () => {
    const { client, sessionId } = await checkoutStarted();
    const { completed, created } = stripe.completeCheckout(sessionId);
    const subId = String((created.data as { object: { id: string } }).object.id);
    const pastDue = stripe.setSubscriptionStatus(subId, 'past_due');
    const active = stripe.setSubscriptionStatus(subId, 'active');
    // Stripe's latest word is 'active'; the events come newest first, then the older ones.
    await deliver(active);
    await deliver(completed);
    await deliver(pastDue);
    await deliver(created);
    expect(await subscriptionOf(client)).toMatchObject({ subscriptionTier: 'pro', isActive: true });
  });

  it('refuses a bad or missing signature with 400, changing nothing', async () => {
    const { client, sessionId } = await checkoutStarted();
    const { completed } = stripe.completeCheckout(sessionId);
    expect((await deliver(completed, { secret: 'whsec_wrong' })).status).toBe(400);
    const unsigned = await new TestClient(server.url).request(
      'POST',
      '/api/stripe/webhook',
      JSON.stringify(completed),
      { csrf: false },
    );
    expect(unsigned.status).toBe(400);
    expect(await subscriptionOf(client)).toMatchObject({
      subscriptionTier: 'none',
      isActive: false,
    });
    expect(
      (
        await server.pool.query('SELECT count(*)::int AS n FROM stripe_events WHERE id = $1', [
          completed.id,
        ])
      ).rows[0].n,
    ).toBe(0);
  });
});

describe('GET /api/checkout-session/:id', () => {
  it('reports a paid checkout and applies it before the webhook arrives', async () => {
    const { client, sessionId } = await checkoutStarted();
    expect((await client.get(`/api/checkout-session/${sessionId}`)).body).toEqual({
      status: 'open',
      paymentStatus: 'unpaid',
      subscriptionActive: false,
    });
    stripe.completeCheckout(sessionId);
    expect((await client.get(`/api/checkout-session/${sessionId}`)).body).toEqual({
      status: 'complete',
      paymentStatus: 'paid',
      subscriptionActive: true,
    });
    expect(await subscriptionOf(client)).toMatchObject({ subscriptionTier: 'pro', isActive: true });
  });

  it("answers 404 for Alice's session to Bob, and for an unknown id", async () => {
    const alice = await checkoutStarted();
    const bob = await loggedInClient(server);
    stripe.completeCheckout(alice.sessionId);
    expect((await bob.client.get(`/api/checkout-session/${alice.sessionId}`)).status).toBe(404);
    expect(await subscriptionOf(bob.client)).toMatchObject({ isActive: false });
    expect((await bob.client.get('/api/checkout-session/cs_test_nope')).status).toBe(404);
    expect(
      (await new TestClient(server.url).get(`/api/checkout-session/${alice.sessionId}`)).status,
    ).toBe(401);
  });
});

describe('POST /api/billing-portal', () => {
  it('opens the portal for a customer, and refuses one without a payment method', async () => {
    const { client, sessionId } = await checkoutStarted();
    stripe.completeCheckout(sessionId);
    expect((await client.post('/api/billing-portal')).body).toEqual({
      url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//),
    });
    const fresh = await loggedInClient(server);
    expect((await fresh.client.post('/api/billing-portal')).status).toBe(409);
  });
});

describe('without a Stripe key', () => {
  it('says payments are not set up, and never pretends success', async () => {
    const plain = await startTestServer();
    try {
      const { client } = await loggedInClient(plain);
      const res = await client.post('/api/create-checkout-session', {});
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        code: 'payments_not_configured',
        message: 'Payments are not set up on this server yet.',
      });
      expect((await client.get('/api/billing/plans')).body.paymentsEnabled).toBe(false);
      expect(await subscriptionOf(client)).toMatchObject({ isActive: false });
    } finally {
      await plain.close();
    }
  });
});
