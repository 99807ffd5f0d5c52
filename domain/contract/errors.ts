/** The body of every failed API call: a stable machine-readable code and a message for the user. */
export interface ApiErrorBody {
  code: string;
  message: string;
  /** What is wrong with each input field, by field name and in plain words, so a form can show them all beside their fields. */
  fields?: Record<string, string>;
}

/**
 * The 429 code of a call refused because the day's AI allowance is used up. Here, not beside the
 * usage schemas, so the app's send code reads it without building them.
 */
export const TOKEN_BUDGET_CODE = 'token_budget';

/** Stable error codes the server sends and the client may branch on. */
export const ErrorCode = {
  invalidRequest: 'invalid_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  csrf: 'csrf_failed',
  notFound: 'not_found',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
  unavailable: 'unavailable',
  /**
   * 503 for a call only a language model can answer, on a server with none connected: a setup to
   * finish (Settings → Model), not an outage. A database outage answers 503 `unavailable` instead.
   */
  noModel: 'no_model',
  /** 403 for a Pro tool asked for by a user without an active Pro subscription. */
  proRequired: 'pro_required',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The header that carries the CSRF token on POST, PUT, PATCH and DELETE. */
export const CSRF_HEADER = 'x-csrf-token';
