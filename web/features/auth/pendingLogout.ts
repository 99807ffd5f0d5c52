/**
 * A logout made with no network. The phone forgets the user at once (local data,
 * cached answers); the server's session is ended as soon as the server can be reached: the logout
 * waits in localStorage (not in the user's database, which the logout deletes), and is tried again
 * at start, when the browser comes back `online`, when the app becomes visible, and on a backoff
 * timer (2 s doubling to 30 s).
 *
 * Whose session. The session cookie is httpOnly and stays in the browser until the server clears
 * it, so the retry goes out with the old session's cookie and a CSRF token issued for that session
 * (the server derives a signed-in session's token from its id). Before ending anything the retry
 * asks who the cookie belongs to now:
 *  - still the user who logged out, in a session begun before the logout (GET /api/auth/session says
 *    how long ago it began): POST /api/auth/logout, with the token fetched just before and
 *    no token refresh, so if a login replaced the session in between the POST is refused (CSRF)
 *    rather than ending the new session;
 *  - nobody, or someone else: the old session is gone from this browser. Any login on it already
 *    ended it (a login rotates the session: the server invalidates the one the request carried,
 *    api/auth/sessions.ts), so there is nothing left to end, and the next user is never logged out;
 *  - the same user in a session begun after the logout: they signed in again, perhaps through the
 *    prerendered sign-in form the browser posts before this script runs (so nothing here could
 *    forget the logout then). Gone too: that login ended the old session, and the new one stays.
 */
import { CSRF_HEADER } from '../../../domain/contract/errors';
import type { CurrentSession } from '../../../domain/contract/session';
import { PENDING_LOGOUT_COOKIE } from '../../../domain/contract/signInCookies';
import { readCookie, removeCookie, writeCookie } from '../../data/cookies';
import { StorageKey, readJson, removeKey, writeJson } from '../../data/storage';

export interface PendingLogout {
  userId: number;
  /** Date.now() of the logout. */
  at: number;
}

function isPendingLogout(value: unknown): value is PendingLogout {
  const v = value as PendingLogout | null;
  return (
    typeof v === 'object' && v !== null && typeof v.userId === 'number' && typeof v.at === 'number'
  );
}

export function readPendingLogout(): PendingLogout | null {
  return readJson(StorageKey.pendingLogout, isPendingLogout);
}

/**
 * How long the server's mark lasts: longer than a session lives (30 days), so it outlives the session
 * it is about; a login or the settled logout takes it away sooner.
 */
const PENDING_LOGOUT_COOKIE_MAX_AGE_S = 60 * 24 * 3600;

/**
 * Remember that `userId`'s session must still be ended on the server. The server hears of it too
 * (PENDING_LOGOUT_COOKIE): until then the session cookie still answers for the user, and opening
 * the sign-in page must not send them into the app as if signed in (api/auth/signInPages.ts).
 */
export function queuePendingLogout(userId: number, now = Date.now()): void {
  writeJson(StorageKey.pendingLogout, { userId, at: now } satisfies PendingLogout);
  writeCookie(PENDING_LOGOUT_COOKIE, String(userId), PENDING_LOGOUT_COOKIE_MAX_AGE_S);
}

/** A login on this browser ended the session the logout was waiting to end (see above). */
export function forgetPendingLogout(): void {
  removeKey(StorageKey.pendingLogout);
  if (readCookie(PENDING_LOGOUT_COOKIE) !== null) removeCookie(PENDING_LOGOUT_COOKIE);
}

type Attempt = 'ended' | 'gone' | 'waiting';

/**
 * Whether the cookie's session began after the logout was queued. The server says how long ago it
 * began, by its clock; counted back from when this phone asked, by its own clock, it compares with
 * the logout's time whatever either clock's error. Counting from the question (not the answer) puts
 * the session's start a round trip early at most: a session begun just before the logout is never
 * taken for a newer one. One whose start the server does not know began before it recorded that.
 */
export function beganAfterLogout(
  session: CurrentSession,
  askedAt: number,
  pending: PendingLogout,
): boolean {
  return session.startedMsAgo !== null && askedAt - session.startedMsAgo > pending.at;
}

async function readJsonResponse<T>(path: string): Promise<T> {
  const res = await fetch(path, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** One try at ending the waiting logout's session (see the header for the order of the calls). */
async function endSession(pending: PendingLogout): Promise<Attempt> {
  try {
    const { csrfToken } = await readJsonResponse<{ csrfToken: string }>('/api/csrf-token');
    const askedAt = Date.now();
    const holder = await readJsonResponse<CurrentSession | null>('/api/auth/session');
    if (holder?.userId !== pending.userId) return 'gone';
    // The same rep signed in again after logging out (the prerendered sign-in form, posted before
    // this script ran): that login ended the old session, and this one is not the logout's to end.
    if (beganAfterLogout(holder, askedAt, pending)) return 'gone';
    // Signed in again meanwhile in another tab: that login ended the old session.
    if (readPendingLogout()?.at !== pending.at) return 'gone';
    const res = await fetch('/api/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', [CSRF_HEADER]: csrfToken },
    });
    if (res.ok) return 'ended';
    // The token's session is not the cookie's any more: a login replaced (and ended) it.
    if (res.status === 403) return 'gone';
    return 'waiting';
  } catch {
    // No network yet, or the server is down.
    return 'waiting';
  }
}

let inFlight: Promise<boolean> | null = null;

/**
 * Try now to end the session of a logout made offline. True when none waits any more (ended, gone,
 * or there was none); false while it must wait for the server.
 */
export function settlePendingLogout(): Promise<boolean> {
  if (!inFlight) {
    // Cleared when settled, from outside the attempt: one that never awaits (offline) would clear
    // it before it was set, and every later call would get its stale answer.
    const current: Promise<boolean> = attemptToSettle().finally(() => {
      if (inFlight === current) inFlight = null;
    });
    inFlight = current;
  }
  return inFlight;
}

async function attemptToSettle(): Promise<boolean> {
  const pending = readPendingLogout();
  if (!pending) return true;
  if (globalThis.navigator?.onLine === false) return false;
  const result = await endSession(pending);
  if (result === 'waiting') return false;
  if (readPendingLogout()?.at === pending.at) forgetPendingLogout();
  return true;
}

const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 30_000;
let retrying = false;

/**
 * Keep trying until the waiting logout is settled: now, on `online`, on becoming visible, and on a
 * backoff timer. Does nothing when none waits or it already runs in this tab.
 */
export function retryPendingLogout(): void {
  if (retrying || !readPendingLogout() || typeof window === 'undefined') return;
  retrying = true;
  let delay = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    retrying = false;
    clearTimeout(timer);
    window.removeEventListener('online', handleOnline);
    document.removeEventListener('visibilitychange', handleVisibility);
  };
  function tryNow(): void {
    clearTimeout(timer);
    void settlePendingLogout().then((settled) => {
      if (settled) return stop();
      timer = setTimeout(tryNow, delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    });
  }
  function handleOnline(): void {
    delay = FIRST_RETRY_MS;
    tryNow();
  }
  function handleVisibility(): void {
    if (document.visibilityState === 'visible') tryNow();
  }

  window.addEventListener('online', handleOnline);
  document.addEventListener('visibilitychange', handleVisibility);
  tryNow();
}
