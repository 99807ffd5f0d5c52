/** The checkout screens' error wording. */
import { ApiError, OfflineError, UnauthorizedError } from '../../data/api';
import { CHECKOUT_LOGIN_REQUIRED } from './billingText';

export { ALREADY_SUBSCRIBED, CHECKOUT_LOGIN_REQUIRED } from './billingText';

export const CHECKOUT_FAILED = 'Failed to initialize checkout. Please try again.';
export const PROCESSOR_LOAD_FAILED = 'Failed to load payment processor.';
export const PAYMENT_FORM_FAILED = 'Failed to initialize payment form.';
export const HOSTED_CHECKOUT_FAILED = {
  header: 'Checkout Failed',
  message: 'Unable to start checkout process. Please try again.',
} as const;

/** Stripe.js could not be loaded (blocked, offline, no publishable key). */
export class PaymentProcessorError extends Error {
  override name = 'PaymentProcessorError';
  constructor(cause?: unknown) {
    super(PROCESSOR_LOAD_FAILED, { cause });
  }
}

/** Stripe.js loaded but the embedded form could not be created or mounted. */
export class PaymentFormError extends Error {
  override name = 'PaymentFormError';
  constructor(cause?: unknown) {
    super(PAYMENT_FORM_FAILED, { cause });
  }
}

/** 409 {code: 'already_subscribed'}: the user has Pro already. */
export function isAlreadySubscribed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'already_subscribed';
}

function textField(data: unknown, key: 'details' | 'error' | 'message'): string | undefined {
  const value =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * What the 'Checkout Error' screen says for a failure: 401 asks to log in; a server answer's
 * details, else its error, else its message, else 'Failed to initialize checkout (status)'; the
 * payment processor's own two failures; a lost connection in the client's usual words.
 */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof UnauthorizedError) return CHECKOUT_LOGIN_REQUIRED;
  if (error instanceof ApiError) {
    return (
      textField(error.data, 'details') ??
      textField(error.data, 'error') ??
      textField(error.data, 'message') ??
      `Failed to initialize checkout (${error.status})`
    );
  }
  if (
    error instanceof PaymentProcessorError ||
    error instanceof PaymentFormError ||
    error instanceof OfflineError
  )
    return error.message;
  return CHECKOUT_FAILED;
}
