/**
 * The outbox (design §6): every send goes through here, so nothing typed is lost and every send is
 * delivered exactly once.
 *
 *  - A send is written to the local database first (`queueSend`, in the same transaction as its
 *    message row), then delivered by `flushOutbox`. Its states:
 *
 *        queued ──▶ sending ──▶ sent
 *          ▲           │
 *          └───────────┤ network down, 5xx, 429, 401, another account's session (409
 *                      │ session_mismatch): back to queued, retried with backoff
 *                      └──▶ failed   refused for good (other 4xx), or the model gave no answer:
 *                                    'Not sent' with Retry (requeueSend) and Delete (discardSend)
 *
 *  - Delivery replays the same `clientId` (POST /api/chat's clientMessageId) every time: the server
 *    stores a send once and answers a replay with the stored reply, so a retry after a lost answer
 *    never makes a second message. That key is the ONLY queue of a send: no Workbox Background Sync
 *    queue and no paused TanStack mutation ever holds a copy.
 *  - One line per chat. A chat's sends go strictly in order: only its oldest waiting send is
 *    eligible, and the next waits for its reply (the next message's context includes it). Chats
 *    are independent: each has its own deliverer, so a long reply in one chat never leaves a send
 *    in another 'Queued' (up to MAX_PARALLEL_CHATS at once per tab). A send refused for good leaves
 *    its line, so it holds up nothing behind it.
 *  - One deliverer per chat across tabs and the service worker: the Web Lock
 *    'pitchpad-outbox-<chatId>:<db>' (queue/lock.ts). The chats a context delivers at once share
 *    its slots (queue/slots.ts).
 *    Whoever holds it may treat any entry of that chat still 'sending' as cut off (a tab closed
 *    mid-send) and queue it again.
 *  - A transient failure stops its chat's line (the next sends would fail the same way) and sets the
 *    entry's backoff; the sync engine (sync.ts) flushes again when it is due, when the browser comes
 *    back online or the app becomes visible, and on the service worker's `sync` event.
 *  - Except when the day's AI allowance is used up (429 token_budget): the server names when it
 *    resets (Retry-After), and the entry keeps that time (`notBefore`), so no flush, forced or not,
 *    in this tab, another or the worker, after a reload too, tries it before then. It stays 'Queued'
 *    with the server's message, which says when.
 *  - The server has a send once it answers `start`: its message is marked sent there and then
 *    (replyStream.ts), while the entry stays 'sending' until its reply ends. Only sends the server
 *    has not stored count as waiting (`unsentSends`), and only those held up by a failure
 *    (`heldBack`) are the header's warning.
 *
 * What delivering means is passed in (`Deliver`): the chat's is `deliverChatSend` in
 * features/chat/engine/sendMessage.ts, used by the pages and the service worker alike.
 */
import { TOKEN_BUDGET_CODE } from '../../domain/contract/usage';
import { ApiError, RateLimitedError, SessionMismatchError, UnauthorizedError } from './api';
import { syncWhenStored } from './backgroundSync';
import { replyKeyFor } from './chatMerge';
import type { OutboxEntry, OutboxState, PitchpadDb } from './db';
import { withDbLock } from './queue/lock';
import { withSlot } from './queue/slots';

/** How a delivery ended, as the chat's reply stream reports it (features/chat/engine/replyStream.ts). */
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

export type Deliver = (db: PitchpadDb, entry: OutboxEntry) => Promise<DeliveryOutcome>;

/**
 * First retry after a transient failure; doubled per attempt, up to the cap, with ±20% jitter. The
 * cap is short enough that a server back after minutes away gets the queue within about 30 s,
 * without the app being touched.
 */
export const BACKOFF_BASE_MS = 2000;
export const BACKOFF_MAX_MS = 30 * 1000;
/** The retry of a send whose owner has no session here: only a sign-in helps, which flushes at once. */
export const SIGNED_OUT_RETRY_MS = 5 * 60 * 1000;
/** Sent entries are kept this long (for "how did this go" questions), then pruned. */
const KEEP_SENT_MS = 24 * 60 * 60 * 1000;

/** The delay before retry number `attempts` (1 = after the first failure). */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** True for a refusal that will be the same next time: a 4xx other than 401, 408, 429 and a session mismatch. */
export function isRefusedForGood(error: unknown): boolean {
  if (!(error instanceof ApiError) || isSessionProblem(error)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * The browser has no session for the outbox's owner: signed out (401), or another account signed in
 * on this device (409 session_mismatch). The send waits until its owner signs in again.
 */
export function isSessionProblem(error: unknown): boolean {
  return error instanceof UnauthorizedError || error instanceof SessionMismatchError;
}

/**
 * The day's AI allowance is used up (429 token_budget): the server says when it resets (Retry-After),
 * and every send before then is refused the same, without reaching the model.
 */
export function isAllowanceSpent(error: unknown): error is RateLimitedError {
  return error instanceof RateLimitedError && error.code === TOKEN_BUDGET_CODE;
}

/** What an entry becomes after a delivery: the state machine, as a pure function. */
export interface Transition {
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  /** Not tried before then, not even by a forced flush (see OutboxEntry.notBefore). */
  notBefore?: number;
  lastError?: string;
  /** Stop this flush: the next sends would fail the same way. */
  stopFlush: boolean;
}

/** The state machine (see the header). `skipped` is settled by the flusher, which re-reads the message. */
export function transition(
  entry: Pick<OutboxEntry, 'attempts'>,
  outcome: Exclude<DeliveryOutcome, { kind: 'skipped' }>,
  now: number,
  random?: () => number,
): Transition {
  const sent = {
    state: 'sent' as const,
    attempts: entry.attempts,
    nextAttemptAt: 0,
    stopFlush: false,
  };
  switch (outcome.kind) {
    case 'done':
    case 'interrupted':
      return sent;
    case 'stopped':
      return outcome.accepted
        ? sent
        : {
            state: 'failed',
            attempts: entry.attempts,
            nextAttemptAt: 0,
            lastError: 'Stopped before it was sent.',
            stopFlush: false,
          };
    case 'model-error':
      // The server holds the message either way; with no answer at all the user may Retry (a replay
      // asks the model again), with part of one they may Regenerate.
      return outcome.partial
        ? sent
        : {
            state: 'failed',
            attempts: entry.attempts,
            nextAttemptAt: 0,
            lastError: outcome.message,
            stopFlush: false,
          };
    case 'not-sent': {
      const { error } = outcome;
      const message = error instanceof Error ? error.message : String(error);
      if (isRefusedForGood(error))
        return {
          state: 'failed',
          attempts: entry.attempts,
          nextAttemptAt: 0,
          lastError: message,
          stopFlush: false,
        };
      const attempts = entry.attempts + 1;
      // The day's allowance: the server named when it resets. A try before then (the 30 s backoff, the
      // app coming back on screen) would only be refused again, so none is made; the send stays queued
      // with the server's message, which says when.
      if (isAllowanceSpent(error) && error.retryAfterMs !== undefined) {
        const notBefore = now + error.retryAfterMs;
        return {
          state: 'queued',
          attempts,
          nextAttemptAt: notBefore,
          notBefore,
          lastError: message,
          stopFlush: true,
        };
      }
      // Signed out (the session expired), or someone else signed in on this device: nothing goes
      // through until the user logs in again, which restarts the app's flushes; meanwhile retry rarely.
      const delay = isSessionProblem(error) ? SIGNED_OUT_RETRY_MS : backoffDelay(attempts, random);
      return {
        state: 'queued',
        attempts,
        nextAttemptAt: now + delay,
        lastError: message,
        stopFlush: true,
      };
    }
  }
}

/**
 * The new send's outbox entry; call inside the transaction that writes its message row. Once that
 * commits, the worker is asked to deliver it even if the app is closed by then (backgroundSync.ts).
 */
export function queueSend(
  db: PitchpadDb,
  send: Pick<OutboxEntry, 'clientId' | 'chatId' | 'messageKey' | 'model'>,
  now = Date.now(),
): Promise<number> {
  const added = db.outbox.add({
    ...send,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: now,
    updatedAt: now,
  });
  syncWhenStored(db);
  return added;
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
    if (entry)
      await db.outbox.update(entry.seq!, {
        state: 'queued',
        attempts: 0,
        nextAttemptAt: 0,
        notBefore: undefined,
        lastError: undefined,
        updatedAt: now,
        ...(model ? { model } : {}),
      });
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
    if (entry) syncWhenStored(db);
    return true;
  });
}

/**
 * Sends held back by the day's AI allowance (`notBefore`) may go at once: the rep has allowance
 * again before the reset (upgraded to Pro, or a send just went through). Answers how many were held.
 */
export async function releaseAllowanceHolds(db: PitchpadDb): Promise<number> {
  const released = await db.transaction('rw', db.outbox, () => releaseHolds(db, Date.now()));
  if (released > 0) syncWhenStored(db);
  return released;
}

function releaseHolds(db: PitchpadDb, now: number): Promise<number> {
  return db.outbox
    .where('state')
    .equals('queued')
    .filter((entry) => entry.notBefore !== undefined && entry.notBefore > now)
    .modify({ notBefore: undefined, nextAttemptAt: now });
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

/** Sends waiting to go (queued, or on their way), in the order typed. */
export function waitingSends(db: PitchpadDb): Promise<OutboxEntry[]> {
  return db.outbox.where('state').anyOf('queued', 'sending').sortBy('seq');
}

/** Sends waiting to go (queued, or on their way). */
export function countWaiting(db: PitchpadDb): Promise<number> {
  return db.outbox.where('state').anyOf('queued', 'sending').count();
}

/**
 * Of the waiting sends (in order), those the server has not stored yet: a send whose reply is
 * streaming is on its way in the outbox's eyes (its deliverer still holds it) but already stored.
 */
export async function unsentSends(
  db: PitchpadDb,
  waiting?: readonly OutboxEntry[],
): Promise<OutboxEntry[]> {
  const entries = waiting ?? (await waitingSends(db));
  const messages = await db.messages.bulkGet(entries.map((e) => e.messageKey));
  return entries.filter((entry, i) => entry.state === 'queued' || messages[i]?.serverId == null);
}

/**
 * Of the unsent sends (in order), those held up by a failure: every send of a chat whose next send
 * has already failed at least once (the network, the server, its owner signed out). A send that is
 * merely next in its chat's line is not held up.
 */
export function heldBack(unsent: readonly OutboxEntry[]): OutboxEntry[] {
  const failing = new Map<string, boolean>();
  for (const entry of unsent)
    if (!failing.has(entry.chatId)) failing.set(entry.chatId, entry.attempts > 0);
  return unsent.filter((entry) => failing.get(entry.chatId));
}

/** Of the waiting sends (in order), the oldest of each chat that is queued: the only ones that may go next. */
export function queueHeads(waiting: readonly OutboxEntry[]): OutboxEntry[] {
  const chats = new Set<string>();
  return waiting.filter((entry) => {
    if (chats.has(entry.chatId)) return false;
    chats.add(entry.chatId);
    return entry.state === 'queued';
  });
}

/** When the next of the waiting sends is due by its backoff and the server's Retry-After (null: none is queued). */
export function nextDueAt(waiting: readonly OutboxEntry[]): number | null {
  const heads = queueHeads(waiting);
  return heads.length
    ? Math.min(...heads.map((e) => Math.max(e.nextAttemptAt, e.notBefore ?? 0)))
    : null;
}

/** True while the server's Retry-After still holds the entry back: not even a forced flush tries it. */
function heldUntilLater(entry: OutboxEntry, now: number): boolean {
  return entry.notBefore !== undefined && entry.notBefore > now;
}

/**
 * The chats a flush has work in: a queued send due before `dueBefore` (and not held back by the
 * server's Retry-After) at the head of its line, or a send on its way, which may have been cut off
 * (its chat's lock tells: see `drainChat`).
 */
export function chatsToFlush(
  waiting: readonly OutboxEntry[],
  dueBefore: number,
  now = Date.now(),
): string[] {
  const chats = new Map<string, boolean>();
  for (const entry of waiting) {
    if (chats.has(entry.chatId)) continue;
    chats.set(
      entry.chatId,
      entry.state === 'sending' ||
        (entry.nextAttemptAt <= dueBefore && !heldUntilLater(entry, now)),
    );
  }
  return [...chats].filter(([, due]) => due).map(([chatId]) => chatId);
}

/** Runs `fn` holding the outbox lock of one chat of `db`: whoever holds it is that chat's only deliverer. */
export function withChatOutboxLock<T>(
  db: PitchpadDb,
  chatId: string,
  fn: () => Promise<T>,
): Promise<T> {
  return withDbLock(db, `outbox-${chatId}`, fn);
}

// ---------------------------------------------------------------------------------------------
// Flushing

export interface FlushReport {
  /** What happened to each send this context delivered, by clientId. */
  outcomes: Map<string, { outcome: DeliveryOutcome; state: OutboxState }>;
  /** A chat stopped on a transient failure, or nothing was tried because the browser is offline. */
  blocked: boolean;
}

export interface FlushOptions {
  /** Ignore the backoff: the user sent something, or the network or the app just came back. */
  force?: boolean;
  /** Flush this chat only (a send the user just made): the other chats' lines go on by themselves. */
  chatId?: string;
}

/** A chat being delivered by this context. Calls made meanwhile join it: it goes round once more. */
interface Lane {
  again: boolean;
  force: boolean;
  report: FlushReport;
  promise: Promise<FlushReport>;
}

const lanes = new WeakMap<PitchpadDb, Map<string, Lane>>();

/**
 * Deliver every due send of `db` (of one chat with `chatId`). Each chat is its own line: its sends
 * go one at a time in the order typed, under its own lock, while other chats' lines go at the same
 * time, so a long reply (or a failing send) in one chat never holds up a send in another.
 */
export async function flushOutbox(
  db: PitchpadDb,
  deliver: Deliver,
  { force = false, chatId }: FlushOptions = {},
): Promise<FlushReport> {
  // Offline for sure: every try would fail. The `online` event brings the next flush.
  if (globalThis.navigator?.onLine === false) return { outcomes: new Map(), blocked: true };
  await pruneSent(db);
  const chats =
    chatId !== undefined
      ? [chatId]
      : chatsToFlush(await waitingSends(db), force ? Infinity : Date.now());
  const reports = await Promise.all(chats.map((id) => flushChat(db, id, deliver, force)));
  return {
    outcomes: new Map(reports.flatMap((report) => [...report.outcomes])),
    blocked: reports.some((report) => report.blocked),
  };
}

/** Deliver the due sends of one chat, joining the line this context already runs for it. */
function flushChat(
  db: PitchpadDb,
  chatId: string,
  deliver: Deliver,
  force: boolean,
): Promise<FlushReport> {
  let running = lanes.get(db);
  if (!running) lanes.set(db, (running = new Map()));
  const current = running.get(chatId);
  if (current) {
    current.again = true;
    current.force ||= force;
    return current.promise;
  }
  const lane = { again: true, force, report: { outcomes: new Map(), blocked: false } } as Lane;
  // Registered before the loop starts: an offline check can end it before its first await.
  running.set(chatId, lane);
  lane.promise = (async () => {
    try {
      while (lane.again) {
        lane.again = false;
        const dueBefore = lane.force ? Infinity : Date.now();
        lane.force = false;
        if (globalThis.navigator?.onLine === false) {
          lane.report.blocked = true;
          break;
        }
        lane.report.blocked = await withChatOutboxLock(db, chatId, () =>
          withSlot(db, () => drainChat(db, chatId, deliver, dueBefore, lane.report)),
        );
      }
      return lane.report;
    } finally {
      if (running.get(chatId) === lane) running.delete(chatId);
    }
  })();
  return lane.promise;
}

/** The chat's waiting sends, in the order typed. */
function waitingSendsOf(db: PitchpadDb, chatId: string): Promise<OutboxEntry[]> {
  return db.outbox
    .where('chatId')
    .equals(chatId)
    .filter((e) => e.state === 'queued' || e.state === 'sending')
    .sortBy('seq');
}

/**
 * Deliver the chat's due sends, oldest first, until none is left or one fails transiently (true
 * then: the ones behind it would fail the same way, and must not overtake it). Holds the chat's lock.
 */
async function drainChat(
  db: PitchpadDb,
  chatId: string,
  deliver: Deliver,
  dueBefore: number,
  report: FlushReport,
): Promise<boolean> {
  await recoverCutOffSends(db, chatId);
  for (;;) {
    const [head] = await waitingSendsOf(db, chatId);
    if (
      head?.state !== 'queued' ||
      head.nextAttemptAt > dueBefore ||
      heldUntilLater(head, Date.now())
    )
      return false;
    const settled = await deliverOne(db, deliver, head);
    if (!settled) continue;
    report.outcomes.set(head.clientId, { outcome: settled.outcome, state: settled.state });
    if (settled.stopFlush) return true;
  }
}

/**
 * The chat's entries left 'sending' when their context died (a reload, a closed tab). The caller
 * holds the chat's lock, so nobody is delivering them: those the server acknowledged are sent, the
 * rest go again.
 */
async function recoverCutOffSends(db: PitchpadDb, chatId: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.messages, async () => {
    const now = Date.now();
    for (const entry of await db.outbox
      .where('chatId')
      .equals(chatId)
      .filter((e) => e.state === 'sending')
      .toArray()) {
      const message = await db.messages.get(entry.messageKey);
      const acknowledged = message !== undefined && message.serverId !== null;
      await db.outbox.update(entry.seq!, {
        state: acknowledged ? 'sent' : 'queued',
        updatedAt: now,
      });
      if (message && !acknowledged)
        await db.messages.update(message.key, { status: 'queued', touchedAt: now });
    }
  });
}

/** Sent entries past their keeping time go. */
async function pruneSent(db: PitchpadDb): Promise<void> {
  const before = Date.now() - KEEP_SENT_MS;
  await db.outbox
    .where('state')
    .equals('sent')
    .filter((e) => e.updatedAt < before)
    .delete();
}

type Settled = { outcome: DeliveryOutcome; state: OutboxState; stopFlush: boolean };

/** Deliver one entry and record how it went; null when it changed under us (deleted, already taken). */
async function deliverOne(
  db: PitchpadDb,
  deliver: Deliver,
  entry: OutboxEntry,
): Promise<Settled | null> {
  const seq = entry.seq!;
  const taken = await db.transaction('rw', db.outbox, db.messages, async () => {
    const fresh = await db.outbox.get(seq);
    if (fresh?.state !== 'queued') return null;
    const now = Date.now();
    await db.outbox.update(seq, { state: 'sending', updatedAt: now });
    const message = await db.messages.get(fresh.messageKey);
    if (message)
      await db.messages.update(message.key, {
        status: message.serverId === null ? 'sending' : 'sent',
        touchedAt: now,
      });
    return fresh;
  });
  if (!taken) return null;

  let outcome: DeliveryOutcome;
  try {
    outcome = await deliver(db, taken);
  } catch (error) {
    outcome = { kind: 'not-sent', error };
  }

  return db.transaction('rw', db.outbox, db.messages, async (): Promise<Settled> => {
    const now = Date.now();
    const message = await db.messages.get(taken.messageKey);
    let next: Transition;
    if (outcome.kind === 'skipped') {
      if (!message) {
        await db.outbox.delete(seq);
        return { outcome, state: 'sent', stopFlush: false };
      }
      // Its reply is already streaming in this context (a resume): acknowledged, so sent; otherwise try later.
      next =
        message.serverId !== null
          ? { state: 'sent', attempts: taken.attempts, nextAttemptAt: 0, stopFlush: false }
          : {
              state: 'queued',
              attempts: taken.attempts + 1,
              nextAttemptAt: now + backoffDelay(taken.attempts + 1),
              stopFlush: true,
            };
    } else {
      next = transition(taken, outcome, now);
    }
    const { stopFlush, ...changes } = next;
    // Every try writes notBefore and lastError, so a success or another failure clears the old ones.
    await db.outbox.update(seq, {
      ...changes,
      notBefore: changes.notBefore,
      lastError: changes.lastError,
      updatedAt: now,
    });
    if (
      message &&
      message.serverId === null &&
      (next.state === 'queued' || next.state === 'failed')
    ) {
      await db.messages.update(message.key, {
        status: next.state,
        touchedAt: now,
        ...(next.state === 'failed' ? { errorMessage: next.lastError } : {}),
      });
    }
    // A send the model answered proves there is allowance again (an upgrade, a higher limit): the
    // sends held until the reset may go now.
    if (next.state === 'sent' && outcome.kind === 'done') await releaseHolds(db, now);
    return { outcome, state: next.state, stopFlush };
  });
}
