/**
 * Whose session a request expects (issue 11, item 3). A browser keeps one session cookie, but a
 * device's outbox belongs to one user: a send queued by Alice must never go out with Bob's cookie
 * (Bob signed in on the same phone before the network came back). So the app names the user a
 * request is for; the server refuses it when the session is someone else's, and the send waits.
 */

/** The header carrying the user id a request is made for (its outbox's owner). Optional. */
export const EXPECTED_USER_HEADER = 'x-pitchpad-user';

/** The code of the refusal: the session belongs to another user than the request expects. */
export const SESSION_MISMATCH = 'session_mismatch';
