import { Router } from '@koa/router';
import type { PlansResponse } from '../../domain/contract/billing';
import { paymentsEnabled } from '../config';
import type { AppDeps, AppState } from '../context';
import { readPlanRule } from './planSettings.sql';

/**
 * GET /api/billing/plans: the one server-configured price, shown on every screen so no two disagree,
 * and how a rep gets Pro on this server (checkout, every account, or the operator's grant).
 */
export function planRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/billing' });
  router.get('/plans', async (ctx) => {
    const { pricing, stripe, contactEmail } = ctx.config;
    const payments = paymentsEnabled(ctx.config);
    const body: PlansResponse = {
      pro: { amount: pricing.amount, currency: pricing.currency, interval: 'month' },
      paymentsEnabled: payments,
      proOffer: payments
        ? 'checkout'
        : (await readPlanRule(ctx.pool)).everyAccountPro
          ? 'everyone'
          : 'granted',
      contactEmail,
      publishableKey: payments ? (stripe.publishableKey ?? null) : null,
    };
    ctx.body = body;
  });
  return router;
}
