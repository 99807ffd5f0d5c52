// The gateway as an operator configures it: the environment's model settings merged with what
// Settings → Model stored in Postgres (env wins field by field), rebuilt when those change. Every
// instance on the database notices a save within POLL_MS (it looks at model_settings.updated_at at
// most that often, on the next request that needs it); the instance that saved rebuilds at once.
import type { Config } from '../config';
import type { Pool } from '../db';
import type { Logger } from '../log';
import {
  modelSettingsVersion,
  readModelSettings,
  type StoredModelSettings,
} from '../settings/modelSettings.sql';
import { createGateway } from './gateway';
import { shownUrl } from './probe';
import type { LlmGateway } from './types';

/** How stale an instance's view of the stored settings may be. */
export const POLL_MS = 2000;

export interface LiveGateway extends LlmGateway {
  /** Re-read the stored settings now (this instance just saved them). */
  reload(): Promise<void>;
  /** Re-read them when the last look is older than POLL_MS; cheap otherwise. */
  freshen(): Promise<void>;
  /** The stored settings as last read (null: none saved). The key is inside: never send it anywhere. */
  readonly stored: StoredModelSettings | null;
  /** The configuration the current gateway was built from. */
  readonly effective: Config['llm'];
  /**
   * The concrete gateway in force now. A call that takes time before it asks the model (metered.ts
   * counts and reserves first) holds on to this one, so a save in between cannot switch it halfway
   * (metered as a model call, answered by the offline drafter; or the other way round).
   */
  current(): LlmGateway;
}

const serverOf = (url: string | null | undefined) => (url ? shownUrl(url) : null);

/**
 * Two model server addresses are the same server (undefined and null both mean OpenAI's own): the
 * same origin and path, whatever user name or query an OPENAI_BASE_URL carries.
 */
export function sameServer(a: string | null | undefined, b: string | null | undefined): boolean {
  return serverOf(a) === serverOf(b);
}

/**
 * The model settings in force. A key and the base URL it was given for are one pair: a key goes
 * only to its own server, never to an address someone entered later. So when the environment sets
 * OPENAI_API_KEY, the base URL is the environment's too (OPENAI_BASE_URL, else OpenAI's own); when
 * it sets only OPENAI_BASE_URL, a stored key is used only if it was saved for that address. The
 * model list comes from the environment when it sets one, else from the stored settings. A server
 * found by the local-model probe (main.ts) is used only when neither the environment nor the
 * operator names one.
 */
export function effectiveLlm(config: Config, stored: StoredModelSettings | null): Config['llm'] {
  const env = config.llm;
  const storedServer = Boolean(stored && (stored.baseUrl || stored.apiKey));
  const envServer = env.fromEnv.apiKey || env.fromEnv.baseUrl;
  // With neither, config.llm.baseUrl (if any) is the probe's find, with the models it listed.
  const probed = !envServer && !storedServer && Boolean(env.baseUrl);
  let apiKey: string | undefined;
  let baseUrl: string | undefined;
  if (env.fromEnv.apiKey) {
    apiKey = env.apiKey;
    baseUrl = env.fromEnv.baseUrl ? env.baseUrl : undefined;
  } else if (env.fromEnv.baseUrl) {
    baseUrl = env.baseUrl;
    apiKey = stored?.apiKey && sameServer(stored.baseUrl, env.baseUrl) ? stored.apiKey : undefined;
  } else {
    apiKey = stored?.apiKey ?? undefined;
    baseUrl = stored?.baseUrl ?? (storedServer ? undefined : env.baseUrl);
  }
  const useStoredModels = !env.fromEnv.models && !probed && Boolean(stored?.models.length);
  const models = useStoredModels ? stored!.models : env.models;
  const defaultModel =
    useStoredModels && stored!.defaultModel && models.includes(stored!.defaultModel)
      ? stored!.defaultModel
      : models[0];
  return { ...env, apiKey, baseUrl, models, defaultModel };
}

/** Which settings the environment fixes. A key set there fixes its base URL too (see effectiveLlm). */
export function lockedFields(config: Config): {
  baseUrl: boolean;
  apiKey: boolean;
  models: boolean;
} {
  const env = config.llm.fromEnv;
  return { baseUrl: env.baseUrl || env.apiKey, apiKey: env.apiKey, models: env.models };
}

export function isLiveGateway(gateway: LlmGateway): gateway is LiveGateway {
  return typeof (gateway as Partial<LiveGateway>).freshen === 'function';
}

export function liveGateway(deps: { config: Config; pool: Pool; log: Logger }): LiveGateway {
  const { config, pool, log } = deps;
  let stored: StoredModelSettings | null = null;
  let effective = config.llm;
  let current = createGateway(config);
  let version: string | null = null;
  let lookedAt = 0;
  let inFlight: Promise<void> | null = null;

  async function rebuild(): Promise<void> {
    const settings = await readModelSettings(
      pool,
      config.sessionSecret,
      config.previousSessionSecret,
    );
    if (settings?.apiKeyUnreadable)
      log.warn(
        'the stored model API key cannot be read with this SESSION_SECRET (was it changed?): an operator must enter it again in Settings → Model',
      );
    stored = settings;
    effective = effectiveLlm(config, settings);
    current = createGateway({ ...config, llm: effective });
    version = settings?.version ?? null;
  }

  /** Look at the version; rebuild when it moved. One look at a time, shared by concurrent callers. */
  function look(force: boolean): Promise<void> {
    inFlight ??= (async () => {
      try {
        lookedAt = Date.now();
        if (force || (await modelSettingsVersion(pool)) !== version) await rebuild();
      } catch (err) {
        // The database hiccuped: keep answering with what we have, and look again next time.
        lookedAt = 0;
        log.warn(`reading the model settings failed: ${(err as Error).message}`);
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  return {
    get offline() {
      return current.offline;
    },
    get models() {
      return current.models;
    },
    get defaultModel() {
      return current.defaultModel;
    },
    get stored() {
      return stored;
    },
    get effective() {
      return effective;
    },
    current: () => current,
    resolveModel: (requested) => current.resolveModel(requested),
    stream: (req) => current.stream(req),
    complete: (req) => current.complete(req),
    reload: async () => {
      await inFlight;
      await look(true);
    },
    freshen: () =>
      Date.now() - lookedAt < POLL_MS ? (inFlight ?? Promise.resolve()) : look(false),
  };
}
