/**
 * The sync engine: pushes the outbox and pulls the server's chats into the local
 * database, for the signed-in user, while the app runs.
 *
 * Push (outbox.ts does the sending; `pushOther` the other kinds of work): on start, when the browser
 * comes back `online`, when the app becomes visible, when the service worker relays a Background
 * Sync `sync` event, and on a timer at the next send's backoff. Where the browser has Background
 * Sync (Chromium), every piece of work queued asks for one (backgroundSync.ts), and so does a flush
 * that could not reach the server, so the service worker delivers it even if the app is closed by
 * then (web/sw.ts, same code, same locks). Nothing relies on it: Safari and Firefox have none.
 *
 * Pull: on start the chat list, on reconnect the chat list and the open chat (after the push, so the
 * answers include what was just sent), merged by chatMerge.ts: the server wins for what it holds, messages
 * not sent yet stay. The chat screen pulls too when it opens a chat (chat.queries.ts), with the same
 * functions. An answer served from the service worker's cache (offline) merges as of when it was
 * fetched, so it never overwrites anything newer.
 *
 * Whose: every push and pull names the user whose local database it is (api.ts `asUser`), so with
 * another account's cookie in the browser (signed in meanwhile, in another tab or before the network
 * came back) the server refuses it (409 session_mismatch): nothing of this user's goes into the other
 * account, nothing of theirs comes into this database; the work waits for its owner's next sign-in.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { User } from '../../domain/contract/auth';
import type { Chat, ChatWithMessages } from '../../domain/contract/chat';
import { ApiError, OfflineError, api } from './api';
import { registerBackgroundSync } from './backgroundSync';
import { applyChat, applyChatList, forgetChat } from './chatStore';
import { requestPersistentStorage, userIdOfDb, type PitchpadDb } from './db';
import {
  flushOutbox,
  heldBack,
  nextDueAt,
  unsentSends,
  waitingSends,
  type FlushReport,
  type Handlers,
} from './outbox';
import { cutOffFromNetwork, isSessionProblem, sessionGone } from './queue/answers';
import { SwMessage } from './swShared';
import { syncStatus } from './syncStatus';
import { countUnsentWork } from './unsentWork';

/** GET /api/chats into the local database; answers how many chats the server has. */
export async function pullChatList(db: PitchpadDb, signal?: AbortSignal): Promise<number> {
  const startedAt = Date.now();
  const { data: chats, cachedAt } = await reachable(
    api.getSnapshot<Chat[]>('/api/chats', signal, userIdOfDb(db)),
    (at) => at === null,
  );
  await applyChatList(db, chats, cachedAt ?? startedAt);
  return chats.length;
}

/**
 * GET /api/chats/{id} into the local database; answers whether a reply is still being written. A
 * chat started here that the server has not seen yet is not an error; one deleted elsewhere is
 * forgotten here too (its unsent messages stay) and the 404 rethrown.
 */
export async function pullChat(
  db: PitchpadDb,
  chatId: string,
  signal?: AbortSignal,
): Promise<{ streaming: boolean }> {
  const startedAt = Date.now();
  try {
    const { data, cachedAt } = await reachable(
      api.getSnapshot<ChatWithMessages>(
        `/api/chats/${encodeURIComponent(chatId)}`,
        signal,
        userIdOfDb(db),
      ),
      (at) => at === null,
    );
    await applyChat(db, data, cachedAt ?? startedAt);
    return { streaming: cachedAt === null && data.messages.some((m) => m.status === 'streaming') };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    const local = await db.chats.get(chatId);
    if (local && !local.synced) return { streaming: false };
    await forgetChat(db, chatId);
    throw error;
  }
}

/** Tells the header whether the server answered: a fresh answer or a refusal means it is reachable. */
async function reachable<T extends { cachedAt: number | null }>(
  call: Promise<T>,
  isFresh: (cachedAt: number | null) => boolean,
): Promise<T> {
  try {
    const answer = await call;
    syncStatus.setReachable(isFresh(answer.cachedAt));
    return answer;
  } catch (error) {
    if (error instanceof OfflineError) syncStatus.setReachable(false);
    else if (error instanceof ApiError) syncStatus.setReachable(true);
    throw error;
  }
}

let openChatId: string | null = null;
let engine: SyncEngine | null = null;

/** The chat on screen, pulled with the list on reconnect. */
export function setOpenChat(chatId: string | null): void {
  openChatId = chatId;
}

export interface SyncEngine {
  /** Flush the outbox; `force` ignores the backoff. */
  flush(force?: boolean): Promise<void>;
  /** Pull the chat list, and the open chat unless told not to. */
  pull(withOpenChat?: boolean): Promise<void>;
  stop(): void;
}

export interface SyncOptions {
  db: PitchpadDb;
  userId: number;
  /** How each kind of outbox work is delivered (every feature's, combined: web/app/queuedWork.ts). */
  handlers: Handlers;
  /**
   * Other work made here offline to hand to the server (saved history, email edits): at start and
   * on reconnect, before the outbox flushes.
   */
  pushOther?: () => Promise<unknown>;
  /**
   * Whether any of that other work is waiting. Only then is the session checked and `pushOther` run:
   * without work, coming back on screen or a relayed sync asks the server nothing. By default the
   * local database's count of saved-history changes and email edits (unsentWork.ts).
   */
  hasOtherWork?: () => Promise<boolean>;
  /**
   * The browser's session is no longer this user's (signed out, or another account signed in on
   * this device, in another tab or while offline): nothing of theirs went out. The app asks the
   * server who is signed in now.
   */
  onSessionLost?: () => void;
  /** After each of the engine's flushes, with what it delivered (the 'draft is ready' notification). */
  onFlushed?: (report: FlushReport) => void;
  /**
   * What else the engine reads from the server into the local database whenever it pulls the chat
   * list (at start and on reconnect, after the outbox has flushed): the rep's profile, so a flow
   * opened with no signal later has the latest copy.
   */
  pullOther?: () => Promise<unknown>;
}

/** Never flush again sooner than this after a timer-driven flush (a clock jump, a due time in the past). */
const MIN_TIMER_MS = 250;

/** Start the engine for the signed-in user (one per tab; starting another stops the first). */
export function startSync({
  db,
  userId,
  handlers,
  pushOther,
  hasOtherWork = () => hasUnsentOtherWork(db),
  onSessionLost,
  onFlushed,
  pullOther,
}: SyncOptions): SyncEngine {
  engine?.stop();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** The backoff timer: a flush when the next waiting send is due. */
  const schedule = (due: number | null) => {
    clearTimeout(timer);
    // Offline: no timer, the `online` event flushes.
    if (stopped || due === null || globalThis.navigator?.onLine === false) return;
    timer = setTimeout(() => void flush(false), Math.max(due - Date.now(), MIN_TIMER_MS));
  };

  const flush = async (force = true) => {
    if (stopped) return;
    try {
      const report = await flushOutbox(db, handlers, { force });
      onFlushed?.(report);
      if (sessionGone(report, handlers)) onSessionLost?.();
      // Cut off from the network (not refused by a failing server, which the backoff timer
      // handles): ask for a `sync` event when it is back, which also covers the app being closed.
      if (noteReach(report, handlers) === 'unreachable') void registerBackgroundSync(userId);
    } catch (error) {
      console.warn('Could not flush the outbox', error);
    }
  };

  const pull = async (withOpenChat = true) => {
    if (stopped || globalThis.navigator?.onLine === false) return;
    const chatId = withOpenChat ? openChatId : null;
    const results = await Promise.allSettled([
      pullChatList(db),
      ...(chatId ? [pullChat(db, chatId)] : []),
      ...(pullOther ? [pullOther()] : []),
    ]);
    for (const result of results) {
      if (result.status === 'fulfilled' || result.reason instanceof OfflineError) continue;
      if (isSessionProblem(result.reason)) onSessionLost?.();
      else console.warn('Could not refresh chats', result.reason);
    }
  };

  const other = async () => {
    if (stopped || !pushOther || globalThis.navigator?.onLine === false) return;
    // Nothing of the kind waiting (the usual case): no request at all, not even the session check.
    if (!(await hasOtherWork().catch(() => true))) return;
    // Saved history and email edits go through routes that take the session as it is: hand them
    // over only while the session is still this user's.
    if (!(await isSessionOf(userId))) return;
    await pushOther().catch((error: unknown) => console.warn('Could not push local work', error));
  };

  /** Whether the browser's session is `userId`'s now; tells the app when it is not. */
  const isSessionOf = async (id: number): Promise<boolean> => {
    try {
      const current = await api.query<User>('/api/auth/user', { on401: 'returnNull' });
      if (current?.id === id) return true;
      onSessionLost?.();
      return false;
    } catch {
      return false;
    }
  };

  const handleOnline = () =>
    void other()
      .then(() => flush())
      .then(() => pull());
  // Back on screen, every kind of work goes, not only the sends: where the browser has no Background
  // Sync, this and the start are all there is after the app was put away.
  const handleVisibility = () => {
    if (document.visibilityState === 'visible') void other().then(() => flush());
  };
  // The worker relays a `sync` event: the network is back, by the browser's judgement. Only what is
  // due goes: a relay must never turn a failing server's backoff into a retry loop.
  const handleWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === SwMessage.flushOutbox)
      void other().then(() => flush(false));
  };

  window.addEventListener('online', handleOnline);
  document.addEventListener('visibilitychange', handleVisibility);
  navigator.serviceWorker?.addEventListener('message', handleWorkerMessage);
  // The waiting sends, whoever writes them (this tab's sends and flushes, other tabs, the worker):
  // the header's counts (not stored by the server yet; held up by a failure), and the timer set for
  // the next one due.
  const watch: Subscription = liveQuery(async () => {
    const waiting = await waitingSends(db);
    return { waiting, unsent: await unsentSends(db, waiting) };
  }).subscribe({
    next: ({ waiting, unsent }) => {
      if (stopped) return;
      syncStatus.setWaiting(unsent.length, heldBack(unsent).length);
      schedule(nextDueAt(waiting));
    },
    error: (error: unknown) => console.warn('Could not watch the outbox', error),
  });

  void requestPersistentStorage(db);
  // At start the chat screen, if open, pulls its chat itself (chat.queries.ts).
  void other()
    .then(() => flush())
    .then(() => pull(false));

  const self: SyncEngine = {
    flush,
    pull,
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', handleOnline);
      document.removeEventListener('visibilitychange', handleVisibility);
      navigator.serviceWorker?.removeEventListener('message', handleWorkerMessage);
      watch.unsubscribe();
      syncStatus.setWaiting(null, 0);
      if (engine === self) engine = null;
    },
  };
  engine = self;
  return self;
}

/** The default `hasOtherWork`: saved-history changes or email edits in the local database. */
async function hasUnsentOtherWork(db: PitchpadDb): Promise<boolean> {
  const { history, edits } = await countUnsentWork(db);
  return history + edits > 0;
}

/** Tells the header whether the server could be reached, from what a flush saw; answers it too. */
function noteReach(
  report: FlushReport,
  handlers: Handlers,
): 'unreachable' | 'reachable' | 'unknown' {
  const cutOff = globalThis.navigator?.onLine === false || cutOffFromNetwork(report, handlers);
  if (cutOff) {
    syncStatus.setReachable(false);
    return 'unreachable';
  }
  if (report.outcomes.size === 0) return 'unknown';
  syncStatus.setReachable(true);
  return 'reachable';
}
