/**
 * A chat send as outbox work (kind 'chat-send', data/outbox.ts): its entry, its handler, and how a
 * reply's outcome (replyStream.ts) maps to the outbox's three answers:
 *
 *   done, interrupted, a Stop after the server took it, a partial answer   → delivered
 *   a refusal for good (a 4xx but 401, 408, 429 and a session mismatch),
 *   a model that gave no answer, a Stop before the server took it           → refused ('Not sent',
 *                                                     with Retry (requeueSend) and Delete (discardSend))
 *   the network, a 5xx, a 429, 401 or another account's session             → retry (the day's
 *                          allowance: not before the reset the server names; no session: 5 minutes)
 *
 * The handler also keeps the send's message row in step with its entry (queued, sending, failed with
 * the reason), and a send the model answered releases the sends held until the allowance resets.
 */
import { TOKEN_BUDGET_CODE } from '../../../../domain/contract/errors';
import { RateLimitedError } from '../../../data/api';
import { replyKeyFor } from '../../../data/chatMerge';
import type { OutboxEntry, OutboxState, PitchpadDb } from '../../../data/db';
import {
  isRefusedForGood,
  isSessionProblem,
  SIGNED_OUT_RETRY_MS,
} from '../../../data/queue/answers';
import {
  enqueue,
  nextState,
  releaseHolds,
  requeue,
  type Answer,
  type FlushReport,
  type Handlers,
  type KindHandler,
  type Transition,
} from '../../../data/outbox';

export const CHAT_SEND = 'chat-send';

/** A chat send's entry: its chat (its line) and its user message row. */
export type ChatSendEntry = OutboxEntry & { chatId: string; messageKey: string };

/** Whether `entry` is a chat send. */
export function isChatSend(entry: OutboxEntry): entry is ChatSendEntry {
  return entry.kind === CHAT_SEND && entry.chatId !== undefined && entry.messageKey !== undefined;
}

/** How a delivery ended, as the chat's reply stream reports it (replyStream.ts). */
export type DeliveryOutcome =
  /** The reply arrived in full. */
  | { kind: 'done' }
  /** The server stored the message but the model failed: with some text (partial) or none. */
  | { kind: 'model-error'; partial: boolean; message: string }
  /** The call failed before the server acknowledged the message. */
  | { kind: 'not-sent'; error: unknown }
  /** The server acknowledged the message, then the connection dropped mid-reply. */
  | { kind: 'interrupted' }
  /** The user pressed Stop; `accepted` when the server had acknowledged the message already. */
  | { kind: 'stopped'; accepted: boolean }
  /** Nothing was sent: the message is gone, or its reply already streams in this context. */
  | { kind: 'skipped' };

/** Delivering one chat send: `deliverChatSend` (sendMessage.ts), or the worker's `deliverPlanFirst`. */
export type Deliver = (db: PitchpadDb, entry: ChatSendEntry) => Promise<DeliveryOutcome>;

/**
 * The day's AI allowance is used up (429 token_budget): the server says when it resets (Retry-After),
 * and every send before then is refused the same, without reaching the model.
 */
export function isAllowanceSpent(error: unknown): error is RateLimitedError {
  return error instanceof RateLimitedError && error.code === TOKEN_BUDGET_CODE;
}

export { isRefusedForGood, isSessionProblem, SIGNED_OUT_RETRY_MS };

/** A reply's outcome as the outbox's answer (see the header). `skipped` is settled by the handler. */
export function chatAnswer(
  outcome: Exclude<DeliveryOutcome, { kind: 'skipped' }>,
  now: number,
): Answer {
  const detail = outcome;
  switch (outcome.kind) {
    case 'done':
    case 'interrupted':
      return { kind: 'delivered', detail };
    case 'stopped':
      return outcome.accepted
        ? { kind: 'delivered', detail }
        : { kind: 'refused', reason: 'Stopped before it was sent.', detail };
    case 'model-error':
      // The server holds the message either way; with no answer at all the user may Retry (a replay
      // asks the model again), with part of one they may Regenerate.
      return outcome.partial
        ? { kind: 'delivered', detail }
        : { kind: 'refused', reason: outcome.message, detail };
    case 'not-sent': {
      const { error } = outcome;
      const reason = error instanceof Error ? error.message : String(error);
      if (isRefusedForGood(error)) return { kind: 'refused', reason, detail };
      // The day's allowance: the server named when it resets. A try before then (the 30 s backoff, the
      // app coming back on screen) would only be refused again, so none is made; the send stays queued
      // with the server's message, which says when.
      if (isAllowanceSpent(error) && error.retryAfterMs !== undefined)
        return { kind: 'retry', reason, notBefore: now + error.retryAfterMs, detail };
      // Signed out (the session expired), or someone else signed in on this device: nothing goes
      // through until the user logs in again, which restarts the app's flushes; meanwhile retry rarely.
      return isSessionProblem(error)
        ? { kind: 'retry', reason, delayMs: SIGNED_OUT_RETRY_MS, detail }
        : { kind: 'retry', reason, detail };
    }
  }
}

/** What a chat send's entry becomes after a reply's outcome: the chat mapping, then the outbox's state machine. */
export function transition(
  entry: Pick<OutboxEntry, 'attempts'>,
  outcome: Exclude<DeliveryOutcome, { kind: 'skipped' }>,
  now: number,
  random?: () => number,
): Transition {
  return nextState(entry, chatAnswer(outcome, now), now, random);
}

/** The outbox's handlers for chat sends, delivered by `deliver`. */
export function chatHandlers(deliver: Deliver): Handlers {
  return { [CHAT_SEND]: chatSendHandler(deliver) };
}

function chatSendHandler(deliver: Deliver): KindHandler {
  return {
    tables: ['messages'],
    async deliver(db, entry) {
      if (!isChatSend(entry)) return { kind: 'refused', reason: 'Not a chat send.' };
      let outcome: DeliveryOutcome;
      try {
        outcome = await deliver(db, entry);
      } catch (error) {
        outcome = { kind: 'not-sent', error };
      }
      if (outcome.kind !== 'skipped') return chatAnswer(outcome, Date.now());
      const message = await db.messages.get(entry.messageKey ?? '');
      // The message is gone: nothing is left to send.
      if (!message) return { kind: 'delivered', detail: outcome, forget: true };
      // Its reply is already streaming in this context (a resume): acknowledged, so sent; otherwise try later.
      return message.serverId !== null
        ? { kind: 'delivered', detail: outcome }
        : { kind: 'retry', reason: 'Its reply is on its way here already.', detail: outcome };
    },
    async taken(db, entry, now) {
      const message = await db.messages.get(entry.messageKey ?? '');
      if (message)
        await db.messages.update(message.key, {
          status: message.serverId === null ? 'sending' : 'sent',
          touchedAt: now,
        });
    },
    async settled(db, entry, state, answer, now) {
      const message = await db.messages.get(entry.messageKey ?? '');
      if (message && message.serverId === null && (state === 'queued' || state === 'failed'))
        await db.messages.update(message.key, {
          status: state,
          touchedAt: now,
          ...(answer.kind === 'refused' ? { errorMessage: answer.reason } : {}),
        });
      // A send the model answered proves there is allowance again (an upgrade, a higher limit): the
      // sends held until the reset may go now.
      if (state === 'sent' && (answer.detail as DeliveryOutcome | undefined)?.kind === 'done')
        await releaseHolds(db, now);
    },
    errorOf(detail) {
      const outcome = detail as DeliveryOutcome | undefined;
      return outcome?.kind === 'not-sent' ? outcome.error : undefined;
    },
    async recover(db, entry, now) {
      // Those the server acknowledged are sent; the rest go again.
      const message = await db.messages.get(entry.messageKey ?? '');
      const acknowledged = message !== undefined && message.serverId !== null;
      if (message && !acknowledged)
        await db.messages.update(message.key, { status: 'queued', touchedAt: now });
      return acknowledged ? 'sent' : 'queued';
    },
  };
}

/** The chat sends of a flush's report, with their reply's outcome: for the readers of chat outcomes. */
export function chatOutcomes(
  report: FlushReport,
): Array<[clientId: string, { outcome: DeliveryOutcome; state: OutboxState }]> {
  return [...report.outcomes]
    .filter(([, settled]) => settled.kind === CHAT_SEND && settled.detail !== undefined)
    .map(([clientId, settled]) => [
      clientId,
      { outcome: settled.detail as DeliveryOutcome, state: settled.state },
    ]);
}

/**
 * The new send's outbox entry; call inside the transaction that writes its message row. Once that
 * commits, the worker is asked to deliver it even if the app is closed by then (backgroundSync.ts).
 */
export function queueSend(
  db: PitchpadDb,
  send: { clientId: string; chatId: string; messageKey: string; model?: string },
  now = Date.now(),
): Promise<number> {
  return enqueue(db, { ...send, kind: CHAT_SEND, line: send.chatId }, now);
}

/**
 * Retry: queue a failed send again (at once, backoff reset). A message with no entry (it failed
 * before the outbox existed) gets a new one at the end of the queue.
 */
export async function requeueSend(
  db: PitchpadDb,
  messageKey: string,
  model?: string,
): Promise<boolean> {
  return db.transaction('rw', db.outbox, db.messages, async () => {
    const message = await db.messages.get(messageKey);
    if (!message?.clientId || message.role !== 'user') return false;
    const now = Date.now();
    const entry = await db.outbox.where('clientId').equals(message.clientId).first();
    if (entry?.state === 'queued' || entry?.state === 'sending') return false;
    if (entry) await requeue(db, entry.seq!, now, model ? { model } : {});
    else
      await queueSend(
        db,
        { clientId: message.clientId, chatId: message.chatId, messageKey, model },
        now,
      );
    await db.messages.update(messageKey, {
      status: 'queued',
      errorMessage: undefined,
      touchedAt: now,
    });
    return true;
  });
}

/**
 * Delete: forget a send the server never stored (it failed for good), with its message and any
 * empty reply. A send the server holds cannot be taken back here: false.
 */
export async function discardSend(db: PitchpadDb, messageKey: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, db.messages, async () => {
    const message = await db.messages.get(messageKey);
    if (!message?.clientId || message.serverId !== null) return false;
    const entry = await db.outbox.where('clientId').equals(message.clientId).first();
    if (entry?.state === 'sending') return false;
    if (entry) await db.outbox.delete(entry.seq!);
    await db.messages.bulkDelete([messageKey, replyKeyFor(messageKey)]);
    return true;
  });
}
