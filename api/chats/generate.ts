// Generating a reply: stream from the model, save progress to the reply's row every second (so a
// reload, another device or a replayed send sees it), and finish it as complete, partial or failed.
// The work is not tied to the HTTP request: a client that disconnects does not stop it.
import type { Logger } from '../log';
import type { Pool } from '../db';
import type { LlmGateway, CompletionRequest } from '../llm/types';
import { UpstreamError } from '../llm/types';
import { finishReply, findMessage, saveProgress, type MessageRow } from './chats.sql';

const SAVE_EVERY_MS = 1000;
/** The longest a live reply's row goes unwritten. */
const KEEP_FRESH_MS = 5000;
const FOLLOW_POLL_MS = 250;

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
  onDelta: (text: string) => void,
): Promise<GenerationResult> {
  const controller = new AbortController();
  running.set(reply.id, controller);
  let content = '';
  let saved = '';
  let stopped = false;
  let saving: Promise<void> | undefined;
  let savedAt = Date.now();
  const save = () => {
    // Written when the text grew, and at least every few seconds while it does not (a model still
    // thinking): a reply whose row stays fresh is never taken for one a dead process left behind.
    if (saving || (content === saved && Date.now() - savedAt < KEEP_FRESH_MS)) return;
    const snapshot = content;
    savedAt = Date.now();
    saving = saveProgress(deps.pool, reply.id, snapshot)
      .then(({ stopRequested }) => {
        saved = snapshot;
        if (stopRequested) {
          stopped = true;
          controller.abort();
        }
      })
      .catch((err: Error) => deps.log.warn(`chat reply ${reply.id}: saving progress failed: ${err.message}`))
      .finally(() => {
        saving = undefined;
      });
  };
  const timer = setInterval(save, SAVE_EVERY_MS);
  try {
    for await (const text of deps.llm.stream({ ...request, signal: controller.signal })) {
      content += text;
      onDelta(text);
    }
    await saving;
    const { restored, ...message } = await finishReply(deps.pool, reply.id, content, stopped ? 'partial' : 'complete');
    return { message, restored };
  } catch (thrown) {
    await saving;
    const err = thrown instanceof UpstreamError ? thrown : new UpstreamError('server', String(thrown));
    if (err.kind === 'aborted' || controller.signal.aborted) {
      const { restored, ...message } = await finishReply(deps.pool, reply.id, content, 'partial');
      return { message, restored };
    }
    const status = content ? 'partial' : 'failed';
    deps.log.warn(`chat reply ${reply.id} ${status} (model ${request.model}): ${err.kind}: ${err.message}`);
    const { restored, ...message } = await finishReply(deps.pool, reply.id, content, status);
    return { message, error: err, restored };
  } finally {
    clearInterval(timer);
    running.delete(reply.id);
  }
}

/**
 * Follow a reply another request is generating (a replayed send): pass on what it adds until it
 * finishes. Gives up (returns undefined) when it stops changing for `staleMs`: its process died.
 */
export async function followReply(pool: Pool, replyId: number, onDelta: (text: string) => void, staleMs: number): Promise<MessageRow | undefined> {
  let sent = 0;
  for (;;) {
    const m = await findMessage(pool, replyId);
    if (!m) return undefined;
    if (m.content.length > sent) {
      onDelta(m.content.slice(sent));
      sent = m.content.length;
    }
    if (m.status !== 'streaming') return m;
    if (Date.now() - new Date(m.updated_at).getTime() > staleMs) return undefined;
    await new Promise((r) => setTimeout(r, FOLLOW_POLL_MS));
  }
}
