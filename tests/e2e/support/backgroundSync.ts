import type { BrowserContext, Page } from '@playwright/test';
import { SYNC_TAG_PREFIX } from '../../../web/data/swShared';
import type { Network } from './network';

/**
 * Fires the service worker's Background Sync `sync` event for `tag`, as Chromium does when the
 * network comes back (`context.setOffline(false)` fires none; see stack-notes). Uses the DevTools
 * protocol through `page`, which should not be one of the app's pages: with an app page visible,
 * the worker asks that page to flush instead of flushing itself.
 */
export async function fireBackgroundSync(page: Page, origin: string, tag: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId: await registrationId,
      tag,
      lastChance: false,
    });
  } finally {
    await cdp.detach();
  }
}

/** The Background Sync tags the app's service worker has registered and not yet seen fired. */
export async function registeredSyncTags(context: BrowserContext): Promise<string[]> {
  const [worker] = context.serviceWorkers();
  if (!worker) return [];
  return worker.evaluate(async () => {
    const registration = (self as unknown as ServiceWorkerGlobalScope)
      .registration as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } };
    return (await registration.sync?.getTags()) ?? [];
  });
}

/** The Background Sync tag of a user's queued work, as the app registers it. */
export const syncTagOf = (userId: number) => `${SYNC_TAG_PREFIX}${userId}`;

/**
 * The signal comes back while no app page is on screen: the browser fires the syncs the app's
 * service worker registered while offline. Their tags are read while still offline: read after,
 * they are at times no longer listed (Chromium may have fired them itself). Returns the tags fired
 * (none: nothing was registered). `page` should not be one of the app's pages (see fireBackgroundSync).
 */
export async function goOnlineAndFireSyncs(
  network: Network,
  page: Page,
  origin: string,
): Promise<string[]> {
  const tags = await registeredSyncTags(page.context());
  await network.goOnline();
  for (const tag of tags) await fireBackgroundSync(page, origin, tag);
  return tags;
}

/** The titles of the notifications the app's service worker is showing now. */
export async function shownTitles(context: BrowserContext): Promise<string[]> {
  const [worker] = context.serviceWorkers();
  if (!worker) return [];
  return worker.evaluate(async () =>
    (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map(
      (n) => n.title,
    ),
  );
}

/**
 * `read`, for a poll, firing the `tags` again every 10 s while it answers `pending`: a sync whose
 * delivery failed (on a loaded machine the worker can still see the network as down for a moment)
 * is fired again later by the browser, minutes later; here sooner.
 */
export function refiringSyncs<T>(
  page: Page,
  origin: string,
  tags: readonly string[],
  read: () => Promise<T>,
  pending: (value: T) => boolean,
): () => Promise<T> {
  let firedAt = Date.now();
  return async () => {
    const value = await read();
    if (pending(value) && Date.now() - firedAt > 10_000) {
      firedAt = Date.now();
      for (const tag of tags) await fireBackgroundSync(page, origin, tag);
    }
    return value;
  };
}
