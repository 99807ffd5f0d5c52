import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PRO_PRICE_MONTHLY: '12', CONTACT_EMAIL: 'team@pitchpad.test' });
});
afterAll(() => server?.close());

describe('GET /api/billing/plans', () => {
  it('answers the one configured price, that payments are not set up without a Stripe key, and that every account gets every tool then', async () => {
    const res = await new TestClient(server.url).get('/api/billing/plans');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pro: { amount: 12, currency: 'USD', interval: 'month' },
      paymentsEnabled: false,
      proOffer: 'everyone',
      contactEmail: 'team@pitchpad.test',
      publishableKey: null,
    });
  });
});
