/**
 * The service worker, built by vite-plugin-pwa's injectManifest into web/dist/sw.js as a
 * classic script (iife; see vite.config.ts). The server sends it with Cache-Control: no-cache, so a
 * deploy is seen on the next visit.
 *
 * Caching rules:
 *  1. Precache: the app shell, every built JS and CSS chunk, the icons and the manifest, revisioned
 *     by the build. Old revisions are dropped when a new worker activates.
 *  2. Navigations (any page URL outside /api) are answered from the precache, online or not: the
 *     public pages (/, /about, /pricing: prerender/pages.ts) with their prerendered HTML, every other one with index.html;
 *     the client router draws (or takes over) the screen, the local database fills it.
 *     The sign-in pages (/auth, /auth/login, /auth/register) go to the network first, and only
 *     without one (or after 5 s) to their prerendered copy: the server's answer depends on who is
 *     signed in (a signed-in rep is sent on to where the page's address leads, a guest gets the
 *     page: api/auth/signInPages.ts), which a copy made at install time cannot know.
 *  3. GET /api/chats and GET /api/chats/{id}: network first, falling back to the last good answer
 *     when the network fails or is slower than 5 s (offline reading), and with none, to a 503 the
 *     page takes as offline (features/pwa/answerUnreachable.ts). Only 200s are kept, stamped
 *     with when they were fetched (SNAPSHOT_HEADER) so the page merges a stale answer as such. The
 *     cache is per device, so the pages clear it at login and logout.
 *  4. Everything else goes to the network untouched and is never cached: every POST/PUT/PATCH/DELETE
 *     (sends are queued in the outbox, in IndexedDB, never here), /api/auth/*, /api/user/*,
 *     /api/csrf-token, /api/billing/*, checkout and webhooks, streams, and any other API call.
 *
 * Background Sync (Chromium): every piece of work queued on a page (a chat send, a flow's result, a
 * saved-history change, an email edit: data/backgroundSync.ts) registers the sync tag
 * `pitchpad-outbox:<userId>`, and so does a flush that could not reach the server. When the network
 * is back the browser fires `sync` here: a visible page is asked to flush (its reply streams on
 * screen); with none, this worker delivers every kind itself, with the same code and under the same
 * locks as the pages (app/queuedWork.ts, data/outbox.ts). It is a bonus, never the only
 * way: the pages deliver on start, `online`, visibility and a backoff timer. Every send names
 * the user whose outbox it is (api.ts, `asUser`): when the browser's cookie belongs to someone else
 * by then (another account signed in on this device), the server refuses it and it stays queued
 * until its owner signs in again; the worker cannot know who is signed in without asking, and
 * asking first would race with a login.
 *
 * 'Your draft is ready' (features/notifications/draftReady.ts): a reply this worker delivered in full
 * while no window of the app is visible gets a notification, if the rep allowed them; so does one a
 * hidden page delivered (the page hands it here: only the worker sees every window). A tap focuses
 * an open window on that chat, or opens one.
 *
 * Push (features/notifications/pushMessage.ts): a message the server sent through the browser's push
 * service (a meeting reminder, 30 minutes before) is shown as it arrives, app open or not; a tap
 * opens the meeting's brief, which the app keeps offline. A push whose data is not ours shows nothing.
 *
 * Updates: a new worker waits until a page asks it to take over (the user pressed Reload on
 * 'A new version is ready', features/pwa/registerServiceWorker.ts).
 */
// oxlint-disable-next-line import/no-unassigned-import -- before anything parses: zod without eval (CSP)
import './zodJitless';
import { Dexie } from 'dexie';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type RouteHandlerCallback, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  addRoute,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precache,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { openUserDb, userDbName } from './data/db';
import { API_CACHE, SNAPSHOT_HEADER, SYNC_TAG_PREFIX, SwMessage } from './data/swShared';
import { deliverQueuedWork } from './app/queuedWork';
import { readyReplies } from './app/readyReplies';
import { answerUnreachable } from './features/pwa/answerUnreachable';
import {
  noticesOf,
  notificationPermission,
  notificationTarget,
  openNotifiedChat,
  showDraftReady,
} from './features/notifications/draftReady';
import { showPushMessage } from './features/notifications/pushMessage';
import { keepBriefOfReminder } from './features/calendar/briefPush';
import { PRERENDERED_PAGES } from './prerender/pages';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// 1. The shell (its route is added below, after the sign-in pages' own).
// oxlint-disable-next-line no-underscore-dangle -- Workbox's injection point: the build replaces it with the precache list
precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// 2a. The sign-in pages, network first (see the header). Registered before the precache's route
// below: Workbox takes the first route that matches, and that one would answer /auth with auth.html.
const SIGN_IN_PAGES = PRERENDERED_PAGES.filter((page) => page.path.startsWith('/auth'));
for (const page of SIGN_IN_PAGES)
  registerRoute(
    new NavigationRoute(networkFirst(page.file), { allowlist: [navigationPattern(page.path)] }),
  );

// The precache's route. No directory index (Workbox skips an empty one): '/' would be answered
// with index.html (the empty shell) before the navigation routes below could give it the
// prerendered landing page.
addRoute({ directoryIndex: '' });

// 2. Offline navigation: the public pages get their prerendered HTML (web/build/prerender.ts), every
// other page the shell (an unknown one then shows the router's 404 screen).
for (const page of PRERENDERED_PAGES) {
  if (SIGN_IN_PAGES.includes(page)) continue;
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL(page.file), {
      allowlist: [navigationPattern(page.path)],
    }),
  );
}
// Not the API, and not a shared page (/s/<id>): the server makes that one, for whoever opens it.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/s\//],
  }),
);

/** A page's path as Workbox matches a navigation: with its query string, a trailing slash allowed. */
function navigationPattern(path: string): RegExp {
  return new RegExp(`^${path === '/' ? '' : path}/?(\\?.*)?$`);
}

/** How long a sign-in page waits for the network before its copy is shown instead. */
const SIGN_IN_NETWORK_TIMEOUT_MS = 5000;

/**
 * The network's answer to a navigation (a redirect included: the browser follows it), or the
 * precached `file` when there is no network, it fails, or it is slower than the timeout. Nothing
 * is cached from the network: its answer is for this rep only.
 */
function networkFirst(file: string): RouteHandlerCallback {
  const fromCopy = createHandlerBoundToURL(file);
  return async (options) => {
    if (self.navigator.onLine) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const response = await Promise.race([
          fetch(options.request),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error('the network is too slow')),
              SIGN_IN_NETWORK_TIMEOUT_MS,
            );
          }),
        ]);
        // A proxy's 502 or 503 page is no sign-in page: the copy below is. A redirect is followed.
        if (response.status < 500) return response;
      } catch {
        // Offline after all, the server down, or too slow: the copy below.
      } finally {
        clearTimeout(timer);
      }
    }
    return fromCopy(options);
  };
}

// 3. Chat history for reading offline.
const CHAT_HISTORY = /^\/api\/chats(\/[^/]+)?$/;

/** Stamps a cached answer with when its request was made (kept in the plugin state per request). */
const snapshotTime: WorkboxPlugin = {
  requestWillFetch: async ({ request, state }) => {
    if (state) state.fetchedAt = Date.now();
    return request;
  },
  cacheWillUpdate: async ({ response, state }) => {
    const headers = new Headers(response.headers);
    headers.set(SNAPSHOT_HEADER, String(state?.fetchedAt ?? Date.now()));
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  },
};

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    CHAT_HISTORY.test(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      snapshotTime,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 }),
      // No network and no copy: a 503 the page reads as offline, never a rejected respondWith.
      answerUnreachable,
    ],
  }),
);

// 4. Nothing else is routed: the browser fetches it as if there were no worker.

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SwMessage.skipWaiting)
    void self.skipWaiting();
  const notices = noticesOf(event.data);
  if (notices)
    event.waitUntil(
      showDraftReady(self, notices).catch((error: unknown) =>
        console.warn('Could not show a notification', error),
      ),
    );
});

self.addEventListener('push', (event) => {
  event.waitUntil(
    showPushMessage(self, event.data)
      // A meeting's reminder: its newest brief onto the phone, so the tap opens it with no signal.
      .then((message) => keepBriefOfReminder(message))
      .catch((error: unknown) => console.warn('Could not show a push message', error)),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    openNotifiedChat(self, notificationTarget(event.notification.data, self.location.origin)),
  );
});

// A worker installed for the first time controls the open pages at once (their chat reads get
// cached from the start); an update only takes over when asked (see above).
clientsClaim();

self.addEventListener('sync', (event) => {
  const { tag, lastChance } = event as SyncEvent;
  if (!tag.startsWith(SYNC_TAG_PREFIX)) return;
  const userId = Number(tag.slice(SYNC_TAG_PREFIX.length));
  if (Number.isInteger(userId)) (event as SyncEvent).waitUntil(syncOutbox(userId, lastChance));
});

/**
 * The `sync` event: let a visible page deliver, or deliver every kind of queued work here. Rejecting
 * asks the browser to try again later (Chromium: a few times, minutes apart), so it rejects only
 * when work is left that another try may deliver (the network or the server failed), never for work
 * no retry delivers: a plan the server refused would be asked for again, each time spending the
 * rep's daily AI allowance.
 */
async function syncOutbox(userId: number, lastChance: boolean): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' });
  const visible = windows.filter((client) => client.visibilityState === 'visible');
  if (visible.length > 0) {
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- Client.postMessage has no target origin
    for (const client of visible) client.postMessage({ type: SwMessage.flushOutbox });
    return;
  }
  // Logged out since the sync was registered: the database is gone, and must not be recreated.
  if (!(await Dexie.exists(userDbName(userId)))) return;
  const db = openUserDb(userId);
  // Every kind of queued work, in the order the pages hand it over (app/queuedWork.ts).
  const { report, left } = await deliverQueuedWork(db);
  // Windows may have come to the front meanwhile: showDraftReady looks again. Without permission
  // there is nothing to show, and the replies are not read.
  if (notificationPermission() === 'granted')
    await showDraftReady(self, await readyReplies(db, report)).catch((error: unknown) =>
      console.warn('Could not show a notification', error),
    );
  if (left === 'retry' && !lastChance)
    throw new Error('Work is still waiting: the browser will sync again later.');
}
