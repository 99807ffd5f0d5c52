/**
 * Registers the service worker (web/sw.ts) and turns its updates into the 'A new version is ready'
 * prompt. Loaded once the page has loaded (boot.tsx), so workbox-window never weighs on the first
 * paint.
 *
 * A new version installs in the background and waits. The user's Reload asks it to take over, and
 * the page reloads once it controls. When another tab's Reload makes it take over here too, this
 * page reloads at once unless the user is typing a message (ui/typingGuard.ts): then it keeps the
 * prompt, and reloads only when asked. Installed apps rarely navigate, so updates are also checked
 * hourly and whenever the app comes back to the foreground.
 */
import { Workbox } from 'workbox-window';
import { SwMessage } from '../../data/swShared';
import { isTyping } from '../../ui/typingGuard';
import { pwaStatus } from './pwaStatus';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function registerServiceWorker(url = '/sw.js'): void {
  if (!('serviceWorker' in navigator)) return;
  // A page with no worker yet gets its first one: that is an install, not an update.
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloadAsked = false;
  let reloading = false;

  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };

  const switchNow = () => {
    reloadAsked = true;
    // The waiting worker takes over and `controllerchange` reloads. With none waiting (another tab
    // switched already), reload straight away.
    void navigator.serviceWorker.getRegistration().then((registration) => {
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- ServiceWorker.postMessage has no target origin
      if (registration?.waiting) registration.waiting.postMessage({ type: SwMessage.skipWaiting });
      else reload();
    }, reload);
  };

  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController && !reloadAsked) return;
    if (reloadAsked || !isTyping()) reload();
    else pwaStatus.setUpdate(reload);
  });

  let registering = false;
  const register = () => {
    // A Workbox registers once; a registration tried again gets a new one.
    const next = new Workbox(url);
    next.addEventListener('waiting', () => pwaStatus.setUpdate(switchNow));
    registering = true;
    void next
      .register()
      .catch((error: unknown) => console.warn('Could not register the service worker', error))
      .finally(() => (registering = false));
    return next;
  };
  let workbox = register();
  // A first visit that lost its signal before its worker was in place (sw.js could not be fetched,
  // or the app's files could not all be stored, and the browser dropped the worker) registers again
  // when the signal returns, rather than waiting for the next start.
  window.addEventListener('online', () => {
    if (registering) return;
    void navigator.serviceWorker.getRegistration().then((registration) => {
      if (registering || registration?.active || registration?.installing || registration?.waiting)
        return;
      workbox = register();
    });
  });

  const check = () => void workbox.update().catch(() => {});
  setInterval(check, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
