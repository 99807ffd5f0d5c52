/** Names the service worker (web/sw.ts) and the pages agree on. No imports: both bundles take it. */

/** The runtime cache of GET /api/chats and /api/chats/{id}, for reading offline. Cleared at login and logout. */
export const API_CACHE = 'pitchpad-api';

/**
 * Set on an API answer served from that cache: the time (Date.now() on this device) the request
 * behind it was made. The pull merges such a snapshot as of then, so nothing newer is overwritten.
 */
export const SNAPSHOT_HEADER = 'x-pitchpad-snapshot-at';

/**
 * Set on the 503 the worker answers an API call with when neither the server nor its cache could
 * (unreachableApiResponse): the pages take that answer as no network (api.ts), as if there were no
 * worker, instead of a refusal by the server.
 */
export const UNREACHABLE_HEADER = 'x-pitchpad-unreachable';

/**
 * The worker's answer to an API call it cannot serve: a 503 in the API's own error shape. A worker
 * must answer every request it routes; a rejected respondWith is logged by the browser as the
 * worker's error (Firefox) and reaches the page as a failed fetch anyway.
 */
export function unreachableApiResponse(): Response {
  return new Response(
    JSON.stringify({ code: 'unavailable', message: 'The server could not be reached.' }),
    {
      status: 503,
      statusText: 'Service Unavailable',
      headers: { 'Content-Type': 'application/json', [UNREACHABLE_HEADER]: '1' },
    },
  );
}

/** The Background Sync tag of a user's queued work, every kind (the name is older than that): `pitchpad-outbox:<userId>`. */
export const SYNC_TAG_PREFIX = 'pitchpad-outbox:';

/** Messages between the service worker and its pages. */
export const SwMessage = {
  /** Page → waiting service worker: take over now (the user chose Reload). */
  skipWaiting: 'SKIP_WAITING',
  /** Service worker → page: the network is back (a `sync` event): flush the outbox. */
  flushOutbox: 'pitchpad:flush-outbox',
  /** Page → service worker: replies this hidden page delivered are ready; notify unless a window is visible (features/notifications/draftReady.ts). */
  draftReady: 'pitchpad:draft-ready',
} as const;

/** Forget every cached API answer (another user may sign in next on this device). */
export async function clearApiCache(): Promise<void> {
  try {
    await globalThis.caches?.delete(API_CACHE);
  } catch {
    // No Cache Storage (an old browser, a private window): nothing was cached.
  }
}
