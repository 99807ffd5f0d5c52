/**
 * Two small cookies the page's script and the server read both, for the moments when the one side
 * cannot tell the other any other way: a full page load, answered by the server before any of the
 * app's code runs. Neither holds a secret nor anything typed, and neither can do harm if planted:
 * at worst the sign-in page is drawn instead of skipped, or a welcome is shown.
 */

/**
 * Set by the page (web/features/auth/pendingLogout.ts) while a logout made offline waits to end the
 * session on the server; its value is the id of the user who logged out. The session cookie still
 * answers for that user meanwhile, so the server must not take the rep for signed in and send them
 * on from the sign-in page (api/auth/signInPages.ts): the app ends the session first. Any login
 * clears it (it ends the session the logout was waiting to end).
 */
export const PENDING_LOGOUT_COOKIE = 'pitchpad_logout_pending';

/**
 * Set by the server when the registration form the browser posted itself (before the app took the
 * page over) created an account and signed it in; the app greets the new account once, as its own
 * registration does ('Welcome to Pitchpad, Ada'), and removes it. Lives a few minutes at most.
 */
export const NEW_ACCOUNT_COOKIE = 'pitchpad_new_account';
export const NEW_ACCOUNT_COOKIE_MAX_AGE_S = 300;
