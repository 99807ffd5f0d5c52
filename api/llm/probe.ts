// Settings → Model's 'Test': ask an OpenAI-compatible server which models it has (GET /models) and
// say plainly, for whoever is setting it up, what failed. Plain fetch, not the openai SDK: the SDK's
// timeout ends when the headers arrive, so a server that drips its body forever would hold the
// request (and the operator's screen) open. Here one deadline covers the whole answer, the body is
// read up to MAX_LIST_BYTES, and a redirect is not followed (the key must not go where it points).
import { connectionDetail, readCapped, TooLarge } from '../net/answerText';
import type { ModelTestResponse } from '../../domain/contract/settings';
import { MODEL_ID_PATTERN } from '../../domain/contract/settings';

export const TEST_TIMEOUT_MS = 5000;
/** A long list of models is some tens of KiB; more is not a list of models. */
export const MAX_LIST_BYTES = 1_000_000;
const OPENAI_URL = 'https://api.openai.com/v1';

/**
 * A model server's address as Pitchpad shows it (in Settings and in Test's messages): origin and
 * path only, never a user name, password, query or fragment that an OPENAI_BASE_URL may carry.
 */
export function shownUrl(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/**
 * Ids of models that do not chat (embeddings, speech, images, moderation, the old completion-only
 * base models): a server such as OpenAI lists them beside the chat models, but the picker must not.
 */
const NOT_CHAT =
  /(embed|whisper|tts|dall-e|moderation|transcribe|gpt-image|realtime|^babbage|^davinci)/i;

export function chatModelsOf(ids: unknown[]): string[] {
  const usable = ids.filter(
    (id): id is string => typeof id === 'string' && MODEL_ID_PATTERN.test(id) && !NOT_CHAT.test(id),
  );
  return [...new Set(usable)];
}

/** The models a server at `baseUrl` (null: OpenAI's own) offers for chat, with `apiKey` (null: none). */
export async function testModelServer(
  target: { baseUrl: string | null; apiKey: string | null },
  timeoutMs = TEST_TIMEOUT_MS,
): Promise<ModelTestResponse> {
  const base = target.baseUrl ?? OPENAI_URL;
  const where = shownUrl(base);
  const notCompatible: ModelTestResponse = {
    ok: false,
    problem: 'bad_response',
    message: `The server at ${where} did not answer as an OpenAI-compatible server does. Check the address: it usually ends in /v1.`,
  };
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/models`;
  // fetch refuses an address with a user name in it: such an OPENAI_BASE_URL is asked without one.
  url.username = '';
  url.password = '';
  // One deadline for the headers and the whole body.
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut: ModelTestResponse = {
    ok: false,
    problem: 'unreachable',
    message: `Pitchpad could not reach ${where} (no answer within ${Math.round(timeoutMs / 1000)} seconds).`,
  };
  let res: Response;
  try {
    res = await fetch(url, {
      headers: {
        accept: 'application/json',
        ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
      },
      redirect: 'manual',
      signal,
    });
  } catch (err) {
    if (signal.aborted) return timedOut;
    return {
      ok: false,
      problem: 'unreachable',
      message: `Pitchpad could not reach ${where} (${connectionDetail(err)}).`,
    };
  }
  if (!res.ok) await res.body?.cancel().catch(() => {});
  if (res.status === 401 || res.status === 403) {
    return {
      ok: false,
      problem: 'unauthorized',
      message: target.apiKey
        ? `The server refused the API key (${res.status}).`
        : `The server asks for an API key (${res.status}). Enter one and test again.`,
    };
  }
  if (!res.ok) {
    return {
      ok: false,
      problem: 'bad_response',
      message: `The server at ${where} answered with an error (${res.status}) instead of its list of models. Check the address: an OpenAI-compatible server's usually ends in /v1.`,
    };
  }
  let listed: unknown;
  try {
    listed = (JSON.parse(await readCapped(res, MAX_LIST_BYTES)) as { data?: unknown } | null)?.data;
  } catch (err) {
    if (signal.aborted) return timedOut;
    if (err instanceof TooLarge || err instanceof SyntaxError) return notCompatible;
    return {
      ok: false,
      problem: 'unreachable',
      message: `Pitchpad could not reach ${where} (${connectionDetail(err)}).`,
    };
  }
  if (!Array.isArray(listed)) return notCompatible;
  const models = chatModelsOf(
    listed.map((m) => (m && typeof m === 'object' ? (m as { id?: unknown }).id : undefined)),
  );
  if (!models.length)
    return {
      ok: false,
      problem: 'no_chat_models',
      message: 'The server answered but lists no chat models.',
    };
  return { ok: true, models };
}
