/**
 * How a failed call maps to the outbox's three answers (outbox.ts `Answer`), for every kind of queued
 * work that is one request (a profile edit, a kit file): the chat's mapping (chatDelivery.ts) adds
 * what a streamed reply can do on top of this.
 *
 *   a refusal for good (a 4xx but 401, 408, 429 and a session mismatch)  → refused, with the server's words
 *   429 with Retry-After                                                 → retry, not before then
 *   no session for the work's owner (401, another account's session)    → retry in SIGNED_OUT_RETRY_MS
 *   the network, a 5xx, a 408                                             → retry, with the backoff
 */
import {
  ApiError,
  OfflineError,
  RateLimitedError,
  SessionMismatchError,
  UnauthorizedError,
} from '../api';
import type { Answer, FlushReport, Handlers, Settlement } from '../outbox';

/** The retry of work whose owner has no session here: only a sign-in helps, which flushes at once. */
export const SIGNED_OUT_RETRY_MS = 5 * 60 * 1000;

/** True for a refusal that will be the same next time: a 4xx other than 401, 408, 429 and a session mismatch. */
export function isRefusedForGood(error: unknown): boolean {
  if (!(error instanceof ApiError) || isSessionProblem(error)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * The browser has no session for the outbox's owner: signed out (401), or another account signed in
 * on this device (409 session_mismatch). The work waits until its owner signs in again.
 */
export function isSessionProblem(error: unknown): boolean {
  return error instanceof UnauthorizedError || error instanceof SessionMismatchError;
}

/**
 * A failed request's answer (see the header). Its `detail` is the error unless the kind gives one,
 * so whoever reads the flush's report can tell why (`sessionGone`, a kit file's refusal).
 */
export function answerForError(error: unknown, now: number, detail: unknown = error): Answer {
  const reason = error instanceof Error ? error.message : String(error);
  if (isRefusedForGood(error)) return { kind: 'refused', reason, detail };
  if (error instanceof RateLimitedError && error.retryAfterMs !== undefined)
    return { kind: 'retry', reason, notBefore: now + error.retryAfterMs, detail };
  return isSessionProblem(error)
    ? { kind: 'retry', reason, delayMs: SIGNED_OUT_RETRY_MS, detail }
    : { kind: 'retry', reason, detail };
}

/** The error behind a settlement: its kind's `errorOf` reads it from the detail, else the detail is it. */
export function errorOfSettlement(handlers: Handlers, settlement: Settlement): unknown {
  const errorOf = handlers[settlement.kind]?.errorOf;
  return errorOf ? errorOf(settlement.detail) : settlement.detail;
}

/**
 * Whether some work of this flush stopped because the browser's session is gone or someone else's
 * (any kind: a chat send, a profile edit, a kit file). Another try changes nothing until the owner
 * signs in again.
 */
export function sessionGone(report: FlushReport, handlers: Handlers): boolean {
  return [...report.outcomes.values()].some(
    (settled) =>
      settled.state === 'queued' && isSessionProblem(errorOfSettlement(handlers, settled)),
  );
}

/** Whether some work of this flush stopped because the network could not be reached. */
export function cutOffFromNetwork(report: FlushReport, handlers: Handlers): boolean {
  return [...report.outcomes.values()].some(
    (settled) =>
      settled.state === 'queued' && errorOfSettlement(handlers, settled) instanceof OfflineError,
  );
}
