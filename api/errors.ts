import { ErrorCode, type ApiErrorBody } from '../domain/contract/errors';

/** An error the API answers with: an HTTP status, a stable code and a message for the user. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The request's fields at fault and why, for a form to show beside them. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ApiErrorBody {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }
}

export const InvalidRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, ErrorCode.invalidRequest, message, {}, fields);
export const Unauthorized = (message = 'You must be logged in') =>
  new AppError(401, ErrorCode.unauthorized, message);
export const Forbidden = (
  code: string = ErrorCode.forbidden,
  message = 'You do not have access to this',
) => new AppError(403, code, message);
export const CsrfFailed = (message = 'Invalid or missing CSRF token') =>
  new AppError(403, ErrorCode.csrf, message);
export const NotFound = (what: string) =>
  new AppError(404, ErrorCode.notFound, `${what} not found`);
export const Conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, ErrorCode.conflict, message, {}, fields);
export const RateLimited = (
  retryAfterSeconds: number,
  message = 'Too many attempts. Please try again later.',
) =>
  new AppError(429, ErrorCode.rateLimited, message, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const Unavailable = (message: string) => new AppError(503, ErrorCode.unavailable, message);

/** Every field a zod schema found at fault (by its top-level name) with the first reason for each, without the 'field:' prefix. */
export function zodFieldMessages(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in fields)) fields[field] = issue.message;
  }
  return Object.keys(fields).length ? fields : undefined;
}

/** 'field: why' for the first problem a zod schema found, as the user reads it. */
export function formatZodIssues(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const field = first.path.map(String).join('.');
  return field ? `${field}: ${first.message}` : first.message;
}
