/** The login and register failure wording of spec §8, and the server's reasons by field. */
import type { AccountField, FieldErrors } from '../../../domain/accountFields';
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

const ACCOUNT_FIELDS: readonly AccountField[] = ['name', 'username', 'email', 'password'];

/** The server's reasons by field (a taken username, a common password...), for the form to show beside each field. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const fields = (error.data as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const found: FieldErrors = {};
  for (const field of ACCOUNT_FIELDS) {
    const why = (fields as Record<string, unknown>)[field];
    if (typeof why === 'string' && why) found[field] = why;
  }
  return found;
}

/** The form's fields in the order a rep fills them, so the first one at fault takes the focus. */
export function firstFieldAtFault(errors: FieldErrors): AccountField | undefined {
  return ACCOUNT_FIELDS.find((field) => errors[field]);
}
