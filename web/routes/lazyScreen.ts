import { lazyRouteComponent } from '@tanstack/react-router';
import { fetchedOnline } from '../ui/fetchedOnline';

/**
 * A screen whose code is fetched when it is first drawn (TanStack's `lazyRouteComponent`), made safe
 * for a phone that loses its signal. On a failed fetch TanStack reloads the page once, which is right
 * after a new version replaced the code, but with no signal (a first visit, before the service worker
 * kept the app) it would swap the app for the browser's offline page. So a fetch that fails offline
 * waits for the signal and tries again (ui/fetchedOnline.ts); where the browser keeps the failure
 * (Chromium, for now) TanStack's reload then comes with a signal.
 */
export function lazyScreen<T extends Record<string, any>, TKey extends keyof T = 'default'>(
  importer: () => Promise<T>,
  exportName?: TKey,
): ReturnType<typeof lazyRouteComponent<T, TKey>> {
  return lazyRouteComponent(() => fetchedOnline(importer), exportName);
}
