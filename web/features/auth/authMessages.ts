/** What a failed login or registration tells the user, and the server's reasons by field. */
import { ApiError, NETWORK_ERROR_MESSAGE, OfflineError } from '../../data/api';

function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' && data.message ? data.message : null;
}

export function loginFailureMessage(error: unknown): string {
  if (error instanceof OfflineError) return 'Please check your credentials and try again';
  return serverMessage(error) ?? 'Invalid username or password';
}

export function registerFailureMessage(error: unknown): string {
  if (error instanceof OfflineError) return 'Please check your information and try again';
  return serverMessage(error) ?? 'Please try again';
}

/** A change on /account that failed: no signal said as such (never 'check your information'), else the server's reason. */
export function accountFailureMessage(error: unknown): string {
  if (error instanceof OfflineError) return NETWORK_ERROR_MESSAGE;
  return serverMessage(error) ?? 'Please try again';
}

/**
 * The server's reasons by field (a taken username, a common password, a wrong current password...),
 * its error's `fields`, for the form to show beside each of its own (useFieldErrors' `show`).
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = (error.data as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}
