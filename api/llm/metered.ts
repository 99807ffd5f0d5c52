// Every model call passes here (createApp wraps the gateway once, and a request must name who pays):
// its context is cut to LLM_MAX_CONTEXT_TOKENS (context.ts), its largest possible cost (what it
// sends plus max_tokens) is reserved against the payer's daily allowance before the model is asked
// (budget.ts; over it, 429 token_budget and no call), and when it ends the reservation becomes what
// it cost: the tokens sent plus the tokens written. The offline drafter costs nothing: no count.
import type { Config } from '../config';
import type { Pool } from '../db';
import type { Logger } from '../log';
import { reserveTokens, type TokenReservation } from './budget';
import { boundContext, countTextTokens, loadTokenizer } from './context';
import { isLiveGateway } from './live';
import { UpstreamError, type CompletionRequest, type LlmGateway } from './types';

/** Refusals the model server answers before doing any work: not billed, so not counted. */
const UNBILLED = new Set(['auth', 'rate_limit', 'server', 'bad_request', 'network']);

/** What a call cost: nothing when the server refused it before any work, else sent plus written. */
async function costOf(sent: number, written: string, failure: unknown): Promise<number> {
  if (!written && failure instanceof UpstreamError && UNBILLED.has(failure.kind)) return 0;
  return sent + (await countTextTokens(written));
}

const isReservation = (budget: CompletionRequest['budget']): budget is TokenReservation =>
  'settle' in budget;

/** The offline drafter costs nothing: a reservation handed in is given back whole. */
async function unmetered(req: CompletionRequest, call: () => Promise<string>): Promise<string> {
  try {
    return await call();
  } finally {
    if (isReservation(req.budget)) await req.budget.settle(0);
  }
}

/** A metered gateway that can also fix the model in force for the rest of one request. */
export interface MeteredGateway extends LlmGateway {
  /**
   * This gateway fixed to the model in force now. A request that reserves its tokens itself (a chat
   * send, a regenerate: api/chats/send.ts) takes it once and uses it for the reservation and the
   * call: a Settings → Model save in between cannot have it reserve nothing for the offline drafter
   * and then be answered, uncounted, by the model just connected.
   */
  current(): MeteredGateway;
}

/**
 * `inner` with every call bounded and counted against the payer's daily allowance. `inner` may
 * change what it is (api/llm/live.ts: an operator connects a model): each call takes the concrete
 * gateway in force when it starts and uses that one throughout (whether to meter, and who answers).
 */
export function meteredGateway(
  inner: LlmGateway,
  deps: { pool: Pool; config: Config; log: Logger },
): MeteredGateway {
  // The tokenizer's tables load in the background now, not in the first user's call.
  if (!inner.offline)
    loadTokenizer().catch((err: Error) =>
      deps.log.warn(`the tokenizer did not load: ${err.message}`),
    );
  /** The concrete gateway in force now. */
  const snapshot = (): LlmGateway => (isLiveGateway(inner) ? inner.current() : inner);
  return metering(inner, snapshot, deps);
}

/** `shown` metered: each call asks `use` once for the gateway that answers it, and keeps that one. */
function metering(
  shown: LlmGateway,
  use: () => LlmGateway,
  deps: { pool: Pool; config: Config; log: Logger },
): MeteredGateway {
  const maxTokens = deps.config.llm.maxContextTokens;

  /** The call's bounded request and its reservation; a reservation handed in is given back if this fails. */
  async function prepare(req: CompletionRequest) {
    try {
      const bounded = await boundContext(req.messages, maxTokens);
      if (bounded.dropped)
        deps.log.debug(
          `model call: ${bounded.dropped} older message(s) left out to stay within ${maxTokens} tokens`,
        );
      const ceiling = bounded.tokens + (req.params.max_tokens ?? 0);
      const reservation = isReservation(req.budget)
        ? req.budget
        : await reserveTokens(deps, req.budget, ceiling);
      return { request: { ...req, messages: bounded.messages }, reservation, sent: bounded.tokens };
    } catch (err) {
      if (isReservation(req.budget)) await req.budget.settle(0);
      throw err;
    }
  }

  return {
    get offline() {
      return shown.offline;
    },
    get models() {
      return shown.models;
    },
    get defaultModel() {
      return shown.defaultModel;
    },
    resolveModel: (requested) => shown.resolveModel(requested),
    current() {
      const fixed = use();
      return metering(fixed, () => fixed, deps);
    },

    async *stream(req) {
      const gateway = use();
      if (gateway.offline) {
        try {
          yield* gateway.stream(req);
        } finally {
          if (isReservation(req.budget)) await req.budget.settle(0);
        }
        return;
      }
      const { request, reservation, sent } = await prepare(req);
      let written = '';
      let failure: unknown;
      try {
        for await (const text of gateway.stream(request)) {
          written += text;
          yield text;
        }
      } catch (err) {
        failure = err;
        throw err;
      } finally {
        await reservation.settle(await costOf(sent, written, failure));
      }
    },

    async complete(req) {
      const gateway = use();
      if (gateway.offline) return unmetered(req, () => gateway.complete(req));
      const { request, reservation, sent } = await prepare(req);
      let written = '';
      let failure: unknown;
      try {
        written = await gateway.complete(request);
        return written;
      } catch (err) {
        failure = err;
        throw err;
      } finally {
        await reservation.settle(await costOf(sent, written, failure));
      }
    },
  };
}
