import { Router } from '@koa/router';
import type { PlansResponse } from '../../domain/contract/billing';
import type { AppDeps, AppState } from '../context';

/** GET /api/billing/plans: the one server-configured price, shown on every screen so no two disagree. */
export function planRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/billing' });
  router.get('/plans', (ctx) => {
    const { pricing, stripe, contactEmail } = ctx.config;
    const body: PlansResponse = {
      pro: { amount: pricing.amount, currency: pricing.currency, interval: 'month' },
      paymentsEnabled: Boolean(stripe.secretKey && stripe.priceId),
      contactEmail,
      publishableKey: stripe.secretKey && stripe.priceId ? (stripe.publishableKey ?? null) : null,
    };
    ctx.body = body;
  });
  return router;
}
