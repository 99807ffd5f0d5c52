/** Business constants and limits (spec §5 and §9). One place, both sides import it. */

export const PRODUCT_NAME = 'Pitchpad';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 8;

/** Failed logins allowed per username, and per IP, inside the window before 429. */
export const LOGIN_FAILURES_PER_USERNAME = 10;
export const LOGIN_FAILURES_PER_IP = 50;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Registrations allowed per IP inside the window. */
export const REGISTRATIONS_PER_IP = 20;
export const REGISTER_WINDOW_MS = 60 * 60 * 1000;

export const CHAT_TITLE_MAX = 50;
export const SIDEBAR_TITLE_DESKTOP = 30;
export const SIDEBAR_TITLE_MOBILE = 25;

export const DEFAULT_PLAN = 'pro';
export const DEFAULT_BILLING = 'monthly';
export const CHECKOUT_REDIRECT_DELAY_MS = 500;
export const LOGIN_REDIRECT_DELAY_MS = 100;

export const TOAST_DURATION_MS = 5000;
export const SHORT_TOAST_DURATION_MS = 3000;

/** TanStack Query defaults (spec §9). */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_BASE_MS = 1000;
export const QUERY_RETRY_CAP_MS = 30_000;
export const MUTATION_RETRIES = 1;
export const AUTH_DEDUPE_MS = 60_000;

/** Exponential backoff for query retries: 1 s doubled, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attempt, QUERY_RETRY_CAP_MS);
}
