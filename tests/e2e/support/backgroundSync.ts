import type { Page } from '@playwright/test';

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
