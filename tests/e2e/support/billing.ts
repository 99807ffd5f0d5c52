import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';

/** The Stripe fake's own address (playwright.config.ts starts it; tests/fakes/stripe-server.ts). */
export const FAKE_STRIPE_URL = `http://127.0.0.1:${process.env.E2E_FAKE_STRIPE_PORT ?? 8093}`;

async function csrfToken(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken;
}

/** Opens an embedded checkout for the user signed in on `request` and answers its Stripe session id. */
export async function startCheckout(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/create-checkout-session', {
    data: {},
    headers: { 'x-csrf-token': await csrfToken(request) },
  });
  expect(res.status(), 'create-checkout-session').toBe(200);
  const { clientSecret } = (await res.json()) as { clientSecret: string };
  // The fake's client secrets are '<session id>_secret_fake'.
  return clientSecret.replace(/_secret_fake$/, '');
}

/** Pays the session in the Stripe fake, which then delivers the signed webhooks to the app, as Stripe does. */
export async function payCheckout(request: APIRequestContext, sessionId: string): Promise<void> {
  const res = await request.post(`${FAKE_STRIPE_URL}/__test/checkout/${sessionId}/pay`);
  expect(res.status(), `paying ${sessionId}: ${await res.text()}`).toBe(200);
}

/**
 * Makes the user signed in on `request` a paying Pro subscriber the way production does: a checkout,
 * paid at Stripe, announced by signed webhooks. Answers the paid checkout's session id.
 */
export async function upgradeToPro(request: APIRequestContext): Promise<string> {
  const sessionId = await startCheckout(request);
  await payCheckout(request, sessionId);
  const subscription = (await (await request.get('/api/user/subscription')).json()) as {
    subscriptionTier: string;
    isActive: boolean;
  };
  expect(subscription, 'the webhooks made the user Pro').toMatchObject({
    subscriptionTier: 'pro',
    isActive: true,
  });
  return sessionId;
}
