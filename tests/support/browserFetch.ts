import type { TestClient } from './client';

/** Node's own fetch, taken before any test installs a browser's in its place. */
const realFetch = globalThis.fetch;

/**
 * The app's same-origin fetch (web/data/api.ts calls '/api/...'), as `client`'s browser: sent to
 * `origin` (the server's URL; one nothing listens on is a dead network) with the session's cookies
 * and address, keeping the cookies the server sets. Each call is noted in `calls` ('POST /api/chat').
 * An absolute address goes out untouched.
 * Install it as `globalThis.fetch` for the client code under test.
 */
export function browserFetch(
  client: TestClient,
  calls: string[] = [],
  origin = client.baseUrl,
): typeof fetch {
  const fetcher = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    // An absolute address is not the app's: the server under test, in this same process, calling
    // an outside service's fake (a CRM) goes there as it is.
    if (/^https?:\/\//.test(String(input))) return realFetch(input, init);
    calls.push(`${init.method ?? 'GET'} ${String(input)}`);
    const headers = new Headers(init.headers);
    headers.set('cookie', [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    headers.set('x-forwarded-for', client.ip);
    const res = await realFetch(origin + String(input), { ...init, headers });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      client.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  };
  return Object.assign(fetcher, { preconnect: () => {} }) as typeof fetch;
}
