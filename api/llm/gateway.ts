// The one module that imports the `openai` SDK. Any OpenAI-compatible Chat Completions server
// works through OPENAI_BASE_URL (OpenAI, Ollama, vLLM, llama.cpp, LM Studio).
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai';
import type { Config } from '../config';
import { createOfflineGateway } from './offline';
import { UpstreamError, type CompletionRequest, type LlmGateway } from './types';

/** Retries on 429/5xx/connection errors, with the SDK's backoff: before the first token only. */
const MAX_RETRIES = 2;

/** The gateway for this configuration: a model server, or the offline drafter when none is set. */
export function createGateway(config: Config): LlmGateway {
  if (!config.llm.apiKey && !config.llm.baseUrl) return createOfflineGateway();
  const client = new OpenAI({
    // Local servers (Ollama, vLLM) need no key, but the SDK insists on one.
    apiKey: config.llm.apiKey ?? 'not-needed',
    baseURL: config.llm.baseUrl,
    timeout: config.llm.timeoutMs,
    maxRetries: MAX_RETRIES,
  });
  const models = config.llm.models.map((id) => ({ id, label: id, group: 'openai' }));
  const timeoutMs = config.llm.timeoutMs;
  const wanted = config.llm.defaultModel;
  const defaultModel = wanted && models.some((m) => m.id === wanted) ? wanted : models[0]!.id;

  return {
    offline: false,
    models,
    defaultModel,
    resolveModel: (requested) =>
      requested === undefined
        ? defaultModel
        : models.some((m) => m.id === requested)
          ? requested
          : null,

    async *stream(req) {
      const call = linkedAbort(req.signal, timeoutMs);
      try {
        const stream = await client.chat.completions.create(
          { ...body(req), stream: true },
          { signal: call.signal },
        );
        for await (const chunk of stream) {
          call.touch();
          call.started = true;
          const text = withoutNul(chunk.choices[0]?.delta?.content);
          if (text) yield text;
        }
        // The SDK ends an aborted stream quietly: a timeout or a stop must not pass as complete.
        if (call.signal.aborted) throw new Error('aborted');
      } catch (err) {
        throw classify(err, call);
      } finally {
        call.done();
      }
    },

    async complete(req) {
      const call = linkedAbort(req.signal, timeoutMs);
      try {
        const res = await client.chat.completions.create(body(req), { signal: call.signal });
        return withoutNul(res.choices[0]?.message?.content) ?? '';
      } catch (err) {
        throw classify(err, call);
      } finally {
        call.done();
      }
    },
  };
}

/** A NUL is not text Postgres can store (22021): a model that sends one must not lose the whole answer. */
function withoutNul(text: string | null | undefined): string | undefined {
  return text?.replaceAll('\u0000', '');
}

function body(req: CompletionRequest) {
  return {
    model: req.model,
    messages: req.messages,
    temperature: req.params.temperature,
    max_tokens: req.params.max_tokens,
    top_p: req.params.top_p,
    frequency_penalty: req.params.frequency_penalty,
    presence_penalty: req.params.presence_penalty,
    ...(req.json ? { response_format: { type: 'json_object' as const } } : {}),
  };
}

/**
 * One abort signal for a call: the caller's (stop), or silence from the model for `idleMs` (a slow
 * first token or a stalled stream; the SDK's own timeout ends once the headers arrive).
 */
function linkedAbort(outer: AbortSignal | undefined, idleMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, idleMs);
  };
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  arm();
  return {
    signal: controller.signal,
    touch: arm,
    /** The model began answering: a failure from here on is a cut stream, not a refusal. */
    started: false,
    get timedOut() {
      return timedOut;
    },
    get stopped() {
      return outer?.aborted ?? false;
    },
    done() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

function classify(
  err: unknown,
  call: { timedOut: boolean; stopped: boolean; started: boolean },
): UpstreamError {
  if (err instanceof UpstreamError) return err;
  if (call.stopped) return new UpstreamError('aborted', 'Stopped');
  if (call.timedOut || err instanceof APIConnectionTimeoutError)
    return new UpstreamError('timeout', 'The model did not answer in time');
  if (call.started)
    return new UpstreamError(
      'cut',
      `The model's answer was cut off: ${(err as Error)?.message ?? String(err)}`,
    );
  if (err instanceof APIUserAbortError) return new UpstreamError('aborted', 'Stopped');
  if (err instanceof APIError && err.status !== undefined) {
    const status = err.status;
    if (status === 401 || status === 403)
      return new UpstreamError(
        'auth',
        `The model server refused our credentials (${status})`,
        status,
      );
    if (status === 429)
      return new UpstreamError('rate_limit', 'The model server is rate limiting us (429)', status);
    if (status >= 500)
      return new UpstreamError('server', `The model server failed (${status})`, status);
    return new UpstreamError(
      'bad_request',
      `The model server refused the request (${status}): ${err.message}`,
      status,
    );
  }
  if (err instanceof APIConnectionError)
    return new UpstreamError('network', `Could not reach the model server: ${err.message}`);
  // A stream that ends mid-way surfaces as a plain error from the body reader.
  return new UpstreamError(
    'cut',
    `The model's answer was cut off: ${(err as Error)?.message ?? String(err)}`,
  );
}
