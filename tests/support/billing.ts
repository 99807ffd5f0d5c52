import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { TestClient, type TestResponse } from './client';
import { startTestServer, type TestServer } from './server';

export interface BillingTestServer {
  /** The app, with payments set up against `stripe`. */
  server: TestServer;
  stripe: FakeStripe;
  /**
   * Posts `event` to the app's Stripe webhook as Stripe does: signed with the server's webhook
   * secret (or `secret`, a wrong one), at `timestamp` (seconds; default now).
   */
  deliver(
    event: Record<string, unknown>,
    opts?: { secret?: string; timestamp?: number },
  ): Promise<TestResponse<{ received: boolean; duplicate: boolean }>>;
  close(): Promise<void>;
}

/**
 * The real app with Stripe set up, its Stripe API the fake (tests/fakes/stripe.ts), for the billing
 * tests: a checkout, a portal session, a webhook event, each against a real database.
 */
export async function startBillingTestServer(webhookSecret: string): Promise<BillingTestServer> {
  const stripe = await startFakeStripe();
  const server = await startTestServer({
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_ID: 'price_pro_monthly',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    APP_URL: 'http://127.0.0.1:8080',
  }).catch(async (error: unknown) => {
    await stripe.close();
    throw error;
  });
  return {
    server,
    stripe,
    deliver(event, { secret = webhookSecret, timestamp } = {}) {
      const { payload, signature } = stripe.sign(event, secret, timestamp);
      return new TestClient(server.url).request<{ received: boolean; duplicate: boolean }>(
        'POST',
        '/api/stripe/webhook',
        payload,
        { csrf: false, headers: { 'stripe-signature': signature } },
      );
    },
    async close() {
      await server.close();
      await stripe.close();
    },
  };
}
