/**
 * Boots the app (loaded by main.tsx once the page has painted): the query cache (restored from
 * the last run), the toast queue, the router and the service worker.
 */
// Global CSS (Ionic's base, theme, layout) is linked from index.html via styles/index.css.
// oxlint-disable-next-line import/no-unassigned-import -- before anything parses: zod without eval (CSP)
import './zodJitless';
import { onlineManager } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startTransition, type ReactNode } from 'react';
import { App } from './App';
import { userQueryOptions } from './features/auth/auth.queries';
import { createQueryClient, persistQueryCache } from './queryClient';
import { CONTENT_END_ID } from './prerender/pages';
import { startHydrating, whenScreenDrawn } from './prerender/takeover';
import { watchTypedValues } from './prerender/typedValues';
import { followScroll } from './prerender/scrollKept';
import { replayEarlyTap, takeShellTap } from './prerender/earlyTaps';
import { frameOnPage, removeFrame, replayFrameTap } from './prerender/frameTakeover';
import { preloadSignedInHeader } from './features/shell/AppHeader';
import { createAppRouter, loadCurrentScreen } from './router';
import { createToaster } from './ui/toaster';
import { fetchedOnline } from './ui/fetchedOnline';
import { pwaStatus } from './features/pwa/pwaStatus';
import { whenStartIsOver } from './features/pwa/whenStartIsOver';

const queryClient = createQueryClient();
// TanStack Query assumes a network at start: a cold start offline must pause queries, not fail them.
onlineManager.setOnline(navigator.onLine);
const toaster = createToaster();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

void start(rootElement);

/**
 * The saved query cache first (a synchronous read of localStorage): route guards then know the user
 * even offline. A prerendered page (web/build/prerender.ts: the landing page, /about, /pricing, the
 * auth pages, the 404 screen, a signed-in screen's shell) is on screen already and stays usable
 * while the app takes it over in slices (a transition, so no long task holds a tap back):
 *
 *  - A first-time visitor (nothing saved, nothing fetched yet) sees what the build drew, so React
 *    hydrates it: the markup stays, React only attaches to it, and the browser has no page to style
 *    and lay out again. The screen (inside the router's Suspense) hydrates in a pass after the header.
 *  - Otherwise (signed in, a price known), on the 404 screen (drawn for a made-up path) and on a
 *    shell (drawn for someone not named) the app draws something else: it renders its own, and its
 *    first commit replaces the markup in one task, so nothing is painted in between. Hydrating those
 *    would report a mismatch and end the same way. What was typed, tapped and scrolled there is
 *    carried over.
 */
async function start(container: HTMLElement): Promise<void> {
  // Each step in a task of its own (modules evaluated, router made, cache read, route loaded), so
  // none holds a tap back.
  await nextTask();
  const router = createRouter();
  await nextTask();
  await persistQueryCache(queryClient);
  await nextTask();
  const app = <App queryClient={queryClient} toaster={toaster} router={router} />;
  const takeover = container.dataset.prerendered;
  if (takeover === undefined) {
    createRoot(container).render(app);
    return;
  }
  if (takeover === 'frame') return takeOverFrame(container, app, router);
  const finishTyping = watchTypedValues(container);
  // A shell is replaced by a new screen, which starts at the top: it goes back where the rep was.
  const finishScroll = takeover === 'replace' ? followScroll(container) : () => undefined;
  const stylesheet = document.querySelector<HTMLLinkElement>('link[data-app-styles]');
  if (takeover === 'replace') await evaluateScreenChunks();
  await Promise.all([
    loadCurrentScreen(router),
    stylesheet && applyStylesheet(stylesheet),
    takeover === 'hydrate' && navigator.onLine && sessionKnown(),
  ]);
  if (takeover === 'replace') await prepareDeviceDb();
  await nextTask();
  whenScreenDrawn(() => {
    finishTyping(container);
    finishScroll(container);
    delete container.dataset.prerendered; // taken over (tests/e2e/prerender.spec.ts waits for this)
    // A tap kept before now (domain/contract/earlyTapScript.ts), once the typed values above have reached
    // the app's state: a task later, when React has drawn them.
    setTimeout(() => {
      replayEarlyTap(container);
      const tap = takeShellTap();
      if (tap) void replayFrameTap(container, tap);
    }, 0);
  });
  // Not React's: the page's first paint waited for it (web/build/prerender.ts), and it has painted.
  document.getElementById(CONTENT_END_ID)?.remove();
  // What the build drew is what the app draws only if it knows no more than the build did: no saved
  // user, no price yet (a guest's session answer is null, drawn as the build drew an unknown one);
  // and online (offline, the app marks what needs a connection).
  const drawsAsBuilt =
    navigator.onLine &&
    queryClient
      .getQueryCache()
      .getAll()
      .every((query) => query.state.data == null);
  if (takeover === 'hydrate' && drawsAsBuilt) {
    startHydrating();
    // The router draws its server markup in the browser too (no Suspense of its own around the
    // screens), as it does when hydrating what TanStack Start rendered: this is what it reads.
    router.ssr = { manifest: undefined };
    startTransition(() => void hydrateRoot(container, app));
  } else startTransition(() => createRoot(container).render(app));
}

/**
 * The home screen's frame (a copy of the chat painted by the shell's inline scripts,
 * domain/contract/frameScript.ts) stays on screen while the app renders under it, in the hidden
 * `#root`: the route's code and the header's lazy parts are loaded first, so the commit that has read
 * the chat (ChatScreen's `screenDrawn`) draws it whole, and the frame goes in that commit. Another
 * screen (the session gone: sign-in) ends it the same way, and FRAME_WAIT_MS ends it regardless.
 */
async function takeOverFrame(
  container: HTMLElement,
  app: ReactNode,
  router: ReturnType<typeof createRouter>,
): Promise<void> {
  const frame = frameOnPage();
  const finishTyping = frame ? watchTypedValues(frame.root, { typedOnly: true }) : () => undefined;
  await Promise.all([loadCurrentScreen(router), preloadSignedInHeader().catch(() => undefined)]);
  await prepareDeviceDb();
  await nextTask();
  let taken = false;
  const finish = () => {
    if (taken) return;
    taken = true;
    const tap = removeFrame(frame, container);
    finishTyping(container);
    // A task later, when React has drawn the typed values into the app's state.
    setTimeout(() => {
      replayEarlyTap(container);
      if (tap) void replayFrameTap(container, tap);
    }, 0);
  };
  whenScreenDrawn(finish);
  setTimeout(finish, FRAME_WAIT_MS);
  startTransition(() => createRoot(container).render(app));
}

/** The longest the frame stays over an app that has not drawn its screen: a frozen copy is worse. */
const FRAME_WAIT_MS = 15_000;

/** The app's router; a second screen opened lets the install offer show (pwaStatus.ts says why not on the first). */
function createRouter() {
  const router = createAppRouter({ queryClient, toast: toaster.show });
  router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
    if (fromLocation && pathChanged) pwaStatus.markEngaged();
  });
  return router;
}

/**
 * Who is signed in, asked before a page is hydrated (for SESSION_WAIT_MS at most): an answer that
 * lands while React hydrates the screen makes it finish that screen at once, in one long task, to
 * draw the header again. A guest's answer (null) draws what the build drew: the page still hydrates.
 */
function sessionKnown(): Promise<unknown> {
  const asked = queryClient.ensureQueryData(userQueryOptions).catch(() => null);
  return Promise.race([asked, new Promise((resolve) => setTimeout(resolve, SESSION_WAIT_MS))]);
}

/**
 * The signed-in rep's database on this device, made in a task of its own before their screen
 * renders: declaring its schema (every version's) held a slow phone's main thread for 35-50 ms
 * inside the screen's first render, which asks for the same instance (data/db.ts `openUserDb`).
 * Opening it is left to its first read, as before.
 */
async function prepareDeviceDb(): Promise<void> {
  const user = queryClient.getQueryData(userQueryOptions.queryKey);
  if (!user) return;
  await nextTask();
  // Code that cannot be fetched here (no signal, no worker yet) is the screen's to report: the
  // takeover goes on.
  const db = await import('./data/db').catch(() => null);
  db?.openUserDb(user.id);
}

/**
 * A signed-in screen's shell lists the screen's chunks, each after those it imports
 * (web/build/prerender.ts, `data-screen`): evaluated here a task each, where the router's import of
 * the screen would evaluate them all in one long task that holds a tap back. One that fails to
 * load is left to that import, which reports it.
 */
async function evaluateScreenChunks(): Promise<void> {
  const chunks = document.querySelectorAll<HTMLLinkElement>(
    'link[rel="modulepreload"][data-screen]',
  );
  for (const chunk of chunks) {
    await import(/* @vite-ignore */ chunk.href).catch(() => undefined);
    await nextTask();
  }
}

/** A promise for the start of a later task: what follows runs apart from what came before. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The longest a hydration waits for the session's answer: a slow one only costs a longer task. */
const SESSION_WAIT_MS = 1500;

/** The longest the takeover waits for the stylesheet: a page that never comes alive is worse. */
const STYLESHEET_WAIT_MS = 3000;

/**
 * Switches the full stylesheet on (beasties loads it as media="print", so it does not hold the
 * first paint back) once it has downloaded, or failed to, or after STYLESHEET_WAIT_MS (its error
 * may have fired before this code ran). The prerendered page already has the rules it uses inlined,
 * so nothing moves; the style work then happens in a task of its own, not in the takeover's.
 */
function applyStylesheet(link: HTMLLinkElement): Promise<void> {
  return new Promise<void>((resolve) => {
    if (link.sheet) resolve();
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, STYLESHEET_WAIT_MS);
  }).then(() => {
    link.media = 'all';
  });
}

// The service worker (offline start, the update prompt): none in dev, registered once the page has
// loaded. A page it controls already registers at once: that checks for a new version and listens
// for another tab switching to one, which reloads this page. A first visit waits for the app's start
// to be over: its worker fetches and stores the whole app (some 190 files), which on a phone's two
// cores and one bar of signal would slow the start it follows. The registration's code is fetched at
// load all the same, while the page has just had its signal, so a rep who loses it during the wait
// still gets the worker (registerServiceWorker.ts registers again when the signal returns). Should
// that fetch fail, it is tried again with the signal, which Chromium does not do yet: there the
// next start registers.
function registerWorker(): void {
  const code = fetchedOnline(() => import('./features/pwa/registerServiceWorker'));
  const started = navigator.serviceWorker?.controller ? undefined : whenStartIsOver();
  void Promise.all([code, started]).then(
    ([{ registerServiceWorker }]) => registerServiceWorker(),
    (error: unknown) => console.warn('Could not load the service worker registration', error),
  );
}
if (import.meta.env.PROD) {
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
}
