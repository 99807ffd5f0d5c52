import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, OfflineError } from '../../data/api';
import {
  PASSKEY_ALREADY_HERE,
  PASSKEY_UNAVAILABLE,
  isPasskeyCancelled,
  passkeyFailureMessage,
} from './passkeys';

describe('passkeyFailureMessage: why a passkey ceremony failed, in the rep’s words', () => {
  it('no signal is said as such, never as wrong credentials', () => {
    expect(passkeyFailureMessage(new OfflineError())).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('the server’s reason when it gave one', () => {
    const error = new ApiError('x', 400, {
      code: 'passkey_challenge',
      message: 'This passkey request expired or was already used. Please try again.',
    });
    expect(passkeyFailureMessage(error)).toBe(
      'This passkey request expired or was already used. Please try again.',
    );
  });

  it('a device that already holds a passkey for the account says so, not that passkeys fail here', () => {
    const invalidState = new DOMException(
      'The authenticator was previously registered',
      'InvalidStateError',
    );
    expect(passkeyFailureMessage(invalidState)).toBe(PASSKEY_ALREADY_HERE);
    const wrapped = Object.assign(new Error('previously registered'), {
      code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      cause: invalidState,
    });
    expect(passkeyFailureMessage(wrapped)).toBe(PASSKEY_ALREADY_HERE);
    expect(isPasskeyCancelled(wrapped)).toBe(false);
  });

  it('anything else: the browser could not use one', () => {
    expect(passkeyFailureMessage(new TypeError('boom'))).toBe(PASSKEY_UNAVAILABLE);
  });
});
