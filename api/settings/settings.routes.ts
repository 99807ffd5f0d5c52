import { Router } from '@koa/router';
import {
  ModelSettingsInput,
  ModelTestInput,
  SettingsErrorCode,
  SetupClaimInput,
  type CapabilitiesResponse,
  type ModelSettingsResponse,
  type SetupStatusResponse,
} from '../../domain/contract/settings';
import type { AppContext, AppDeps, AppState } from '../context';
import { AppError, Unauthorized } from '../errors';
import { effectiveLlm, lockedFields, sameServer, type LiveGateway } from '../llm/live';
import { shownUrl, testModelServer } from '../llm/probe';
import type { LlmGateway } from '../llm/types';
import { clientAddress, rateLimit, loginWindowRule } from '../middleware/rateLimit';
import { requireOperator } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { speechServer } from '../recordings/speech';
import {
  readModelSettings,
  saveModelSettings,
  type StoredModelSettings,
} from './modelSettings.sql';
import { claimSetupToken, operatorExists } from './setupToken';

/** A setup token is guessed as a password is: the same allowance per address as logging in. */
const claimPerIp = loginWindowRule('setup-claim:ip');
/** Each test reaches out to another server: enough for someone trying addresses, not a scanner. */
const testsPerUser = loginWindowRule('model-test:user', 60);

/** A field an environment variable sets, which the request tried to change: 409 naming it. */
const setByEnvironment = (field: string, variable: string) =>
  new AppError(
    409,
    SettingsErrorCode.setByEnvironment,
    `${field} is set by the server's environment (${variable}) and cannot be changed here.`,
    {},
    { [field]: 'Set by the environment' },
  );

const sameList = (a: string[], b: string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * GET /api/setup/status, POST /api/setup/claim, GET /api/capabilities, and Settings → Model:
 * GET and PUT /api/settings/model, POST /api/settings/model/test. `live` is the gateway the settings
 * rebuild (null when a test hands the app a gateway of its own); `model` is the one in use.
 */
export function settingsRoutes(
  model: LlmGateway,
  live: LiveGateway | null,
  features: { passwordReset: boolean },
) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api' });

  router.get('/setup/status', async (ctx) => {
    const body: SetupStatusResponse = { operatorExists: await operatorExists(ctx.pool) };
    ctx.body = body;
  });

  router.post(
    '/setup/claim',
    rateLimit(claimPerIp, (ctx) => clientAddress(ctx.ip)),
    validate(SetupClaimInput),
    async (ctx) => {
      if (!ctx.state.user)
        throw Unauthorized(
          'Sign in or create an account first: the setup link makes that account the operator.',
        );
      const outcome = await claimSetupToken(
        ctx.pool,
        ctx.state.user.id,
        inputOf(ctx, SetupClaimInput).token,
      );
      if (outcome === 'operator_exists')
        throw new AppError(
          409,
          SettingsErrorCode.operatorExists,
          'This Pitchpad server already has its operator. Ask them for access to its settings.',
        );
      if (outcome === 'invalid') {
        throw new AppError(
          403,
          SettingsErrorCode.setupTokenInvalid,
          'This setup link is not valid: it was used already, it expired (a link lasts 24 hours), or a newer one replaced it. Copy the link from the server’s latest start-up lines, or run npm run setup-link on the server for a new one.',
        );
      }
      ctx.log.info(`user ${ctx.state.user.id} claimed the setup link and is now the operator`);
      ctx.body = { ok: true, isOperator: true };
    },
  );

  router.get('/capabilities', (ctx) => {
    const body: CapabilitiesResponse = {
      modelConnected: !model.offline,
      passwordReset: features.passwordReset,
      speechConfigured: speechServer(ctx.config, live) !== null,
    };
    ctx.body = body;
  });

  router.get('/settings/model', requireOperator(), async (ctx) => {
    ctx.body = await present(ctx as AppContext, model);
  });

  router.put('/settings/model', requireOperator(), validate(ModelSettingsInput), async (ctx) => {
    const input = inputOf(ctx, ModelSettingsInput);
    const env = ctx.config.llm;
    const locked = lockedFields(ctx.config);
    // The environment's key goes only to the environment's base URL (or OpenAI's own): both are fixed.
    if (locked.baseUrl && input.baseUrl !== undefined && !sameServer(input.baseUrl, env.baseUrl)) {
      throw setByEnvironment('baseUrl', env.fromEnv.baseUrl ? 'OPENAI_BASE_URL' : 'OPENAI_API_KEY');
    }
    if (env.fromEnv.apiKey && input.apiKey !== undefined)
      throw setByEnvironment('apiKey', 'OPENAI_API_KEY');
    if (env.fromEnv.models) {
      // The screen shows the environment's list read-only and may send it back as it is.
      if (!sameList(input.models, env.models)) throw setByEnvironment('models', 'LLM_MODELS');
      if (input.defaultModel !== env.models[0])
        throw setByEnvironment('defaultModel', 'LLM_MODELS');
    }
    await saveModelSettings(ctx.pool, ctx.config.sessionSecret, {
      // A locked base URL is stored as the address a stored key belongs to: should OPENAI_BASE_URL
      // change later, that key is not sent to the new address (effectiveLlm).
      baseUrl: locked.baseUrl ? (env.baseUrl ? shownUrl(env.baseUrl) : null) : input.baseUrl,
      apiKey: input.apiKey,
      defaultModel: input.defaultModel,
      models: input.models,
      userId: ctx.state.user!.id,
    });
    // This instance answers with the new model from the next request on; the others within seconds.
    await live?.reload();
    ctx.log.info(
      `user ${ctx.state.user!.id} saved the model settings (default model ${input.defaultModel})`,
    );
    ctx.body = await present(ctx as AppContext, model);
  });

  router.post(
    '/settings/model/test',
    requireOperator(),
    rateLimit(testsPerUser, (ctx) => String(ctx.state.user!.id)),
    validate(ModelTestInput),
    async (ctx) => {
      const input = inputOf(ctx, ModelTestInput);
      const stored = await readModelSettings(
        ctx.pool,
        ctx.config.sessionSecret,
        ctx.config.previousSessionSecret,
      );
      // Omitted: what is in use. A key in use (stored or the environment's) goes along only to the
      // address it belongs to; a test of another address without a key of its own sends none.
      const inUse = effectiveLlm(ctx.config, stored);
      const baseUrl = input.baseUrl !== undefined ? input.baseUrl : (inUse.baseUrl ?? null);
      const apiKey =
        input.apiKey !== undefined
          ? input.apiKey
          : sameServer(baseUrl, inUse.baseUrl)
            ? (inUse.apiKey ?? null)
            : null;
      ctx.body = await testModelServer({ baseUrl, apiKey });
    },
  );

  return router;
}

/** The settings as the operator's screen shows them: never the key, only whether there is one. */
async function present(ctx: AppContext, model: LlmGateway): Promise<ModelSettingsResponse> {
  const env = ctx.config.llm;
  const stored: StoredModelSettings | null = await readModelSettings(
    ctx.pool,
    ctx.config.sessionSecret,
    ctx.config.previousSessionSecret,
  );
  const connected = !model.offline;
  const locked = lockedFields(ctx.config);
  return {
    // OPENAI_BASE_URL may carry a user name, password or query: only its origin and path are shown.
    baseUrl: locked.baseUrl
      ? env.baseUrl
        ? shownUrl(env.baseUrl)
        : null
      : (stored?.baseUrl ?? null),
    // Only a key that goes with that address counts (one stored for another is not used).
    hasApiKey: locked.apiKey || Boolean(effectiveLlm(ctx.config, stored).apiKey),
    defaultModel: connected
      ? model.defaultModel
      : locked.models
        ? env.models[0]!
        : (stored?.defaultModel ?? null),
    models: connected
      ? model.models.map((m) => m.id)
      : locked.models
        ? env.models
        : (stored?.models ?? []),
    connected,
    locked,
    updatedAt: stored ? stored.updatedAt.toISOString() : null,
    ...(stored?.apiKeyUnreadable ? { apiKeyUnreadable: true } : {}),
  };
}
