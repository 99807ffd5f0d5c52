/**
 * Background Sync, asked for whenever work is queued on this device (a chat send, a flow's result,
 * a saved-history change, an email edit), so that once the rep closes the app the browser still
 * wakes the service worker when the network is back and it delivers the lot (web/sw.ts). Where the
 * browser has no Background Sync (Safari, Firefox) nothing is asked: the sync engine delivers at the
 * app's next start, `online` or return to the screen (sync.ts), and the notification ask promises no
 * more than that (features/notifications/NotifyAsk.tsx).
 *
 * One tag per user, whatever the kind of work: the worker's `sync` handler delivers every kind.
 */
import { Dexie } from 'dexie';
import { userIdOfDb, type PitchpadDb } from './db';
import { SYNC_TAG_PREFIX } from './swShared';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Whether this browser has Background Sync (Chromium does; Safari and Firefox do not). */
export function hasBackgroundSync(): boolean {
  return (
    typeof ServiceWorkerRegistration !== 'undefined' &&
    'sync' in ServiceWorkerRegistration.prototype
  );
}

/** The Background Sync tag of a user's queued work. */
export function syncTagOf(userId: number): string {
  return `${SYNC_TAG_PREFIX}${userId}`;
}

/**
 * Ask the browser for a `sync` event for `userId`'s queued work, once the worker is ready. Never
 * throws, never waits for the worker: with none yet (a first visit) or Background Sync refused
 * (a private window), the page's own triggers remain.
 */
export async function registerBackgroundSync(userId: number): Promise<void> {
  if (!hasBackgroundSync() || !globalThis.navigator?.serviceWorker) return;
  try {
    // `ready` never settles without a worker: only a registered one is waited for.
    if (!(await navigator.serviceWorker.getRegistration())) return;
    const registration = (await navigator.serviceWorker.ready) as SyncRegistration;
    // Asked every time, even when the tag is listed: Chromium lists a tag whose sync is firing right
    // now, and only a register made meanwhile makes it fire again for the work queued since.
    await registration.sync?.register(syncTagOf(userId));
  } catch {
    // Refused (permission, private window): the page's own triggers remain.
  }
}

/**
 * Work was queued in `db` (its owner's database): ask for the sync once the write is stored, so
 * the worker never wakes before the work is there to find. Inside a transaction, after it commits.
 */
export function syncWhenStored(db: PitchpadDb): void {
  const userId = userIdOfDb(db);
  if (userId === undefined || !hasBackgroundSync()) return;
  const register = () => void registerBackgroundSync(userId);
  const transaction = Dexie.currentTransaction;
  if (transaction) transaction.on('complete', register);
  else register();
}
