/** The login and register failure wording of spec §8. */
import { ApiError, OfflineError } from '../../data/api';

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
