/**
 * Starts the sync engine for the signed-in user (loaded lazily by the shell): it delivers every kind
 * of queued work (the registry in queuedWork.ts, which the service worker uses too when it delivers
 * with the app closed): chat sends, GTM plans drafted on this device, kit files, recordings, profile
 * edits, saved history and edited emails. A plan goes before any message typed into its chat
 * meanwhile, so the server's chat holds the plan first. Each start also makes or mends the rep's
 * push subscription for meeting reminders (features/notifications/pushSubscription.ts).
 */
import { liveQuery, type Subscription } from 'dexie';
import { openUserDb } from '../data/db';
import { nextTask } from '../data/nextTask';
import { isUnsent } from '../data/chatMerge';
import { flushOutbox, unsentSends } from '../data/outbox';
import { startSync, type SyncEngine } from '../data/sync';
import { countUnsentWork, type UnsentWork } from '../data/unsentWork';
import { requeueSend } from '../features/chat/engine/chatDelivery';
import { announceFromPage, pageMayAnnounce } from '../features/notifications/draftReady';
import { ensurePushSubscription } from '../features/notifications/pushSubscription';
import { pullProfile } from '../features/profile/profileStore';
import { queuedWork } from './queuedWork';
import { readyReplies } from './readyReplies';
import { applyWaitingTranscripts } from './transcripts';

export function startChatSync(userId: number, onSessionLost?: () => void): SyncEngine {
  const db = openUserDb(userId);
  // The rep's push subscription for meeting reminders, made or mended once per start (if allowed),
  // a task after the engine's own start.
  void nextTask().then(() => ensurePushSubscription(userId));
  // The search index on this phone, kept up to date in its worker from a moment after the start
  // (the worker's code and the saved index load then, not while the app first draws).
  let stopIndex: (() => void) | null = null;
  let stopped = false;
  const indexSoon = setTimeout(() => {
    void import('../features/search/deviceSearch').then(
      ({ startDeviceIndex }) => {
        if (!stopped) stopIndex = startDeviceIndex(userId);
      },
      (error: unknown) => console.warn('The search index did not start', error),
    );
  }, SEARCH_INDEX_DELAY_MS);
  const engine = startSync({
    db,
    userId,
    onSessionLost,
    handlers: queuedWork.handlers,
    // A reply delivered while this tab is hidden: 'Your draft is ready', if no window is visible.
    // The replies are read only when there may be something to announce (a visible page has none).
    onFlushed: (report) => {
      void (
        pageMayAnnounce() &&
        readyReplies(db, report)
          .then(announceFromPage)
          .catch(() => {})
      );
      // A debrief's transcript back for a field not on screen goes into that field's draft.
      void applyWaitingTranscripts(db).catch(() => {});
    },
    pushOther: () => queuedWork.other.push(db),
    hasOtherWork: () => queuedWork.other.has(db),
    pullOther: () => pullProfile(db),
  });
  return {
    ...engine,
    stop: () => {
      stopped = true;
      clearTimeout(indexSoon);
      stopIndex?.();
      engine.stop();
    },
  };
}

/** How long after the app starts its search index starts keeping up. */
const SEARCH_INDEX_DELAY_MS = 3_000;

/**
 * Logout's 'Send first': hand the server everything waiting on this device now, and
 * answer what is still waiting once the server has stored what it could. It does not wait for the
 * replies being written: the server finishes and keeps them whatever this device does next.
 */
export async function sendPendingWork(userId: number): Promise<UnsentWork> {
  const db = openUserDb(userId);
  await queuedWork.other.push(db);
  // 'Not sent' messages get one more try too (Retry), rather than being left behind.
  for (const message of await db.messages
    .where('status')
    .equals('failed')
    .filter(isUnsent)
    .toArray())
    await requeueSend(db, message.key);
  const flushed = flushOutbox(db, queuedWork.handlers, { force: true }).catch((error: unknown) =>
    console.warn('Could not flush the outbox', error),
  );
  let watch: Subscription | undefined;
  // Every send stored by the server, or none left that can go now (refused, or the network failed).
  const stored = new Promise<void>((resolve) => {
    watch = liveQuery(() => unsentSends(db)).subscribe({
      next: (unsent) => unsent.length === 0 && resolve(),
      error: () => resolve(),
    });
  });
  try {
    await Promise.race([flushed, stored]);
  } finally {
    watch?.unsubscribe();
  }
  return countUnsentWork(db);
}
