/**
 * The few cookies the page's own script reads or writes (domain/contract/signInCookies.ts): marks the
 * server needs on a full page load, before any script runs. Never a secret: the session cookie is
 * httpOnly and out of reach here. Guarded as storage is: a blocked cookie jar must not break a screen.
 */

/** The cookie's value, or null when there is none. */
export function readCookie(name: string): string | null {
  try {
    for (const pair of globalThis.document?.cookie.split(';') ?? []) {
      const eq = pair.indexOf('=');
      if (eq > 0 && pair.slice(0, eq).trim() === name)
        return decodeURIComponent(pair.slice(eq + 1).trim());
    }
  } catch {
    // Cookies blocked: as if there were none.
  }
  return null;
}

/** Sets a cookie for the whole site, for `maxAgeSeconds` (0 removes it). */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  try {
    if (typeof document === 'undefined') return;
    const secure = globalThis.location?.protocol === 'https:' ? '; secure' : '';
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax${secure}`;
  } catch {
    // Cookies blocked: the server then does without the mark.
  }
}

export function removeCookie(name: string): void {
  writeCookie(name, '', 0);
}
