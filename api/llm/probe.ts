// Settings → Model's 'Test': ask an OpenAI-compatible server which models it has (GET /models, the
// SDK's models.list()) and say plainly, for whoever is setting it up, what failed.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ModelTestResponse } from '../../domain/contract/settings';
import { MODEL_ID_PATTERN } from '../../domain/contract/settings';

export const TEST_TIMEOUT_MS = 5000;
const OPENAI_URL = 'https://api.openai.com/v1';

/**
 * Ids of models that do not chat (embeddings, speech, images, moderation, the old completion-only
 * base models): a server such as OpenAI lists them beside the chat models, but the picker must not.
 */
const NOT_CHAT = /(embed|whisper|tts|dall-e|moderation|transcribe|gpt-image|realtime|^babbage|^davinci)/i;

export function chatModelsOf(ids: unknown[]): string[] {
  const usable = ids.filter((id): id is string => typeof id === 'string' && MODEL_ID_PATTERN.test(id) && !NOT_CHAT.test(id));
  return [...new Set(usable)];
}

/** Why a connection failed, in a few words: the system's error code, as a person says it. */
function connectionDetail(err: unknown): string {
  let cause: unknown = err;
  for (let i = 0; i < 4 && cause && typeof cause === 'object'; i++) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no server has that name';
    if (code === 'ECONNRESET') return 'the connection was dropped';
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'that network cannot be reached';
    if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return 'its certificate is not trusted';
    cause = (cause as { cause?: unknown }).cause;
  }
  return 'no connection';
}

/** The models a server at `baseUrl` (null: OpenAI's own) offers for chat, with `apiKey` (null: none). */
export async function testModelServer(target: { baseUrl: string | null; apiKey: string | null }, timeoutMs = TEST_TIMEOUT_MS): Promise<ModelTestResponse> {
  const where = target.baseUrl ?? OPENAI_URL;
  const client = new OpenAI({ apiKey: target.apiKey ?? 'not-needed', baseURL: target.baseUrl ?? undefined, timeout: timeoutMs, maxRetries: 0 });
  let listed: unknown;
  try {
    const page = await client.models.list();
    listed = (page as { data?: unknown }).data;
  } catch (err) {
    if (err instanceof APIConnectionTimeoutError) {
      return { ok: false, problem: 'unreachable', message: `Pitchpad could not reach ${where} (no answer within ${Math.round(timeoutMs / 1000)} seconds).` };
    }
    if (err instanceof APIConnectionError) {
      return { ok: false, problem: 'unreachable', message: `Pitchpad could not reach ${where} (${connectionDetail(err)}).` };
    }
    if (err instanceof APIError && (err.status === 401 || err.status === 403)) {
      return {
        ok: false,
        problem: 'unauthorized',
        message: target.apiKey ? `The server refused the API key (${err.status}).` : `The server asks for an API key (${err.status}). Enter one and test again.`,
      };
    }
    if (err instanceof APIError && err.status !== undefined) {
      return {
        ok: false,
        problem: 'bad_response',
        message: `The server at ${where} answered with an error (${err.status}) instead of its list of models. Check the address: an OpenAI-compatible server's usually ends in /v1.`,
      };
    }
    return { ok: false, problem: 'bad_response', message: `The server at ${where} did not answer as an OpenAI-compatible server does. Check the address: it usually ends in /v1.` };
  }
  if (!Array.isArray(listed)) {
    return { ok: false, problem: 'bad_response', message: `The server at ${where} did not answer as an OpenAI-compatible server does. Check the address: it usually ends in /v1.` };
  }
  const models = chatModelsOf(listed.map((m) => (m && typeof m === 'object' ? (m as { id?: unknown }).id : undefined)));
  if (!models.length) return { ok: false, problem: 'no_chat_models', message: 'The server answered but lists no chat models.' };
  return { ok: true, models };
}
