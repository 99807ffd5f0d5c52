import { z } from 'zod';
import {
  DEBRIEF_MAX_MINUTES_DEFAULT,
  KIT_EXTRACT_TIMEOUT_MS,
  KIT_MAX_FILE_MB_DEFAULT,
  KIT_MAX_FILES_DEFAULT,
  LLM_DAILY_TOKENS_DEFAULTS,
  LLM_MAX_CONTEXT_TOKENS_DEFAULT,
  LLM_MAX_CONTEXT_TOKENS_MIN,
  RECORDING_MAX_BYTES,
  TRANSCRIBE_DAILY_MB_DEFAULT,
  TRANSCRIBE_TIMEOUT_S_DEFAULT,
} from '../domain/limits';

/** Ollama's OpenAI-compatible address: tried at start-up when no model is configured (not in production). */
export const LOCAL_LLM_DEFAULT_URL = 'http://127.0.0.1:11434/v1';

/** The environment, parsed once. A bad value stops start-up with a message naming the variable. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** An http(s) origin with a default; empty counts as unset, a trailing slash is dropped. */
function httpUrl(fallback: string) {
  return optionalString
    .refine(
      (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
      'must be an http:// or https:// URL',
    )
    .transform((v) => (v ?? fallback).replace(/\/+$/, ''));
}

/**
 * A daily token allowance: a whole number of tokens, or 0 / 'off' for no limit (an operator's own
 * model server, where a call costs nothing).
 */
const dailyTokens = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v.trim() === '' ? String(fallback) : v.trim().toLowerCase(),
    )
    .refine(
      (v) => v === 'off' || /^\d+$/.test(v),
      "must be a whole number of tokens, or 0 or 'off' for no limit",
    )
    .transform((v) => (v === 'off' || Number(v) === 0 ? null : Number(v)));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  DATA_DIR: z.string().min(1).default('.data'),
  SESSION_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters',
  ),
  OPENAI_API_KEY: optionalString,
  // Empty counts as unset, as for LLM_MODELS (a copied .env.example line); a trailing slash is dropped.
  OPENAI_BASE_URL: optionalString
    .refine(
      (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
      'must be an http:// or https:// URL (e.g. http://127.0.0.1:11434/v1)',
    )
    .transform((v) => v?.replace(/\/+$/, '')),
  // Empty counts as unset (a copied .env.example line): the list then comes from Settings → Model.
  LLM_MODELS: z
    .string()
    .optional()
    .transform((v) =>
      (v?.trim() ? v : 'gpt-4o,gpt-4o-mini')
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0, 'must name at least one model'),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  LLM_MAX_CONTEXT_TOKENS: z.coerce
    .number('must be a whole number of tokens')
    .int('must be a whole number of tokens')
    .min(
      LLM_MAX_CONTEXT_TOKENS_MIN,
      `must be at least ${LLM_MAX_CONTEXT_TOKENS_MIN.toLocaleString('en-US')} tokens`,
    )
    .default(LLM_MAX_CONTEXT_TOKENS_DEFAULT),
  LLM_DAILY_TOKENS_FREE: dailyTokens(LLM_DAILY_TOKENS_DEFAULTS.free),
  LLM_DAILY_TOKENS_PRO: dailyTokens(LLM_DAILY_TOKENS_DEFAULTS.pro),
  LLM_DAILY_TOKENS_GUEST: dailyTokens(LLM_DAILY_TOKENS_DEFAULTS.guest),
  // Where to look for a local OpenAI-compatible server when no model is configured (Ollama's
  // address by default, outside production); 'off' looks nowhere.
  LOCAL_LLM_URL: optionalString.refine(
    (v) => v === undefined || v === 'off' || URL.canParse(v),
    "must be a URL (e.g. http://127.0.0.1:11434/v1) or 'off'",
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  STRIPE_API_URL: z.url().optional(),
  PRO_PRICE_MONTHLY: z.coerce.number().positive().default(10),
  PRO_PRICE_CURRENCY: z.string().length(3).default('USD'),
  CONTACT_EMAIL: z.email().default('hello@pitchpad.app'),
  // The mail server password reset links go out through; empty counts as unset.
  SMTP_URL: optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol)),
    'must be an smtp:// or smtps:// URL (e.g. smtps://user:pass@smtp.example.com:465)',
  ),
  MAIL_FROM: optionalString,
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  TRUST_PROXY_HOPS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1 (the proxies in front of the app)')
    .max(10)
    .default(1),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  KIT_MAX_FILES: z.coerce
    .number('must be a whole number of files')
    .int('must be a whole number of files')
    .min(1, 'must be at least 1')
    .default(KIT_MAX_FILES_DEFAULT),
  KIT_MAX_FILE_MB: z.coerce
    .number('must be a number of megabytes')
    .positive('must be more than 0')
    .max(100, 'must be at most 100')
    .default(KIT_MAX_FILE_MB_DEFAULT),
  KIT_EXTRACT_TIMEOUT_S: z.coerce
    .number('must be a number of seconds')
    .positive('must be more than 0')
    .max(600, 'must be at most 600')
    .default(KIT_EXTRACT_TIMEOUT_MS / 1000),
  // The voice debrief's speech model: any OpenAI-compatible /audio/transcriptions server.
  // Empty counts as unset: the chat model's server is asked instead (api/recordings/speech.ts).
  TRANSCRIBE_BASE_URL: optionalString
    .refine(
      (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
      'must be an http:// or https:// URL (e.g. http://127.0.0.1:8000/v1)',
    )
    .transform((v) => v?.replace(/\/+$/, '')),
  TRANSCRIBE_MODEL: optionalString.refine(
    (v) => v === undefined || /^\S{1,100}$/.test(v),
    'must be a model name of 1 to 100 characters, without spaces (e.g. whisper-1)',
  ),
  TRANSCRIBE_API_KEY: optionalString,
  // Research's web search engine (Settings → Web search, unless set here): searxng, brave or tavily.
  WEB_SEARCH_ENGINE: z
    .enum(['searxng', 'brave', 'tavily'], { error: 'must be searxng, brave or tavily' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // SearXNG: the instance's address (its JSON output on). Brave, Tavily: only to go through a proxy.
  WEB_SEARCH_URL: optionalString
    .refine(
      (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
      'must be an http:// or https:// URL (e.g. http://127.0.0.1:8888)',
    )
    .transform((v) => v?.replace(/\/+$/, '')),
  // Brave Search or Tavily: the API key.
  WEB_SEARCH_API_KEY: optionalString,
  TRANSCRIBE_TIMEOUT_S: z.coerce
    .number('must be a number of seconds')
    .positive('must be more than 0')
    .max(3600, 'must be at most 3600')
    .default(TRANSCRIBE_TIMEOUT_S_DEFAULT),
  // Megabytes of audio a rep may have transcribed a day; 0 or 'off' for no limit.
  TRANSCRIBE_DAILY_MB: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v.trim() === ''
        ? String(TRANSCRIBE_DAILY_MB_DEFAULT)
        : v.trim().toLowerCase(),
    )
    .refine(
      (v) => v === 'off' || /^\d+(\.\d+)?$/.test(v),
      "must be a number of megabytes, or 0 or 'off' for no limit",
    )
    .transform((v) => (v === 'off' || Number(v) === 0 ? null : Number(v))),
  DEBRIEF_MAX_MINUTES: z.coerce
    .number('must be a whole number of minutes')
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1')
    .max(60, 'must be at most 60')
    .default(DEBRIEF_MAX_MINUTES_DEFAULT),
  // The apps the operator registered with HubSpot and Salesforce, so reps can connect their CRM.
  // Empty counts as unset; set here, they win over Settings → Connections.
  HUBSPOT_CLIENT_ID: optionalString,
  HUBSPOT_CLIENT_SECRET: optionalString,
  // HubSpot's API and sign-in hosts: only a proxy (or a test's fake) changes them.
  HUBSPOT_API_URL: httpUrl('https://api.hubapi.com'),
  HUBSPOT_AUTH_URL: httpUrl('https://app.hubspot.com'),
  SALESFORCE_CLIENT_ID: optionalString,
  SALESFORCE_CLIENT_SECRET: optionalString,
  // A sandbox signs in at https://test.salesforce.com, an org with My Domain at its own address.
  SALESFORCE_LOGIN_URL: httpUrl('https://login.salesforce.com'),
  // For the tests' fake calendar only: addresses the server fetches for a user (a calendar) may be
  // on this machine. Refused in production.
  FETCH_ALLOW_LOOPBACK: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Cookies carry Secure: the public origin is https (production deployments). */
  secureCookies: boolean;
  /** Read the client IP and protocol from X-Forwarded-* (behind a TLS-terminating proxy). */
  trustProxy: boolean;
  /**
   * How many proxies in front of the app append to X-Forwarded-For. The client IP is the entry that
   * many places from the right: what the outermost trusted proxy saw, never an entry the client wrote.
   */
  proxyHops: number;
  /** The public origin, used for the Origin check and payment return URLs. */
  appUrl: string;
  /** A Postgres URL, or undefined for the embedded database. */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * Signs cookies and CSRF tokens and seals stored secrets (api/settings/secretBox.ts). Without
   * SESSION_SECRET, loadConfig puts the public development secret here, and the server (main.ts,
   * `npm run setup-link`) replaces it by the one it keeps in DATA_DIR (api/sessionSecret.ts).
   */
  sessionSecret: string;
  /** SESSION_SECRET is set: the secret is the operator's own. */
  sessionSecretFromEnv: boolean;
  /**
   * A secret that may have sealed what is stored, tried when `sessionSecret` cannot open it: the
   * public development secret, once a generated one has taken its place.
   */
  previousSessionSecret?: string;
  llm: {
    apiKey: string | undefined;
    baseUrl: string | undefined;
    models: string[];
    /** The model answering when a request names none; default: the first of `models`. */
    defaultModel?: string;
    /**
     * Which of key, base URL and model list the environment sets. Those win over what an operator
     * stores in Settings → Model (api/llm/live.ts), and the settings show them as read-only.
     */
    fromEnv: { apiKey: boolean; baseUrl: boolean; models: boolean };
    timeoutMs: number;
    /**
     * A local OpenAI-compatible server to use when neither key nor base URL is set (api/llm/localModel.ts);
     * in production only when LOCAL_LLM_URL names it.
     */
    localUrl: string | undefined;
    /** The most tokens one call sends the model: older history is dropped to fit (api/llm/context.ts). */
    maxContextTokens: number;
    /** Tokens a day per signed-in user by plan, and per guest address (idea analyses); null: no limit. */
    dailyTokens: { free: number | null; pro: number | null; guest: number | null };
  };
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    priceId: string | undefined;
    apiUrl: string | undefined;
  };
  pricing: { amount: number; currency: string };
  contactEmail: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * Outgoing mail (password reset links). Without `smtpUrl`, development and tests write each
   * message as an .eml file under DATA_DIR/mail/; production sends nothing and reset is off (api/mail.ts).
   */
  mail: { smtpUrl: string | undefined; from: string };
  /** The sales kit: how many files a rep may keep, how large each may be, how long one may take to read. */
  kit: { maxFiles: number; maxFileBytes: number; extractTimeoutMs: number };
  /**
   * The CRM apps from the environment (api/crm/apps.ts): a provider whose id and secret are both set
   * here is not read from Settings → Connections.
   */
  crm: {
    hubspot: { clientId?: string; clientSecret?: string; apiUrl: string; authUrl: string };
    salesforce: { clientId?: string; clientSecret?: string; loginUrl: string };
  };
  /**
   * What a URL a user gave may reach (api/net/addressGuard.ts): plain http outside production, and
   * loopback only when a test asks (FETCH_ALLOW_LOOPBACK, refused in production).
   */
  userFetch: { allowHttp: boolean; allowLoopback: boolean };
  /**
   * Research on the web (api/research): the engine set by the environment (it wins over Settings →
   * Web search; null: the settings decide), and the pages' fetch, which takes http too (much of the
   * web is), under the same guard as any address a user gave.
   */
  research: {
    engineFromEnv: {
      kind: 'searxng' | 'brave' | 'tavily';
      baseUrl: string | null;
      apiKey: string | null;
    } | null;
    pageFetch: { allowHttp: boolean; allowLoopback: boolean };
    /** How the server names itself to the sites it reads ('PitchpadBot/1.0 (+https://…)'). */
    userAgent: string;
  };
  /**
   * The voice debrief's transcription (api/recordings/speech.ts). Without `baseUrl`, the chat model's
   * server (from the environment or Settings → Model; never the local model the probe found, nor the
   * offline drafter) is asked; without `apiKey`, the chat model's key, when it is that server's.
   */
  transcribe: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    /** The speech model's name (TRANSCRIBE_MODEL, default whisper-1). */
    model: string;
    /** Set by the environment: base URL, key and model each win over Settings → Model. */
    fromEnv: { baseUrl: boolean; apiKey: boolean; model: boolean };
    timeoutMs: number;
    /** Bytes of audio a rep may have transcribed per UTC day; null: no limit. */
    dailyBytes: number | null;
    /** The largest recording taken (RECORDING_MAX_BYTES). */
    maxBytes: number;
    /** The longest recording the recorder makes, in seconds (DEBRIEF_MAX_MINUTES). */
    maxSeconds: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The development secret written in the source: what loadConfig falls back to without SESSION_SECRET
 * (tests use it as it is); the server itself replaces it by one of its own (api/sessionSecret.ts).
 * Production must set its own.
 */
export const DEV_SESSION_SECRET = 'pitchpad-development-session-secret-do-not-use-in-production';

/** Parse the environment into a Config; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid environment:\n  SESSION_SECRET: required in production (at least 32 characters)',
    );
  }
  if (isProduction && !e.APP_URL) {
    throw new ConfigError(
      'Invalid environment:\n  APP_URL: required in production (the public origin, e.g. https://pitchpad.example.com)',
    );
  }
  if (isProduction && e.FETCH_ALLOW_LOOPBACK) {
    throw new ConfigError(
      'Invalid environment:\n  FETCH_ALLOW_LOOPBACK: only for tests; a production server never fetches its own machine for a user',
    );
  }
  if (e.WEB_SEARCH_ENGINE === 'searxng' && !e.WEB_SEARCH_URL) {
    throw new ConfigError(
      'Invalid environment:\n  WEB_SEARCH_URL: required with WEB_SEARCH_ENGINE=searxng (the instance’s address)',
    );
  }
  const appUrl = (e.APP_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY ?? isProduction,
    proxyHops: e.TRUST_PROXY_HOPS,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    sessionSecretFromEnv: Boolean(e.SESSION_SECRET),
    llm: {
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      models: e.LLM_MODELS,
      fromEnv: {
        apiKey: Boolean(e.OPENAI_API_KEY),
        baseUrl: Boolean(e.OPENAI_BASE_URL),
        models: Boolean(env.LLM_MODELS?.trim()),
      },
      timeoutMs: e.LLM_TIMEOUT_MS,
      localUrl: localModelUrl(e.LOCAL_LLM_URL, isProduction),
      maxContextTokens: e.LLM_MAX_CONTEXT_TOKENS,
      dailyTokens: {
        free: e.LLM_DAILY_TOKENS_FREE,
        pro: e.LLM_DAILY_TOKENS_PRO,
        guest: e.LLM_DAILY_TOKENS_GUEST,
      },
    },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      priceId: e.STRIPE_PRICE_ID,
      apiUrl: e.STRIPE_API_URL,
    },
    pricing: { amount: e.PRO_PRICE_MONTHLY, currency: e.PRO_PRICE_CURRENCY.toUpperCase() },
    contactEmail: e.CONTACT_EMAIL,
    logLevel: e.LOG_LEVEL,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Pitchpad <no-reply@${new URL(appUrl).hostname}>`,
    },
    kit: {
      maxFiles: e.KIT_MAX_FILES,
      maxFileBytes: Math.round(e.KIT_MAX_FILE_MB * 1_000_000),
      extractTimeoutMs: Math.round(e.KIT_EXTRACT_TIMEOUT_S * 1000),
    },
    userFetch: { allowHttp: !isProduction, allowLoopback: e.FETCH_ALLOW_LOOPBACK },
    research: {
      engineFromEnv: e.WEB_SEARCH_ENGINE
        ? {
            kind: e.WEB_SEARCH_ENGINE,
            baseUrl: e.WEB_SEARCH_URL ?? null,
            apiKey: e.WEB_SEARCH_API_KEY ?? null,
          }
        : null,
      pageFetch: { allowHttp: true, allowLoopback: e.FETCH_ALLOW_LOOPBACK },
      userAgent: `PitchpadBot/1.0 (+${appUrl})`,
    },
    crm: {
      hubspot: {
        clientId: e.HUBSPOT_CLIENT_ID,
        clientSecret: e.HUBSPOT_CLIENT_SECRET,
        apiUrl: e.HUBSPOT_API_URL,
        authUrl: e.HUBSPOT_AUTH_URL,
      },
      salesforce: {
        clientId: e.SALESFORCE_CLIENT_ID,
        clientSecret: e.SALESFORCE_CLIENT_SECRET,
        loginUrl: e.SALESFORCE_LOGIN_URL,
      },
    },
    transcribe: {
      baseUrl: e.TRANSCRIBE_BASE_URL,
      apiKey: e.TRANSCRIBE_API_KEY,
      model: e.TRANSCRIBE_MODEL ?? 'whisper-1',
      fromEnv: {
        baseUrl: e.TRANSCRIBE_BASE_URL !== undefined,
        apiKey: e.TRANSCRIBE_API_KEY !== undefined,
        model: e.TRANSCRIBE_MODEL !== undefined,
      },
      timeoutMs: Math.round(e.TRANSCRIBE_TIMEOUT_S * 1000),
      dailyBytes:
        e.TRANSCRIBE_DAILY_MB === null ? null : Math.round(e.TRANSCRIBE_DAILY_MB * 1_000_000),
      maxBytes: RECORDING_MAX_BYTES,
      maxSeconds: e.DEBRIEF_MAX_MINUTES * 60,
    },
  };
}

/**
 * Where to look for a local model server. In production only where the operator says: whatever
 * happens to listen on Ollama's port of a shared host must not become every user's model.
 */
function localModelUrl(setting: string | undefined, isProduction: boolean): string | undefined {
  if (setting === 'off') return undefined;
  if (setting === undefined) return isProduction ? undefined : LOCAL_LLM_DEFAULT_URL;
  return setting.replace(/\/+$/, '');
}

/** The model the server answers with: the default (or first) configured model, or the offline drafter. */
export function modelInUse(config: Config): string {
  const { apiKey, baseUrl, models, defaultModel } = config.llm;
  if (!apiKey && !baseUrl) return 'Offline drafter';
  return defaultModel && models.includes(defaultModel) ? defaultModel : models[0]!;
}

/**
 * A payment provider is set up: Pro is sold through Stripe Checkout. Without one, the operator's
 * rule in Settings → Plans decides who has the Pro tools.
 */
export function paymentsEnabled(config: Pick<Config, 'stripe'>): boolean {
  return Boolean(config.stripe.secretKey && config.stripe.priceId);
}

/**
 * The address start-up (and npm run setup-link) tells a person to open: APP_URL when it is set, else where the server
 * listens, with a loopback address written as `localhost`. Browsers refuse passkeys on an IP
 * address, and keep cookies and storage apart per host name, so an operator who opened the setup
 * link on 127.0.0.1 would be signed in there and not on localhost.
 */
export function addressToOpen(config: Config, port: number): string {
  if (config.appUrl !== `http://${config.host}:${config.port}`) return config.appUrl;
  const host = isLoopback(config.host)
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${port}`;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
