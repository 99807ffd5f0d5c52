/**
 * Boots the app (loaded by main.tsx once the page has painted): the query cache (restored from
 * the last run), the toast queue, the router and the service worker.
 */
// Global CSS (Ionic's base, theme, layout) is linked from index.html via styles/index.css.
import { onlineManager } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { App } from './App';
import { createQueryClient, persistQueryCache } from './queryClient';
import { keepTypedValues, restoreFocus } from './prerender/typedValues';
import { createAppRouter, loadCurrentScreen } from './router';
import { createToaster } from './ui/toaster';
import { pwaStatus } from './features/pwa/pwaStatus';

const queryClient = createQueryClient();
// TanStack Query assumes a network at start: a cold start offline must pause queries, not fail them.
onlineManager.setOnline(navigator.onLine);
const toaster = createToaster();
const router = createAppRouter({ queryClient, toast: toaster.show });

// A second screen opened: the install offer may show now (pwaStatus.ts says why not on the first).
router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
  if (fromLocation && pathChanged) pwaStatus.markEngaged();
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

void start(rootElement);

/**
 * The saved query cache first (a synchronous read of localStorage): route guards then know the user
 * even offline. A prerendered page (web/build/prerender.ts: the landing page, /about, /pricing, the
 * 404 screen) is on screen already: the app takes it over in one frame, once its screen's code and
 * the full stylesheet are loaded, so what it draws replaces the same markup with no pending screen
 * in between. (Not hydrateRoot: Ionic's elements change their own markup once defined, and the
 * signed-in header differs from the guest's the build drew; a fresh render of the same tree has no
 * mismatch to report.)
 */
async function start(container: HTMLElement): Promise<void> {
  await persistQueryCache(queryClient);
  const root = createRoot(container);
  const app = <App queryClient={queryClient} toaster={toaster} router={router} />;
  if (!('prerendered' in container.dataset)) {
    root.render(app);
    return;
  }
  const stylesheet = document.querySelector<HTMLLinkElement>('link[data-app-styles]');
  await Promise.all([loadCurrentScreen(router), stylesheet && stylesheetLoaded(stylesheet)]);
  // Cleared first, in the same task as the render, so nothing is painted in between: the app then
  // starts as on a blank page (Ionic's overlays look for an <ion-app> as they are created: they must
  // not find the prerendered one, which the render removes).
  keepTypedValues(container);
  container.replaceChildren();
  flushSync(() => root.render(app));
  restoreFocus(container);
  if (stylesheet) stylesheet.media = 'all';
  delete container.dataset.prerendered; // taken over (tests/e2e/prerender.spec.ts waits for this)
}

/** The longest the takeover waits for the stylesheet: a page that never comes alive is worse. */
const STYLESHEET_WAIT_MS = 3000;

/**
 * Resolves once a (non-applying, media="print") stylesheet has downloaded, or failed to, or after
 * STYLESHEET_WAIT_MS (its error may have fired before this code ran, leaving no event to wait for).
 */
function stylesheetLoaded(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, STYLESHEET_WAIT_MS);
  });
}

// The service worker (offline start, the update prompt), once the page has loaded: none in dev.
const registerWorker = () => void import('./features/pwa/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());
if (import.meta.env.PROD) {
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
}
