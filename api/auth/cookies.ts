/**
 * The names of our cookies. Where cookies are Secure (an https APP_URL) they carry the `__Host-`
 * prefix: a browser then accepts them only from this exact https origin, with Path=/ and no Domain,
 * so a sibling subdomain or a plain-http page on the way cannot plant one (cookie tossing). That is
 * what keeps an attacker's guest session, login session or CSRF secret out of a victim's browser.
 */
export function cookieNames(secure: boolean) {
  const prefix = secure ? '__Host-' : '';
  return {
    /** The login session's token (Lucia). */
    session: `${prefix}pitchpad_session`,
    /** The guest session's id (koa-session, `session` table). */
    guest: `${prefix}pitchpad_guest`,
    /** A guest's CSRF secret (a logged-in user's derives from the login session). */
    csrf: `${prefix}pitchpad_csrf`,
    /** Marks a browser that signed in to an account before (deviceCookie.ts). */
    device: `${prefix}pitchpad_device`,
  };
}
