// With no model configured, a model server already running on this machine (Ollama, by default at
// http://127.0.0.1:11434/v1) is used instead of the offline drafter, and start-up says so.
import type { Config } from '../config';

/** Long enough for a server on this machine to answer; short enough that nothing listening costs nothing. */
export const LOCAL_PROBE_TIMEOUT_MS = 400;

/**
 * The models an OpenAI-compatible server at `baseUrl` lists (GET /models), or null when nothing
 * answers there in time, or what answers is not such a server or has no model.
 */
export async function listLocalModels(baseUrl: string, timeoutMs = LOCAL_PROBE_TIMEOUT_MS): Promise<string[] | null> {
  try {
    const res = await fetch(`${baseUrl}/models`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: Array<{ id?: unknown }> };
    const ids = Array.isArray(body.data) ? body.data.map((m) => m.id).filter((id): id is string => typeof id === 'string' && id.trim() !== '') : [];
    return ids.length ? ids : null;
  } catch {
    return null;
  }
}

/**
 * `config` as the server runs it: unchanged when a model is configured (or the local address is
 * 'off'); else, when a local server answers, pointed at it with the models it lists (its own names:
 * gpt-4o means nothing to Ollama). `found` is that server's address, for the start-up line.
 */
export async function withLocalModel(config: Config): Promise<{ config: Config; found?: string }> {
  const { apiKey, baseUrl, localUrl } = config.llm;
  if (apiKey || baseUrl || !localUrl) return { config };
  const models = await listLocalModels(localUrl);
  if (!models) return { config };
  return { config: { ...config, llm: { ...config.llm, baseUrl: localUrl, models } }, found: localUrl };
}
