// The speech model: any OpenAI-compatible POST /audio/transcriptions (OpenAI's whisper-1, a local
// faster-whisper or whisper.cpp server), through the `openai` SDK as the chat model is (api/llm/
// gateway.ts is the chat's one module that imports it; this is the speech's).
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, toFile } from 'openai';
import type { AudioContainer } from '../../domain/contract/recordings';
import type { Config } from '../config';
import { sameServer, type LiveGateway } from '../llm/live';
import type { Pool } from '../db';
import { readSpeechSettings, type StoredSpeechSettings } from '../settings/speechSettings.sql';
import { CONTAINER_FILE } from './audio';

/** Where recordings are transcribed. `baseUrl` undefined: OpenAI's own. */
export interface SpeechServer {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/** What an undefined base URL means to the SDK. */
const OPENAI_URL = 'https://api.openai.com/v1';

/**
 * The chat model's server as the operator chose it (the environment, or Settings → Model), or null.
 * Not the local model the start-up probe found (a chat server such as Ollama, with no speech model)
 * and not the offline drafter: neither is a speech server anyone chose.
 */
function chosenChatServer(
  config: Config,
  live: LiveGateway | null,
): { baseUrl: string | undefined; apiKey: string | undefined } | null {
  const env = config.llm.fromEnv;
  const stored = live?.stored;
  if (!env.apiKey && !env.baseUrl && !(stored && (stored.baseUrl || stored.apiKey))) return null;
  const { baseUrl, apiKey } = live ? live.effective : config.llm;
  return baseUrl || apiKey ? { baseUrl, apiKey } : null;
}

/**
 * The speech server in force, or null when none is configured. TRANSCRIBE_BASE_URL names it, else
 * the one the operator connected in Settings → Model (`stored`), else it is the chat model's. A key
 * goes only to the server it was given for (as api/llm/live.ts keeps the chat's): the chat model's
 * key is sent to another speech server only when that is the chat's server too, and a
 * TRANSCRIBE_API_KEY with no TRANSCRIBE_BASE_URL goes to the environment's OPENAI_BASE_URL, else to
 * OpenAI's own, never to an address stored in the settings. TRANSCRIBE_MODEL wins over the stored model.
 */
export function speechServer(
  config: Config,
  live: LiveGateway | null,
  stored: StoredSpeechSettings | null,
): SpeechServer | null {
  const own = config.transcribe;
  const chat = chosenChatServer(config, live);
  const model = own.fromEnv.model ? own.model : (stored?.model ?? own.model);
  const of = (baseUrl: string | undefined, apiKey: string | undefined): SpeechServer => ({
    baseUrl,
    apiKey,
    model,
    timeoutMs: own.timeoutMs,
  });
  const chatKeyFor = (baseUrl: string) =>
    chat && sameServer(chat.baseUrl ?? OPENAI_URL, baseUrl) ? chat.apiKey : undefined;
  if (own.baseUrl) return of(own.baseUrl, own.apiKey ?? chatKeyFor(own.baseUrl));
  if (own.apiKey)
    return of(config.llm.fromEnv.baseUrl ? config.llm.baseUrl : undefined, own.apiKey);
  if (stored?.baseUrl) return of(stored.baseUrl, stored.apiKey ?? chatKeyFor(stored.baseUrl));
  return chat && of(chat.baseUrl, chat.apiKey);
}

/** speechServer with the operator's stored settings read from the database. */
export async function currentSpeechServer(
  deps: { config: Config; pool: Pool },
  live: LiveGateway | null,
): Promise<SpeechServer | null> {
  const stored = await readSpeechSettings(
    deps.pool,
    deps.config.sessionSecret,
    deps.config.previousSessionSecret,
  );
  return speechServer(deps.config, live, stored);
}

/** A transcription that did not come back: `timeout` (504) or `failed` (502), each tried again later. */
export class TranscriptionError extends Error {
  override name = 'TranscriptionError';
  constructor(
    readonly kind: 'failed' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The recording's transcript, as the speech model heard it ('' for silence). One request: the
 * device's queue tries again with its own backoff, so the SDK does not send 25 MB again by itself.
 */
export async function transcribe(
  server: SpeechServer,
  audio: { bytes: Uint8Array; container: AudioContainer },
): Promise<string> {
  const client = new OpenAI({
    // Local servers need no key, but the SDK insists on one.
    apiKey: server.apiKey ?? 'not-needed',
    baseURL: server.baseUrl,
    timeout: server.timeoutMs,
    maxRetries: 0,
  });
  const { name, type } = CONTAINER_FILE[audio.container];
  try {
    const result = await client.audio.transcriptions.create({
      file: await toFile(audio.bytes, name, { type }),
      model: server.model,
      response_format: 'json',
    });
    return typeof result.text === 'string' ? result.text : '';
  } catch (err) {
    throw explain(err, server);
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** A plain reason for the rep and the log: the status the server answered, never its body. */
function explain(err: unknown, server: SpeechServer): TranscriptionError {
  if (err instanceof APIConnectionTimeoutError)
    return new TranscriptionError(
      'timeout',
      `The speech server did not answer within ${seconds(server.timeoutMs)}: Pitchpad will try again.`,
    );
  if (err instanceof APIError && err.status !== undefined) {
    const status = err.status;
    const why =
      status === 401 || status === 403
        ? `refused Pitchpad's credentials (${status})`
        : status === 404
          ? `has no speech model “${server.model}” (404)`
          : status === 413
            ? 'refused the recording as too large (413)'
            : status === 429
              ? 'is busy (429)'
              : status >= 500
                ? `failed (${status})`
                : `refused the recording (${status})`;
    return new TranscriptionError('failed', `The speech server ${why}: Pitchpad will try again.`);
  }
  if (err instanceof APIConnectionError)
    return new TranscriptionError(
      'failed',
      'Pitchpad could not reach the speech server: it will try again.',
    );
  return new TranscriptionError(
    'failed',
    `The speech server's answer could not be read: Pitchpad will try again.`,
  );
}
