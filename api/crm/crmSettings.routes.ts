import { Router } from '@koa/router';
import {
  CRM_NAMES,
  CRM_PROVIDERS,
  CrmAppInput,
  CrmErrorCode,
  CrmProvider,
  type CrmSettingsResponse,
} from '../../domain/contract/crm';
import type { AppContext, AppDeps, AppState } from '../context';
import { AppError, InvalidRequest, NotFound } from '../errors';
import { requireOperator, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { callbackUrl, secretsOf } from './apps';
import { deleteCrmApp, readCrmApps, saveCrmApp } from './crm.sql';

function providerOf(ctx: { params: Record<string, string | undefined> }): CrmProvider {
  const parsed = CrmProvider.safeParse(ctx.params.provider);
  if (!parsed.success) throw NotFound('CRM');
  return parsed.data;
}

async function present(ctx: AppContext): Promise<CrmSettingsResponse> {
  const stored = await readCrmApps(ctx.pool, secretsOf(ctx.config));
  return {
    apps: CRM_PROVIDERS.map((provider) => {
      const env = ctx.config.crm[provider];
      const fromEnv = Boolean(env.clientId && env.clientSecret);
      const saved = stored[provider];
      const loginUrl =
        provider === 'salesforce'
          ? (!fromEnv && saved?.loginUrl) || ctx.config.crm.salesforce.loginUrl
          : null;
      return {
        provider,
        clientId: fromEnv ? env.clientId! : (saved?.clientId ?? null),
        hasSecret: fromEnv || Boolean(saved?.clientSecret),
        secretUnreadable: !fromEnv && saved !== undefined && saved.clientSecret === null,
        loginUrl,
        fromEnv,
        redirectUri: callbackUrl(ctx.config, provider),
        updatedAt: !fromEnv && saved ? saved.updatedAt.toISOString() : null,
      };
    }),
  };
}

const setByEnvironment = (provider: CrmProvider) =>
  new AppError(
    409,
    CrmErrorCode.notAvailable,
    `${CRM_NAMES[provider]}'s app is set by the server's environment: change it there.`,
  );

/**
 * Settings → Connections, for the operator: GET /api/settings/crm (each CRM's app, never its secret),
 * PUT /api/settings/crm/:provider (save the app: client id, secret, Salesforce's login URL) and
 * DELETE /api/settings/crm/:provider. An app the environment sets is read-only here. Reps see the
 * change on their account page at once; their connections stay.
 */
export function crmSettingsRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/settings/crm' });
  router.use(requireOperator());

  router.get('/', async (ctx) => {
    ctx.body = await present(ctx as AppContext);
  });

  router.put('/:provider', validate(CrmAppInput), async (ctx) => {
    const provider = providerOf(ctx);
    const env = ctx.config.crm[provider];
    if (env.clientId && env.clientSecret) throw setByEnvironment(provider);
    const input = inputOf(ctx, CrmAppInput);
    const saved = (await readCrmApps(ctx.pool, secretsOf(ctx.config)))[provider];
    // An empty secret keeps the saved one, for the same client id: a secret belongs to its app.
    const clientSecret =
      input.clientSecret ||
      (saved?.clientId === input.clientId ? saved.clientSecret : null) ||
      null;
    if (!clientSecret)
      throw InvalidRequest('Enter the app’s client secret.', {
        clientSecret: 'Enter the app’s client secret.',
      });
    await saveCrmApp(ctx.pool, ctx.config.sessionSecret, provider, {
      clientId: input.clientId,
      clientSecret,
      loginUrl:
        provider === 'salesforce' && input.loginUrl ? input.loginUrl.replace(/\/+$/, '') : null,
      userId: userOf(ctx).id,
    });
    ctx.log.info(`user ${userOf(ctx).id} saved the ${CRM_NAMES[provider]} app`);
    ctx.body = await present(ctx as AppContext);
  });

  router.delete('/:provider', async (ctx) => {
    const provider = providerOf(ctx);
    const env = ctx.config.crm[provider];
    if (env.clientId && env.clientSecret) throw setByEnvironment(provider);
    await deleteCrmApp(ctx.pool, provider);
    ctx.log.info(`user ${userOf(ctx).id} removed the ${CRM_NAMES[provider]} app`);
    ctx.body = await present(ctx as AppContext);
  });

  return router;
}
