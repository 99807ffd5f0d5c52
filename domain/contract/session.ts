/**
 * Whose session a request expects. A browser keeps one session cookie, but a
 * device's outbox belongs to one user: a send queued by Alice must never go out with Bob's cookie
 * (Bob signed in on the same phone before the network came back). So the app names the user a
 * request is for; the server refuses it when the session is someone else's, and the send waits.
 */

/** The header carrying the user id a request is made for (its outbox's owner). Optional. */
export const EXPECTED_USER_HEADER = 'x-pitchpad-user';

/** The code of the refusal: the session belongs to another user than the request expects. */
export const SESSION_MISMATCH = 'session_mismatch';

/**
 * GET /api/auth/session: whose login session the browser's cookie holds and how long ago, by the
 * server's clock, it began (null: it began before that was recorded); the answer is null for none.
 * A duration rather than a time, so a phone whose clock is off still compares it rightly with its own.
 */
export interface CurrentSession {
  userId: number;
  startedMsAgo: number | null;
}
