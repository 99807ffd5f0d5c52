import { Router } from '@koa/router';
import {
  PlanAccountSearch,
  PlanSettingsErrorCode,
  PlanSettingsInput,
  type PlanAccountsResponse,
  type PlanGrantResponse,
  type PlanSettingsResponse,
} from '../../domain/contract/planSettings';
import { paymentsEnabled } from '../config';
import type { AppContext, AppDeps, AppState } from '../context';
import { AppError, InvalidRequest, NotFound } from '../errors';
import { requireOperator, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import {
  grantedAccounts,
  readPlanRule,
  savePlanRule,
  searchAccounts,
  setGrant,
} from './planSettings.sql';

/**
 * Settings → Plans, for the operator: GET and PUT /api/settings/plans (who gets the Pro tools on a
 * server without payments), GET /api/settings/plans/accounts?q= (find an account), and PUT and
 * DELETE /api/settings/plans/grants/:userId (grant or revoke Pro). Every change counts from the
 * account's next request: the session's read carries it (auth/lucia.ts).
 */
export function planSettingsRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/settings/plans' });
  router.use(requireOperator());

  router.get('/', async (ctx) => {
    ctx.body = await present(ctx as AppContext);
  });

  router.put('/', validate(PlanSettingsInput), async (ctx) => {
    if (paymentsEnabled(ctx.config))
      throw new AppError(
        409,
        PlanSettingsErrorCode.paymentsEnabled,
        'Payments are set up on this server, so Pro is sold through checkout: the choice of who gets every tool applies only without payments. Grants still work.',
      );
    const { everyAccountPro } = inputOf(ctx, PlanSettingsInput);
    await savePlanRule(ctx.pool, everyAccountPro, userOf(ctx).id);
    ctx.log.info(
      `user ${userOf(ctx).id} set the plans to ${everyAccountPro ? 'every account gets every tool' : 'only granted accounts'}`,
    );
    ctx.body = await present(ctx as AppContext);
  });

  router.get('/accounts', validate(PlanAccountSearch, 'query'), async (ctx) => {
    const body: PlanAccountsResponse = {
      accounts: await searchAccounts(
        ctx.pool,
        inputOf(ctx, PlanAccountSearch).q,
        paymentsEnabled(ctx.config),
      ),
    };
    ctx.body = body;
  });

  for (const [method, granted] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    router[method]('/grants/:userId', async (ctx) => {
      const userId = Number(ctx.params.userId);
      if (!/^\d{1,10}$/.test(ctx.params.userId ?? '') || !Number.isSafeInteger(userId))
        throw InvalidRequest('userId: an account is named by its number.');
      const account = await setGrant(ctx.pool, userId, granted, paymentsEnabled(ctx.config));
      if (!account) throw NotFound('Account');
      ctx.log.info(
        `user ${userOf(ctx).id} ${granted ? 'granted' : 'revoked'} Pro for user ${userId}`,
      );
      const body: PlanGrantResponse = { account };
      ctx.body = body;
    });
  }

  return router;
}

async function present(ctx: AppContext): Promise<PlanSettingsResponse> {
  const payments = paymentsEnabled(ctx.config);
  const [rule, granted] = await Promise.all([
    readPlanRule(ctx.pool),
    grantedAccounts(ctx.pool, payments),
  ]);
  return {
    paymentsEnabled: payments,
    everyAccountPro: rule.everyAccountPro,
    updatedAt: rule.updatedAt?.toISOString() ?? null,
    granted,
  };
}
