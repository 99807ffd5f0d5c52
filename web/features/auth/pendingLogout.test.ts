// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  beganAfterLogout,
  forgetPendingLogout,
  queuePendingLogout,
  readPendingLogout,
  settlePendingLogout,
} from './pendingLogout';

type Answer = { status: number; body?: unknown } | 'offline';

/** Long before any logout in these tests: the session the logout was made in. */
const AN_HOUR_MS = 3_600_000;

/**
 * A fake server: who the cookie is (and how long ago, in ms, their session began), and what each
 * call saw. It answers both questions an app may ask: who is signed in, and since when.
 */
function serve(
  holder: { id: number; startedMsAgo?: number | null } | null,
  logout: Answer = { status: 200, body: { ok: true } },
) {
  const calls: Array<{ path: string; method: string; csrf: string | null }> = [];
  const session = holder && {
    userId: holder.id,
    startedMsAgo: holder.startedMsAgo === undefined ? AN_HOUR_MS : holder.startedMsAgo,
  };
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    calls.push({ path, method: init.method ?? 'GET', csrf: headers.get('x-csrf-token') });
    const answer: Answer =
      path === '/api/csrf-token'
        ? { status: 200, body: { csrfToken: 'token-of-the-old-session' } }
        : path === '/api/auth/user'
          ? { status: 200, body: holder && { id: holder.id } }
          : path === '/api/auth/session'
            ? { status: 200, body: session }
            : logout;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'pitchpad_logout_pending=; path=/; max-age=0';
});
afterEach(() => vi.unstubAllGlobals());

describe('a logout made offline', () => {
  it('is marked for the server in a cookie naming its user (so the sign-in page is not skipped for a session about to end), and the mark goes once it is settled', async () => {
    queuePendingLogout(7);
    expect(document.cookie).toContain('pitchpad_logout_pending=7');
    serve({ id: 7 });
    expect(await settlePendingLogout()).toBe(true);
    expect(document.cookie).not.toContain('pitchpad_logout_pending');
    // A login forgets the waiting logout, and its mark with it.
    queuePendingLogout(8);
    forgetPendingLogout();
    expect(document.cookie).not.toContain('pitchpad_logout_pending');
  });

  it('ends the old session once the server answers, with that session’s CSRF token', async () => {
    queuePendingLogout(7);
    const calls = serve({ id: 7 });
    expect(await settlePendingLogout()).toBe(true);
    expect(calls.at(-1)).toEqual({
      path: '/api/auth/logout',
      method: 'POST',
      csrf: 'token-of-the-old-session',
    });
    expect(readPendingLogout()).toBeNull();
  });

  it('keeps waiting while the server cannot be reached', async () => {
    queuePendingLogout(7);
    serve({ id: 7 }, 'offline');
    expect(await settlePendingLogout()).toBe(false);
    serve({ id: 7 }, { status: 502 });
    expect(await settlePendingLogout()).toBe(false);
    expect(readPendingLogout()).toMatchObject({ userId: 7 });
  });

  it('tries again once the browser is back online (an offline answer is not kept)', async () => {
    queuePendingLogout(7);
    const calls = serve({ id: 7 });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await settlePendingLogout()).toBe(false);
    expect(calls).toEqual([]);
    onLine.mockReturnValue(true);
    expect(await settlePendingLogout()).toBe(true);
    expect(calls.at(-1)?.path).toBe('/api/auth/logout');
    onLine.mockRestore();
  });

  it('never logs out someone who signed in on this browser since (their login ended the old session)', async () => {
    queuePendingLogout(7);
    const calls = serve({ id: 8 });
    expect(await settlePendingLogout()).toBe(true);
    expect(calls.map((c) => c.method)).not.toContain('POST');
    expect(readPendingLogout()).toBeNull();
  });

  it('takes a refused token (the session changed between the calls) as the old session gone', async () => {
    queuePendingLogout(7);
    serve(
      { id: 7 },
      { status: 403, body: { code: 'csrf_failed', message: 'Invalid or missing CSRF token' } },
    );
    expect(await settlePendingLogout()).toBe(true);
    expect(readPendingLogout()).toBeNull();
  });

  it('leaves alone a session the same rep began after logging out (signed in again through the prerendered form), and forgets the logout', async () => {
    queuePendingLogout(7, Date.now() - 60_000);
    // They logged out a minute ago and signed in again 20 s ago, before this script could run.
    const calls = serve({ id: 7, startedMsAgo: 20_000 });
    expect(await settlePendingLogout()).toBe(true);
    expect(calls.map((c) => c.method)).not.toContain('POST');
    expect(readPendingLogout()).toBeNull();
    // One begun before the logout (or before the server recorded when sessions begin) is still ended.
    for (const startedMsAgo of [61_000, null]) {
      queuePendingLogout(7, Date.now() - 60_000);
      const before = serve({ id: 7, startedMsAgo });
      expect(await settlePendingLogout(), `began ${startedMsAgo} ms ago`).toBe(true);
      expect(before.at(-1)).toEqual({
        path: '/api/auth/logout',
        method: 'POST',
        csrf: 'token-of-the-old-session',
      });
    }
  });
});

describe('beganAfterLogout', () => {
  it('compares durations only (the session’s age by the server, counted back on the phone’s clock), so neither clock’s error matters', () => {
    const logout = { userId: 7, at: 1_000_000 };
    // The phone asked 30 s after the logout, by its own clock; the server only says how long ago.
    const askedAt = logout.at + 30_000;
    expect(beganAfterLogout({ userId: 7, startedMsAgo: 10_000 }, askedAt, logout)).toBe(true);
    expect(beganAfterLogout({ userId: 7, startedMsAgo: 40_000 }, askedAt, logout)).toBe(false);
    expect(beganAfterLogout({ userId: 7, startedMsAgo: null }, askedAt, logout)).toBe(false);
  });
});
