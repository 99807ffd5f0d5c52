// With no model configured, a model server already running on this machine (Ollama, by default at
// http://127.0.0.1:11434/v1; in production only at an address LOCAL_LLM_URL names) is used instead of
// the offline drafter, and start-up says so.
import { MODEL_ID_PATTERN } from '../../domain/contract/settings';
import type { Config } from '../config';
import type { Logger } from '../log';

/** Long enough for a server on this machine to answer; short enough that nothing listening costs nothing. */
export const LOCAL_PROBE_TIMEOUT_MS = 400;

/** A model id a server sent is used only when it is one Pitchpad accepts (domain/contract/settings.ts). */
export const USABLE_MODEL_ID = MODEL_ID_PATTERN;

/**
 * The usable models an OpenAI-compatible server at `baseUrl` lists (GET /models), or null when
 * nothing answers there in time, or what answers is not such a server or lists no usable model.
 * Every id it lists that is not usable is left out, and the log says so (escaped, cut short).
 */
export async function listLocalModels(
  baseUrl: string,
  log: Logger,
  timeoutMs = LOCAL_PROBE_TIMEOUT_MS,
): Promise<string[] | null> {
  let listed: unknown[];
  try {
    const res = await fetch(`${baseUrl}/models`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: Array<{ id?: unknown }> };
    listed = Array.isArray(body.data) ? body.data.map((m) => m?.id) : [];
  } catch {
    return null;
  }
  const ids: string[] = [];
  for (const id of listed) {
    if (typeof id === 'string' && USABLE_MODEL_ID.test(id)) ids.push(id);
    else
      log.warn(
        `the model server at ${baseUrl} listed a model id that is not 1 to 100 printable characters; it is not offered: ${typeof id === 'string' ? JSON.stringify(id.slice(0, 120)) : `(${id === null ? 'null' : typeof id})`}`,
      );
  }
  return ids.length ? ids : null;
}

/**
 * `config` as the server runs it: unchanged when a model is configured (or the local address is
 * 'off'); else, when a local server answers, pointed at it with the models it lists (its own names:
 * gpt-4o means nothing to Ollama). `found` is that server's address, for the start-up line.
 */
export async function withLocalModel(
  config: Config,
  log: Logger,
): Promise<{ config: Config; found?: string }> {
  const { apiKey, baseUrl, localUrl } = config.llm;
  if (apiKey || baseUrl || !localUrl) return { config };
  const models = await listLocalModels(localUrl, log);
  if (!models) return { config };
  return {
    config: { ...config, llm: { ...config.llm, baseUrl: localUrl, models } },
    found: localUrl,
  };
}
