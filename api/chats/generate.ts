// Generating a reply: stream from the model, save progress to the reply's row every second (so a
// reload, another device or a replayed send sees it), and finish it as complete, partial or failed.
// The work is not tied to the HTTP request: a client that disconnects does not stop it.
import type { Logger } from '../log';
import type { Pool } from '../db';
import type { MessageSource } from '../../domain/contract/chat';
import type { LlmGateway, CompletionRequest } from '../llm/types';
import { UpstreamError } from '../llm/types';
import { finishReply, findFollowedReply, saveProgress, type MessageRow } from './chats.sql';

/**
 * How often a live reply's row is written: its text when it grew, else only its time, so the row
 * says its writer is alive however long the model stays silent (the writer's heartbeat).
 */
const SAVE_EVERY_MS = 1000;
/**
 * A 'streaming' reply whose row has gone unwritten this long has no live writer (its process died
 * or lost its database) and may be taken over. Ten heartbeats missed in a row: a slow query or a
 * busy moment delays one or two, never ten. Judged by the database's clock, which stamps every
 * write, never by comparing two machines' clocks. A model slow to answer does not count: the
 * heartbeat goes on without words, and the model's own timeout (LLM_TIMEOUT_MS) ends the writer.
 */
export const REPLY_STALE_MS = 10_000;
const FOLLOW_POLL_MS = 250;

/**
 * Where a reply's text goes as it is written (an SSE response, or nowhere for a JSON one): `delta`
 * adds words; `restart` tells the client the text starts over (what it was sent is void), said only
 * when something was sent. `text` is what the client holds now.
 */
export interface ReplyOutput {
  /** The kit passages the reply is written with, said once before its first word (when there are any). */
  sources(sources: MessageSource[]): void;
  delta(text: string): void;
  restart(): void;
  readonly text: string;
}

export function replyOutput(
  sink: {
    delta(text: string): void;
    restart(): void;
    sources?(sources: MessageSource[]): void;
  } = { delta() {}, restart() {} },
): ReplyOutput {
  let text = '';
  return {
    sources(sources) {
      if (sources.length) sink.sources?.(sources);
    },
    delta(words) {
      text += words;
      sink.delta(words);
    },
    restart() {
      if (text === '') return;
      text = '';
      sink.restart();
    },
    get text() {
      return text;
    },
  };
}

/** Generations running in this process, so a stop sent to this instance aborts at once. */
const running = new Map<number, AbortController>();

/** Abort a generation if it runs here; other instances notice the stop flag at their next save. */
export function abortIfRunningHere(replyId: number): void {
  running.get(replyId)?.abort();
}

export interface GenerationResult {
  message: MessageRow;
  /**
   * Set when the model failed; `message` is then partial (what arrived) or failed (nothing did), or,
   * for a regenerate that produced nothing, the answer it was to replace (`restored`).
   */
  error?: UpstreamError;
  /** A regenerate produced nothing and the earlier answer is back, unchanged. */
  restored?: boolean;
}

export async function generateReply(
  deps: { pool: Pool; llm: LlmGateway; log: Logger },
  reply: MessageRow,
  request: Omit<CompletionRequest, 'signal'>,
  out: ReplyOutput,
  /** The kit passages the request's system prompt carries, in the order it numbers them. */
  sources: readonly MessageSource[] = [],
): Promise<GenerationResult> {
  // The reply is written from its first word: anything the client holds of it (a dead writer's
  // start, replayed before this took over) is void.
  out.restart();
  out.sources([...sources]);
  const controller = new AbortController();
  running.set(reply.id, controller);
  let content = '';
  let saved = '';
  let stopped = false;
  // When this writer last wrote the reply (the database's time): its claim that the reply is still its own.
  let writtenAt = reply.updated_at;
  // The reply was taken over while this writer could not reach the database (it was taken for dead).
  let lost = false;
  let saving: Promise<void> | undefined;
  const save = () => {
    if (saving) return;
    const snapshot = content;
    saving = saveProgress(deps.pool, reply.id, snapshot === saved ? undefined : snapshot, writtenAt)
      .then((written) => {
        if (!written) {
          lost = true;
          return controller.abort();
        }
        saved = snapshot;
        writtenAt = written.writtenAt;
        if (written.stopRequested) {
          stopped = true;
          controller.abort();
        }
      })
      .catch((err: Error) =>
        deps.log.warn(`chat reply ${reply.id}: saving progress failed: ${err.message}`),
      )
      .finally(() => {
        saving = undefined;
      });
  };
  const timer = setInterval(save, SAVE_EVERY_MS);
  const finish = async (
    status: 'complete' | 'partial' | 'failed',
    error?: UpstreamError,
  ): Promise<GenerationResult> => {
    clearInterval(timer);
    const finished = lost
      ? undefined
      : await finishReply(deps.pool, reply.id, content, status, writtenAt, sources);
    if (finished) {
      const { restored, ...message } = finished;
      return { message, restored, ...(error ? { error } : {}) };
    }
    // Someone else writes the reply now: what this writer streamed is void; its client follows theirs.
    deps.log.warn(
      `chat reply ${reply.id}: no longer this writer's (taken over while it could not reach the database, or settled); following it`,
    );
    return { message: (await followReply(deps.pool, reply.id, out)) ?? reply };
  };
  try {
    for await (const text of deps.llm.stream({ ...request, signal: controller.signal })) {
      content += text;
      out.delta(text);
    }
    await saving;
    return await finish(stopped ? 'partial' : 'complete');
  } catch (thrown) {
    await saving;
    const err =
      thrown instanceof UpstreamError ? thrown : new UpstreamError('server', String(thrown));
    if (err.kind === 'aborted' || controller.signal.aborted) return await finish('partial');
    const status = content ? 'partial' : 'failed';
    deps.log.warn(
      `chat reply ${reply.id} ${status} (model ${request.model}): ${err.kind}: ${err.message}`,
    );
    return await finish(status, err);
  } finally {
    clearInterval(timer);
    running.delete(reply.id);
  }
}

/**
 * Follow a reply another request is generating (a replayed send, maybe on another instance): pass on
 * what it adds until it finishes, however long its live writer takes. Gives up (returns undefined)
 * once the reply is abandoned: no heartbeat for REPLY_STALE_MS, its writer died. Text the client was
 * sent that the reply no longer starts with (someone took it over and started afresh) is restarted.
 */
export async function followReply(
  pool: Pool,
  replyId: number,
  out: ReplyOutput,
): Promise<MessageRow | undefined> {
  for (;;) {
    const found = await findFollowedReply(pool, replyId, REPLY_STALE_MS / 1000);
    if (!found) return undefined;
    const { abandoned, ...m } = found;
    if (!m.content.startsWith(out.text)) out.restart();
    if (m.content.length > out.text.length) out.delta(m.content.slice(out.text.length));
    if (m.status !== 'streaming') return m;
    if (abandoned) return undefined;
    await new Promise((r) => setTimeout(r, FOLLOW_POLL_MS));
  }
}
