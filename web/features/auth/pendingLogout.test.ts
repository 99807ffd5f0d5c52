import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queuePendingLogout, readPendingLogout, settlePendingLogout } from './pendingLogout';

type Answer = { status: number; body?: unknown } | 'offline';

/** A fake server: who the cookie is, and what each call saw. */
function serve(holder: { id: number } | null, logout: Answer = { status: 200, body: { ok: true } }) {
  const calls: Array<{ path: string; method: string; csrf: string | null }> = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    calls.push({ path, method: init.method ?? 'GET', csrf: headers.get('x-csrf-token') });
    const answer: Answer = path === '/api/csrf-token' ? { status: 200, body: { csrfToken: 'token-of-the-old-session' } } : path === '/api/auth/user' ? { status: 200, body: holder } : logout;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? null), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('a logout made offline', () => {
  it('security: 4. ends the old session once the server answers, with that session’s CSRF token', async () => {
    queuePendingLogout(7);
    const calls = serve({ id: 7 });
    expect(await settlePendingLogout()).toBe(true);
    expect(calls.at(-1)).toEqual({ path: '/api/auth/logout', method: 'POST', csrf: 'token-of-the-old-session' });
    expect(readPendingLogout()).toBeNull();
  });

  it('security: 4. keeps waiting while the server cannot be reached', async () => {
    queuePendingLogout(7);
    serve({ id: 7 }, 'offline');
    expect(await settlePendingLogout()).toBe(false);
    serve({ id: 7 }, { status: 502 });
    expect(await settlePendingLogout()).toBe(false);
    expect(readPendingLogout()).toMatchObject({ userId: 7 });
  });

  it('security: 4. tries again once the browser is back online (an offline answer is not kept)', async () => {
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

  it('security: 4. never logs out someone who signed in on this browser since (their login ended the old session)', async () => {
    queuePendingLogout(7);
    const calls = serve({ id: 8 });
    expect(await settlePendingLogout()).toBe(true);
    expect(calls.map((c) => c.method)).not.toContain('POST');
    expect(readPendingLogout()).toBeNull();
  });

  it('security: 4. takes a refused token (the session changed between the calls) as the old session gone', async () => {
    queuePendingLogout(7);
    serve({ id: 7 }, { status: 403, body: { code: 'csrf_failed', message: 'Invalid or missing CSRF token' } });
    expect(await settlePendingLogout()).toBe(true);
    expect(readPendingLogout()).toBeNull();
  });
});
