// The one-time setup link, the operator, and Settings → Model. Shared by the API
// (which validates with these schemas) and the web app (which reads these types).
import { z } from 'zod';

/**
 * A model id Pitchpad accepts: 1 to 100 printable ASCII characters, no spaces (gpt-4o,
 * llama3.2:latest, hf.co/org/model:Q4_K_M). It is shown in the picker, stored with every reply and
 * written to the log, so it must not carry a newline, an escape sequence or a page of text.
 */
export const MODEL_ID_PATTERN = /^[\x21-\x7e]{1,100}$/;

// How every screen names a server without a language model: in a module of its own without zod, so
// the landing page's notice does not bring zod onto a first visit.
export { NO_MODEL_TEXT } from './noModel';

/** Error codes of these endpoints, for the web app to branch on. */
export const SettingsErrorCode = {
  /** POST /api/setup/claim: the token is wrong, or was used or replaced. */
  setupTokenInvalid: 'setup_token_invalid',
  /** POST /api/setup/claim: this server has its operator already. */
  operatorExists: 'operator_exists',
  /** Settings → Model is for the operator. */
  operatorOnly: 'operator_only',
  /** PUT /api/settings/model changed a field an environment variable sets; `fields` names it. */
  setByEnvironment: 'set_by_environment',
} as const;

/** POST /api/setup/claim */
export const SetupClaimInput = z.object({
  token: z
    .string({
      error: 'The setup link has no token: copy the whole link from the server’s start-up lines.',
    })
    .trim()
    .min(1, 'The setup link has no token: copy the whole link from the server’s start-up lines.')
    .max(200, 'That is not a setup token.'),
});
export type SetupClaimInput = z.input<typeof SetupClaimInput>;

/** POST /api/setup/claim answers 200 with this. */
export const SetupClaimResponse = z.object({ ok: z.literal(true), isOperator: z.literal(true) });
export type SetupClaimResponse = z.infer<typeof SetupClaimResponse>;

/** GET /api/setup/status (no session needed): whether the /setup page can still be used. */
export const SetupStatusResponse = z.object({ operatorExists: z.boolean() });
export type SetupStatusResponse = z.infer<typeof SetupStatusResponse>;

/** GET /api/capabilities (no session needed): what a screen may promise before the tap. */
export const CapabilitiesResponse = z.object({
  /** A real model answers (not the offline drafter). */
  modelConnected: z.boolean(),
  /**
   * 'Forgot password?' can send a reset link (mail is set up, or development writes it to a file).
   * Optional: an answer kept from an older server has none, and the forgot page then just tries.
   */
  passwordReset: z.boolean().optional(),
  /**
   * Recordings can be transcribed: a speech model is configured (TRANSCRIBE_BASE_URL, or the chat
   * model's server). Optional: an answer kept from an older server has none.
   */
  speechConfigured: z.boolean().optional(),
  /**
   * Research can look things up on the web: a search engine is connected (Settings → Web search or
   * the environment). Optional: an answer kept from an older server has none.
   */
  webSearch: z.boolean().optional(),
});
export type CapabilitiesResponse = z.infer<typeof CapabilitiesResponse>;

const ModelId = z
  .string()
  .trim()
  .regex(MODEL_ID_PATTERN, 'A model name is 1 to 100 printable characters, without spaces.');

/** An OpenAI-compatible server's address: http(s), as Ollama's http://127.0.0.1:11434/v1. */
export const BaseUrl = z
  .string()
  .trim()
  .max(500, 'That address is too long.')
  .refine((v) => {
    if (!URL.canParse(v)) return false;
    const url = new URL(v);
    // No user name or password (a key goes in its own field), and no ?query or #fragment: the API's
    // paths are added to the address, which a query or fragment would swallow.
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !url.username &&
      !url.password &&
      !url.search &&
      !url.hash &&
      !/[?#]/.test(v)
    );
  }, 'Enter the server’s address as an http:// or https:// URL, such as http://127.0.0.1:11434/v1.')
  .transform((v) => v.replace(/\/+$/, ''));

/** An API key: sent to the model server as a bearer token, so one line of printable characters. */
export const ApiKey = z
  .string()
  .trim()
  .min(1, 'Enter the API key, or leave it out.')
  .max(500, 'That API key is too long.')
  .regex(/^[\x21-\x7e]+$/, 'An API key is printable characters without spaces.');

/** PUT /api/settings/model. baseUrl/apiKey: omitted keeps what is stored, null removes it. */
export const ModelSettingsInput = z
  .object({
    baseUrl: BaseUrl.nullable().optional(),
    apiKey: ApiKey.nullable().optional(),
    defaultModel: ModelId,
    models: z.array(ModelId).min(1, 'Pick at least one model.').max(50, 'Offer at most 50 models.'),
  })
  .transform((v) => ({ ...v, models: [...new Set(v.models)] }))
  .refine((v) => v.models.includes(v.defaultModel), {
    path: ['defaultModel'],
    message: 'The default model must be one of the models offered.',
  });
export type ModelSettingsInput = z.input<typeof ModelSettingsInput>;

/** POST /api/settings/model/test. baseUrl/apiKey: omitted tests what is in use (stored or set by the environment). */
export const ModelTestInput = z.object({
  baseUrl: BaseUrl.nullable().optional(),
  apiKey: ApiKey.nullable().optional(),
});
export type ModelTestInput = z.input<typeof ModelTestInput>;

/** GET and PUT /api/settings/model answer with this. The key itself never leaves the server. */
export const ModelSettingsResponse = z.object({
  /** The model server's address; null: OpenAI's own (with a key) or none. */
  baseUrl: z.string().nullable(),
  hasApiKey: z.boolean(),
  defaultModel: z.string().nullable(),
  models: z.array(z.string()),
  /** A real model answers (not the offline drafter). */
  connected: z.boolean(),
  /** Set by an environment variable: it wins, and the screen shows it read-only. */
  locked: z.object({ baseUrl: z.boolean(), apiKey: z.boolean(), models: z.boolean() }),
  /** When an operator last saved (ISO 8601), or null. */
  updatedAt: z.string().nullable(),
  /** A key is stored but the server cannot read it (SESSION_SECRET changed): enter it again. */
  apiKeyUnreadable: z.boolean().optional(),
});
export type ModelSettingsResponse = z.infer<typeof ModelSettingsResponse>;

export const ModelTestProblem = z.enum([
  'unreachable',
  'unauthorized',
  'no_chat_models',
  'bad_response',
]);
export type ModelTestProblem = z.infer<typeof ModelTestProblem>;

/** POST /api/settings/model/test: always 200; what failed said plainly for whoever reads it. */
export const ModelTestResponse = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), models: z.array(z.string()) }),
  z.object({ ok: z.literal(false), problem: ModelTestProblem, message: z.string() }),
]);
export type ModelTestResponse = z.infer<typeof ModelTestResponse>;

/**
 * PUT /api/settings/speech: the speech model for voice debriefs. baseUrl null: the chat model's
 * server transcribes too. apiKey: omitted keeps the stored one (while the address stays), null
 * removes it.
 */
export const SpeechSettingsInput = z.object({
  baseUrl: BaseUrl.nullable(),
  apiKey: ApiKey.nullable().optional(),
  model: ModelId,
});
export type SpeechSettingsInput = z.input<typeof SpeechSettingsInput>;

/** POST /api/settings/speech/test: omitted fields test what is in use. */
export const SpeechTestInput = z.object({
  baseUrl: BaseUrl.nullable().optional(),
  apiKey: ApiKey.nullable().optional(),
  model: ModelId.optional(),
});
export type SpeechTestInput = z.input<typeof SpeechTestInput>;

/** GET and PUT /api/settings/speech answer with this. The key itself never leaves the server. */
export const SpeechSettingsResponse = z.object({
  /** The speech server saved here; null: the chat model's server. */
  baseUrl: z.string().nullable(),
  hasApiKey: z.boolean(),
  model: z.string(),
  /** What transcribes now (null: nothing can): its address (null: OpenAI's own) and model. */
  inUse: z.object({ baseUrl: z.string().nullable(), model: z.string() }).nullable(),
  /** Set by an environment variable: it wins, and the screen shows it read-only. */
  locked: z.object({ baseUrl: z.boolean(), apiKey: z.boolean(), model: z.boolean() }),
  updatedAt: z.string().nullable(),
  apiKeyUnreadable: z.boolean().optional(),
});
export type SpeechSettingsResponse = z.infer<typeof SpeechSettingsResponse>;

/** POST /api/settings/speech/test: always 200; a second of silence sent, and what came back. */
export const SpeechTestResponse = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), model: z.string() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type SpeechTestResponse = z.infer<typeof SpeechTestResponse>;
