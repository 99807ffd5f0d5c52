import { Router } from '@koa/router';
import {
  ModelSettingsInput,
  ModelTestInput,
  SettingsErrorCode,
  SetupClaimInput,
  SpeechSettingsInput,
  SpeechTestInput,
  type CapabilitiesResponse,
  type SpeechSettingsResponse,
  type SpeechTestResponse,
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
import { currentSpeechServer, speechServer, transcribe } from '../recordings/speech';
import { readSpeechSettings, saveSpeechSettings } from './speechSettings.sql';
import { currentEngine } from '../research/research';
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

  router.get('/capabilities', async (ctx) => {
    const body: CapabilitiesResponse = {
      modelConnected: !model.offline,
      passwordReset: features.passwordReset,
      speechConfigured: (await currentSpeechServer(ctx, live)) !== null,
      webSearch: (await currentEngine(ctx.pool, ctx.config)) !== null,
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

  router.get('/settings/speech', requireOperator(), async (ctx) => {
    ctx.body = await presentSpeech(ctx as AppContext, live);
  });

  router.put('/settings/speech', requireOperator(), validate(SpeechSettingsInput), async (ctx) => {
    const input = inputOf(ctx, SpeechSettingsInput);
    const env = ctx.config.transcribe.fromEnv;
    // TRANSCRIBE_API_KEY without TRANSCRIBE_BASE_URL fixes the address too (speech.ts speechServer).
    if ((env.baseUrl || env.apiKey) && input.baseUrl !== null)
      throw setByEnvironment('baseUrl', env.baseUrl ? 'TRANSCRIBE_BASE_URL' : 'TRANSCRIBE_API_KEY');
    if (env.apiKey && input.apiKey !== undefined && input.apiKey !== null)
      throw setByEnvironment('apiKey', 'TRANSCRIBE_API_KEY');
    if (env.model && input.model !== ctx.config.transcribe.model)
      throw setByEnvironment('model', 'TRANSCRIBE_MODEL');
    await saveSpeechSettings(ctx.pool, ctx.config.sessionSecret, {
      baseUrl: input.baseUrl,
      apiKey: input.baseUrl === null ? null : input.apiKey,
      model: input.model,
      userId: ctx.state.user!.id,
    });
    ctx.log.info(`user ${ctx.state.user!.id} saved the speech settings (model ${input.model})`);
    ctx.body = await presentSpeech(ctx as AppContext, live);
  });

  router.post(
    '/settings/speech/test',
    requireOperator(),
    rateLimit(testsPerUser, (ctx) => String(ctx.state.user!.id)),
    validate(SpeechTestInput),
    async (ctx) => {
      const input = inputOf(ctx, SpeechTestInput);
      const inUse = await currentSpeechServer(ctx, live);
      const timeoutMs = ctx.config.transcribe.timeoutMs;
      // Omitted: what is in use. A key goes along only to the address it belongs to.
      // null: the chat model's server, whatever is saved.
      const chatServer = input.baseUrl === null ? speechServer(ctx.config, live, null) : null;
      const server =
        input.baseUrl === null
          ? chatServer && { ...chatServer, model: input.model ?? chatServer.model }
          : input.baseUrl !== undefined
            ? {
                baseUrl: input.baseUrl,
                apiKey:
                  input.apiKey ??
                  (inUse && sameServer(input.baseUrl, inUse.baseUrl) ? inUse.apiKey : undefined),
                model: input.model ?? inUse?.model ?? ctx.config.transcribe.model,
                timeoutMs,
              }
            : inUse && { ...inUse, model: input.model ?? inUse.model };
      let body: SpeechTestResponse;
      if (!server)
        body = {
          ok: false,
          message:
            'There is no speech server to test: connect a chat model, or enter a speech server’s address.',
        };
      else
        body = await transcribe(server, { bytes: SILENT_WAV, container: 'wav' }).then(
          () => ({ ok: true as const, model: server.model }),
          (err: Error) => ({
            ok: false as const,
            message: err.message.replace(
              /: Pitchpad will try again\.$|: it will try again\.$/,
              '.',
            ),
          }),
        );
      ctx.body = body;
    },
  );

  return router;
}

/** A second of silence as a WAV file (16 kHz, 16-bit, mono): what 'Test' asks the speech server to hear. */
const SILENT_WAV = (() => {
  const samples = 16_000;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(16_000, 24);
  wav.writeUInt32LE(32_000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  return new Uint8Array(wav);
})();

/** The speech settings as the operator's screen shows them: never the key, only whether there is one. */
async function presentSpeech(
  ctx: AppContext,
  live: LiveGateway | null,
): Promise<SpeechSettingsResponse> {
  const { config } = ctx;
  const stored = await readSpeechSettings(
    ctx.pool,
    config.sessionSecret,
    config.previousSessionSecret,
  );
  const inUse = speechServer(config, live, stored);
  const env = config.transcribe.fromEnv;
  return {
    baseUrl: env.baseUrl ? shownUrl(config.transcribe.baseUrl!) : (stored?.baseUrl ?? null),
    hasApiKey: env.apiKey || Boolean(stored?.apiKey),
    model: env.model ? config.transcribe.model : (stored?.model ?? config.transcribe.model),
    inUse: inUse && {
      baseUrl: inUse.baseUrl ? shownUrl(inUse.baseUrl) : null,
      model: inUse.model,
    },
    locked: { baseUrl: env.baseUrl || env.apiKey, apiKey: env.apiKey, model: env.model },
    updatedAt: stored ? stored.updatedAt.toISOString() : null,
    ...(stored?.apiKeyUnreadable ? { apiKeyUnreadable: true } : {}),
  };
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
