import { describe, expect, it } from 'vitest';
import { CHECKOUT_LOGIN_REQUIRED as SERVER_LOGIN_REQUIRED } from '../../../domain/contract/billing';
import { ApiError, OfflineError, UnauthorizedError } from '../../data/api';
import {
  CHECKOUT_FAILED,
  CHECKOUT_LOGIN_REQUIRED,
  PaymentFormError,
  PaymentProcessorError,
  checkoutErrorMessage,
  isAlreadySubscribed,
} from './checkoutErrors';

describe('the checkout error wording', () => {
  it("restates the server's login text", () => {
    expect(CHECKOUT_LOGIN_REQUIRED).toBe(SERVER_LOGIN_REQUIRED);
  });

  it('asks a logged-out user to log in', () => {
    expect(
      checkoutErrorMessage(
        new UnauthorizedError('whatever', 401, { code: 'unauthorized', message: 'x' }),
      ),
    ).toBe('Please log in to continue with checkout.');
  });

  it("shows the server's details, else its error, else its message", () => {
    expect(
      checkoutErrorMessage(
        new ApiError('m', 400, { details: 'Card declined', error: 'e', message: 'm' }),
      ),
    ).toBe('Card declined');
    expect(checkoutErrorMessage(new ApiError('m', 400, { error: 'Bad plan', message: 'm' }))).toBe(
      'Bad plan',
    );
    expect(
      checkoutErrorMessage(
        new ApiError('m', 502, {
          code: 'checkout_failed',
          message: 'Failed to initialize checkout. Please try again.',
        }),
      ),
    ).toBe('Failed to initialize checkout. Please try again.');
    expect(
      checkoutErrorMessage(
        new ApiError('m', 503, {
          code: 'payments_not_configured',
          message: 'Payments are not set up on this server yet.',
        }),
      ),
    ).toBe('Payments are not set up on this server yet.');
  });

  it('names the status when the server said nothing usable', () => {
    expect(
      checkoutErrorMessage(new ApiError('Request failed with status 500', 500, undefined)),
    ).toBe('Failed to initialize checkout (500)');
    expect(checkoutErrorMessage(new ApiError('x', 504, '<html>gateway</html>'))).toBe(
      'Failed to initialize checkout (504)',
    );
  });

  it('says when the payment processor or its form failed', () => {
    expect(checkoutErrorMessage(new PaymentProcessorError())).toBe(
      'Failed to load payment processor.',
    );
    expect(checkoutErrorMessage(new PaymentFormError())).toBe('Failed to initialize payment form.');
  });

  it('uses the connection wording offline and the generic text for anything else', () => {
    expect(checkoutErrorMessage(new OfflineError())).toBe(
      'Network error: Cannot connect to server. Please check your connection.',
    );
    expect(checkoutErrorMessage(new Error('boom'))).toBe(CHECKOUT_FAILED);
  });

  it('knows the already-subscribed answer', () => {
    expect(
      isAlreadySubscribed(new ApiError('x', 409, { code: 'already_subscribed', message: 'x' })),
    ).toBe(true);
    expect(isAlreadySubscribed(new ApiError('x', 409, { code: 'conflict', message: 'x' }))).toBe(
      false,
    );
    expect(isAlreadySubscribed(new Error('x'))).toBe(false);
  });
});
