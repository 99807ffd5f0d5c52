/**
 * The outbox: every piece of work made here for the server (a chat send today, a profile
 * edit or a sales-kit file next) goes through here, so nothing is lost and each is delivered exactly
 * once.
 *
 *  - Work is written to the local database first (`enqueue`, in the same transaction as whatever it
 *    belongs to: a chat send's message row), then delivered by `flushOutbox`. Its states:
 *
 *        queued ──▶ sending ──▶ sent
 *          ▲           │
 *          └───────────┤ retry: the handler says another try later may deliver it (the network,
 *                      │ the server, no session): back to queued, with backoff
 *                      └──▶ failed   refused: the same try would be refused again
 *
 *  - What delivering means is the kind's (`KindHandler`, passed to `flushOutbox` as `Handlers`): it
 *    answers one of three things (`Answer`): delivered; retry later, with a reason (and, when the
 *    server named one, the time before which no try helps: `notBefore`); refused, with a reason.
 *    Each feature exports the handlers of its kinds (the chat's is in
 *    features/chat/engine/chatDelivery.ts, which maps a chat reply's outcome to those answers);
 *    web/app/queuedWork.ts combines them for the pages and the service worker alike.
 *  - Delivery replays the same `clientId` every time: the server stores the work once and answers a
 *    replay as the first try, so a retry after a lost answer never makes a second copy. That key is
 *    the ONLY queue of the work: no Workbox Background Sync queue and no paused TanStack mutation
 *    ever holds a copy. A `payload` (a Blob too) is kept in the entry, in IndexedDB.
 *  - One line per ordering key (`line`: a chat send's is its chat). A line's entries go strictly in
 *    order: only its oldest waiting entry is eligible, and the next waits for it to settle (the next
 *    message's context includes the reply). Lines are independent: each has its own deliverer, so a
 *    long reply in one chat never leaves a send in another 'Queued' (up to MAX_PARALLEL_CHATS at once
 *    per tab). An entry refused for good leaves its line, so it holds up nothing behind it.
 *  - One deliverer per line across tabs and the service worker: the Web Lock
 *    'pitchpad-outbox-<line>:<db>' (queue/lock.ts). The lines a context delivers at once share its
 *    slots (queue/slots.ts). Whoever holds it may treat any entry of that line still 'sending' as cut
 *    off (a tab closed mid-send): the kind's `recover` tells whether the server had it.
 *  - A retry stops its line (the next entries would fail the same way) and sets the entry's backoff;
 *    the sync engine (sync.ts) flushes again when it is due, when the browser comes back online or
 *    the app becomes visible, and on the service worker's `sync` event.
 *  - A retry with `notBefore` (the chat's: the day's AI allowance is used up, and the server's
 *    Retry-After says when it resets) keeps that time, so no flush, forced or not, in this tab,
 *    another or the worker, after a reload too, tries it before then.
 *  - Only entries the server has not stored count as waiting (`unsentSends`: a chat send whose reply
 *    is streaming is stored already), and only those held up by a failure (`heldBack`) are the
 *    header's warning.
 */
import { syncWhenStored } from './backgroundSync';
import type { OutboxEntry, OutboxKind, OutboxState, PitchpadDb } from './db';
import { withDbLock } from './queue/lock';
import { withSlot } from './queue/slots';
import { uuidv7 } from './ids';

/** What a kind's `deliver` answers: the one delivery contract of every kind of work. */
export type Answer =
  /** The server has it. `forget`: nothing is left to deliver (what it carried is gone): the entry goes. */
  | { kind: 'delivered'; detail?: unknown; forget?: boolean }
  /**
   * Another try later may deliver it; the entry's line stops until then. When: `notBefore` (a time the
   * server named: no try at all before it), else `delayMs`, else the backoff.
   */
  | { kind: 'retry'; reason: string; notBefore?: number; delayMs?: number; detail?: unknown }
  /** The same try would be refused again: the entry fails, and its line goes on. */
  | { kind: 'refused'; reason: string; detail?: unknown };

/**
 * How one kind of work is delivered. The hooks run inside the outbox's transactions, which hold the
 * outbox and the kind's `tables`.
 */
export interface KindHandler {
  /** The other tables the hooks read or write (a chat send's message row). */
  tables?: readonly string[];
  /** Hand the entry to the server. A throw is a retry, with the error's message. */
  deliver(db: PitchpadDb, entry: OutboxEntry): Promise<Answer>;
  /** The entry was just taken (now 'sending'). */
  taken?(db: PitchpadDb, entry: OutboxEntry, now: number): Promise<void>;
  /** The entry's try is over: `state` is what it became, after `answer`. */
  settled?(
    db: PitchpadDb,
    entry: OutboxEntry,
    state: OutboxState,
    answer: Answer,
    now: number,
  ): Promise<void>;
  /**
   * The entry was left 'sending' by a context that died (a reload, a closed tab): 'sent' if the server
   * has it, else 'queued' (the default) to go again.
   */
  recover?(db: PitchpadDb, entry: OutboxEntry, now: number): Promise<'sent' | 'queued'>;
  /**
   * The error a settlement's `detail` carries, for the sync engine to tell a lost session or a cut
   * network from it. By default the detail itself (a one-request kind's detail is its error); the
   * chat's detail is its reply's outcome, which holds the error when the send did not go.
   */
  errorOf?(detail: unknown): unknown;
}

/** The handlers a context delivers with, by kind. Entries of a kind with none wait in their line. */
export type Handlers = Readonly<Partial<Record<OutboxKind, KindHandler>>>;

/**
 * First retry after a transient failure; doubled per attempt, up to the cap, with ±20% jitter. The
 * cap is short enough that a server back after minutes away gets the queue within about 30 s,
 * without the app being touched.
 */
export const BACKOFF_BASE_MS = 2000;
export const BACKOFF_MAX_MS = 30 * 1000;
/** Sent entries are kept this long (for "how did this go" questions), then pruned. */
const KEEP_SENT_MS = 24 * 60 * 60 * 1000;

/** The delay before retry number `attempts` (1 = after the first failure). */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** What an entry becomes after a delivery: the state machine, as a pure function. */
export interface Transition {
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  /** Not tried before then, not even by a forced flush (see OutboxEntry.notBefore). */
  notBefore?: number;
  lastError?: string;
  /** Stop this line: the entries behind it would fail the same way. */
  stopLine: boolean;
}

/** The state machine (see the header): what an entry becomes after its handler's answer. */
export function nextState(
  entry: Pick<OutboxEntry, 'attempts'>,
  answer: Answer,
  now: number,
  random?: () => number,
): Transition {
  switch (answer.kind) {
    case 'delivered':
      return { state: 'sent', attempts: entry.attempts, nextAttemptAt: 0, stopLine: false };
    case 'refused':
      return {
        state: 'failed',
        attempts: entry.attempts,
        nextAttemptAt: 0,
        lastError: answer.reason,
        stopLine: false,
      };
    case 'retry': {
      const attempts = entry.attempts + 1;
      // The server named the time before which any try is refused the same: none is made before it.
      if (answer.notBefore !== undefined)
        return {
          state: 'queued',
          attempts,
          nextAttemptAt: answer.notBefore,
          notBefore: answer.notBefore,
          lastError: answer.reason,
          stopLine: true,
        };
      return {
        state: 'queued',
        attempts,
        nextAttemptAt: now + (answer.delayMs ?? backoffDelay(attempts, random)),
        lastError: answer.reason,
        stopLine: true,
      };
    }
  }
}

/**
 * Put work in the outbox; call inside the transaction that writes what it belongs to. Once that
 * commits, the worker is asked to deliver it even if the app is closed by then (backgroundSync.ts).
 */
export function enqueue(
  db: PitchpadDb,
  work: Pick<OutboxEntry, 'clientId' | 'kind' | 'line'> &
    Partial<Pick<OutboxEntry, 'payload' | 'chatId' | 'messageKey' | 'model'>>,
  now = Date.now(),
): Promise<number> {
  const added = db.outbox.add({
    ...work,
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
 * Queue work whose entry sends what the device holds when it is delivered (a saved item, an email
 * edit): one entry waiting on the line is enough, as it will send this change too. One already on
 * its way may carry what was there before, so a change then gets an entry of its own behind it.
 * Answers whether an entry was added. Call inside a transaction that holds the outbox.
 */
export async function enqueueOnce(
  db: PitchpadDb,
  work: Pick<OutboxEntry, 'kind' | 'line' | 'payload'>,
  now = Date.now(),
): Promise<boolean> {
  const waiting = await db.outbox
    .where('line')
    .equals(work.line)
    .filter((entry) => entry.state === 'queued')
    .first();
  if (waiting) return false;
  await enqueue(db, { ...work, clientId: uuidv7(now) }, now);
  return true;
}

/**
 * Queue an entry that was refused (or is waiting out a backoff) again, as new: at once, its tries,
 * backoff, Retry-After hold and last error forgotten; `changes` go with it (a chat send's model
 * picked anew). Call inside a transaction that holds the outbox; the worker is asked to deliver it
 * once that commits (backgroundSync.ts).
 */
export async function requeue(
  db: PitchpadDb,
  seq: number,
  now = Date.now(),
  changes: Partial<Pick<OutboxEntry, 'model' | 'payload'>> = {},
): Promise<void> {
  await db.outbox.update(seq, {
    ...changes,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: 0,
    notBefore: undefined,
    lastError: undefined,
    updatedAt: now,
  });
  syncWhenStored(db);
}

/**
 * Entries held back by a time the server named (`notBefore`: the day's AI allowance) may go at once:
 * the rep has allowance again before the reset (upgraded to Pro, or a send just went through).
 * Answers how many were held.
 */
export async function releaseAllowanceHolds(db: PitchpadDb): Promise<number> {
  const released = await db.transaction('rw', db.outbox, () => releaseHolds(db, Date.now()));
  if (released > 0) syncWhenStored(db);
  return released;
}

/** `releaseAllowanceHolds` inside a transaction that holds the outbox (a handler's `settled`). */
export function releaseHolds(db: PitchpadDb, now: number): Promise<number> {
  return db.outbox
    .where('state')
    .equals('queued')
    .filter((entry) => entry.notBefore !== undefined && entry.notBefore > now)
    .modify({ notBefore: undefined, nextAttemptAt: now });
}

/** Work waiting to go (queued, or on its way), in the order made. */
export function waitingSends(db: PitchpadDb): Promise<OutboxEntry[]> {
  return db.outbox.where('state').anyOf('queued', 'sending').sortBy('seq');
}

/** Work waiting to go (queued, or on its way). */
export function countWaiting(db: PitchpadDb): Promise<number> {
  return db.outbox.where('state').anyOf('queued', 'sending').count();
}

/**
 * Of the waiting entries (in order), those the server has not stored yet: a chat send whose reply is
 * streaming is on its way in the outbox's eyes (its deliverer still holds it) but already stored
 * (its message has a server id). Any other entry on its way is not stored until it settles.
 */
export async function unsentSends(
  db: PitchpadDb,
  waiting?: readonly OutboxEntry[],
): Promise<OutboxEntry[]> {
  const entries = waiting ?? (await waitingSends(db));
  const messages = await db.messages.bulkGet(entries.map((e) => e.messageKey ?? ''));
  return entries.filter((entry, i) => entry.state === 'queued' || messages[i]?.serverId == null);
}

/**
 * Of the unsent entries (in order), those held up by a failure: every entry of a line whose next
 * entry has already failed at least once (the network, the server, its owner signed out). An entry
 * merely next in its line is not held up.
 */
export function heldBack<E extends OutboxEntry>(unsent: readonly E[]): E[] {
  const failing = new Map<string, boolean>();
  for (const entry of unsent)
    if (!failing.has(entry.line)) failing.set(entry.line, entry.attempts > 0);
  return unsent.filter((entry) => failing.get(entry.line));
}

/** Of the waiting entries (in order), the oldest of each line that is queued: the only ones that may go next. */
export function queueHeads(waiting: readonly OutboxEntry[]): OutboxEntry[] {
  const lines = new Set<string>();
  return waiting.filter((entry) => {
    if (lines.has(entry.line)) return false;
    lines.add(entry.line);
    return entry.state === 'queued';
  });
}

/** When the next of the waiting entries is due by its backoff and the server's Retry-After (null: none is queued). */
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
 * The lines a flush has work in: a queued entry due before `dueBefore` (and not held back by the
 * server's Retry-After) at the head of its line, or an entry on its way, which may have been cut off
 * (its line's lock tells: see `drainLine`).
 */
export function linesToFlush(
  waiting: readonly OutboxEntry[],
  dueBefore: number,
  now = Date.now(),
): string[] {
  const lines = new Map<string, boolean>();
  for (const entry of waiting) {
    if (lines.has(entry.line)) continue;
    lines.set(
      entry.line,
      entry.state === 'sending' ||
        (entry.nextAttemptAt <= dueBefore && !heldUntilLater(entry, now)),
    );
  }
  return [...lines].filter(([, due]) => due).map(([line]) => line);
}

/** Runs `fn` holding the outbox lock of one line of `db`: whoever holds it is that line's only deliverer. */
export function withLineLock<T>(db: PitchpadDb, line: string, fn: () => Promise<T>): Promise<T> {
  return withDbLock(db, `outbox-${line}`, fn);
}

// ---------------------------------------------------------------------------------------------
// Flushing

/** How one entry's try ended, for whoever flushed it. */
export interface Settlement {
  kind: OutboxKind;
  state: OutboxState;
  /** The answer's reason, for a retry or a refusal. */
  reason?: string;
  /** What the kind's handler says of it beyond the contract (the chat's: the reply's outcome). */
  detail?: unknown;
  /** A retry held until then (`notBefore`): no try before it would go. */
  heldUntil?: number;
}

export interface FlushReport {
  /** What happened to each entry this context delivered, by clientId. */
  outcomes: Map<string, Settlement>;
  /** A line stopped on a retry, or nothing was tried because the browser is offline. */
  blocked: boolean;
}

export interface FlushOptions {
  /** Ignore the backoff: the user sent something, or the network or the app just came back. */
  force?: boolean;
  /** Flush this line only (a send the user just made): the other lines go on by themselves. */
  line?: string;
}

/** A line being delivered by this context. Calls made meanwhile join it: it goes round once more. */
interface Lane {
  again: boolean;
  force: boolean;
  report: FlushReport;
  promise: Promise<FlushReport>;
}

const lanes = new WeakMap<PitchpadDb, Map<string, Lane>>();

/**
 * Deliver every due entry of `db` (of one line with `line`) with `handlers`. Each line goes one entry
 * at a time in order, under its own lock, while other lines go at the same time, so a long reply (or
 * a failing send) in one chat never holds up a send in another.
 */
export async function flushOutbox(
  db: PitchpadDb,
  handlers: Handlers,
  { force = false, line }: FlushOptions = {},
): Promise<FlushReport> {
  // Offline for sure: every try would fail. The `online` event brings the next flush.
  if (globalThis.navigator?.onLine === false) return { outcomes: new Map(), blocked: true };
  await pruneSent(db);
  const lines =
    line !== undefined
      ? [line]
      : linesToFlush(
          (await waitingSends(db)).filter((entry) => handlers[entry.kind]),
          force ? Infinity : Date.now(),
        );
  const reports = await Promise.all(lines.map((id) => flushLine(db, id, handlers, force)));
  return {
    outcomes: new Map(reports.flatMap((report) => [...report.outcomes])),
    blocked: reports.some((report) => report.blocked),
  };
}

/** Deliver the due entries of one line, joining the lane this context already runs for it. */
function flushLine(
  db: PitchpadDb,
  line: string,
  handlers: Handlers,
  force: boolean,
): Promise<FlushReport> {
  let running = lanes.get(db);
  if (!running) lanes.set(db, (running = new Map()));
  const current = running.get(line);
  if (current) {
    current.again = true;
    current.force ||= force;
    return current.promise;
  }
  const lane = { again: true, force, report: { outcomes: new Map(), blocked: false } } as Lane;
  // Registered before the loop starts: an offline check can end it before its first await.
  running.set(line, lane);
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
        lane.report.blocked = await withLineLock(db, line, () =>
          withSlot(db, () => drainLine(db, line, handlers, dueBefore, lane.report)),
        );
      }
      return lane.report;
    } finally {
      if (running.get(line) === lane) running.delete(line);
    }
  })();
  return lane.promise;
}

/** The line's waiting entries, in the order made. */
function waitingOf(db: PitchpadDb, line: string): Promise<OutboxEntry[]> {
  return db.outbox
    .where('line')
    .equals(line)
    .filter((e) => e.state === 'queued' || e.state === 'sending')
    .sortBy('seq');
}

/** The tables a transaction over `handlers`' hooks needs: the outbox and theirs. */
function tablesOf(db: PitchpadDb, ...handlers: Array<KindHandler | undefined>): string[] {
  return [...new Set([db.outbox.name, ...handlers.flatMap((handler) => handler?.tables ?? [])])];
}

/**
 * Deliver the line's due entries, oldest first, until none is left or one is to be retried (true
 * then: the ones behind it would fail the same way, and must not overtake it). Holds the line's lock.
 */
async function drainLine(
  db: PitchpadDb,
  line: string,
  handlers: Handlers,
  dueBefore: number,
  report: FlushReport,
): Promise<boolean> {
  await recoverCutOff(db, line, handlers);
  for (;;) {
    const [head] = await waitingOf(db, line);
    const handler = head && handlers[head.kind];
    if (
      !handler ||
      head.state !== 'queued' ||
      head.nextAttemptAt > dueBefore ||
      heldUntilLater(head, Date.now())
    )
      return false;
    const settled = await deliverOne(db, handler, head);
    if (!settled) continue;
    report.outcomes.set(head.clientId, settled.settlement);
    if (settled.stopLine) return true;
  }
}

/**
 * The line's entries left 'sending' when their context died (a reload, a closed tab). The caller
 * holds the line's lock, so nobody is delivering them: their kind's `recover` says whether the server
 * has them (sent); the rest go again.
 */
async function recoverCutOff(db: PitchpadDb, line: string, handlers: Handlers): Promise<void> {
  const cutOff = await db.outbox
    .where('line')
    .equals(line)
    .filter((e) => e.state === 'sending')
    .toArray();
  if (cutOff.length === 0) return;
  const kinds = cutOff.map((entry) => handlers[entry.kind]);
  await db.transaction('rw', tablesOf(db, ...kinds), async () => {
    const now = Date.now();
    for (const entry of cutOff) {
      const fresh = await db.outbox.get(entry.seq!);
      if (fresh?.state !== 'sending') continue;
      const state = (await handlers[fresh.kind]?.recover?.(db, fresh, now)) ?? 'queued';
      await db.outbox.update(fresh.seq!, { state, updatedAt: now });
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

/** Deliver one entry and record how it went; null when it changed under us (deleted, already taken). */
async function deliverOne(
  db: PitchpadDb,
  handler: KindHandler,
  entry: OutboxEntry,
): Promise<{ settlement: Settlement; stopLine: boolean } | null> {
  const seq = entry.seq!;
  const tables = tablesOf(db, handler);
  const taken = await db.transaction('rw', tables, async () => {
    const fresh = await db.outbox.get(seq);
    if (fresh?.state !== 'queued') return null;
    const now = Date.now();
    await db.outbox.update(seq, { state: 'sending', updatedAt: now });
    await handler.taken?.(db, fresh, now);
    return fresh;
  });
  if (!taken) return null;

  let answer: Answer;
  try {
    answer = await handler.deliver(db, taken);
  } catch (error) {
    answer = {
      kind: 'retry',
      reason: error instanceof Error ? error.message : String(error),
      detail: error,
    };
  }
  const reason = answer.kind === 'delivered' ? undefined : answer.reason;

  return db.transaction('rw', tables, async () => {
    const now = Date.now();
    if (answer.kind === 'delivered' && answer.forget) {
      await db.outbox.delete(seq);
      return {
        settlement: { kind: taken.kind, state: 'sent' as const, detail: answer.detail },
        stopLine: false,
      };
    }
    const { stopLine, ...changes } = nextState(taken, answer, now);
    // Every try writes notBefore and lastError, so a success or another failure clears the old ones.
    await db.outbox.update(seq, {
      ...changes,
      notBefore: changes.notBefore,
      lastError: changes.lastError,
      updatedAt: now,
    });
    await handler.settled?.(db, taken, changes.state, answer, now);
    return {
      settlement: {
        kind: taken.kind,
        state: changes.state,
        reason,
        detail: answer.detail,
        ...(changes.notBefore !== undefined && { heldUntil: changes.notBefore }),
      },
      stopLine,
    };
  });
}
