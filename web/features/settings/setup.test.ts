// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../data/api';
import { isNoModelError } from './modelStatus';
import {
  forgetSetupToken,
  keepSetupToken,
  markLeavingToSignIn,
  readSetupToken,
  takeReturningFromSignIn,
} from './setupToken';
import { claimFailureMessage } from './SetupScreen';

afterEach(() => sessionStorage.clear());

describe('the setup link', () => {
  it('keeps the token in this tab only until it is used, and remembers a trip to sign in once', () => {
    keepSetupToken(' tok-123 ');
    expect(readSetupToken()).toBe('tok-123');
    expect(localStorage.length).toBe(0);
    markLeavingToSignIn();
    expect(takeReturningFromSignIn()).toBe(true);
    expect(takeReturningFromSignIn()).toBe(false);
    forgetSetupToken();
    expect(readSetupToken()).toBeNull();
  });

  it('says plainly why a claim was refused: a wrong or used token, or an operator who exists', () => {
    const used = new ApiError('This setup link is not valid: it was used already.', 403, {
      code: 'setup_token_invalid',
      message: 'This setup link is not valid: it was used already.',
    });
    expect(claimFailureMessage(used)).toEqual({
      title: 'This setup link is not valid',
      detail: 'This setup link is not valid: it was used already.',
    });
    const taken = new ApiError('x', 409, { code: 'operator_exists', message: 'x' });
    expect(claimFailureMessage(taken).title).toBe('This Pitchpad already has an operator');
  });
});

describe('a call only a model can answer', () => {
  it("on a server with no model is a known setup (503 'no_model'), not a failure", () => {
    expect(
      isNoModelError(
        new ApiError('No AI model is connected…', 503, {
          code: 'no_model',
          message: 'No AI model is connected…',
        }),
      ),
    ).toBe(true);
    expect(
      isNoModelError(
        new ApiError('The AI model is busy', 503, {
          code: 'model_busy',
          message: 'The AI model is busy',
        }),
      ),
    ).toBe(false);
  });

  it("a database outage (503 'unavailable') is not taken for 'no model'", () => {
    expect(
      isNoModelError(
        new ApiError('The database is unavailable', 503, {
          code: 'unavailable',
          message: 'The database is unavailable',
        }),
      ),
    ).toBe(false);
    expect(isNoModelError(new Error('boom'))).toBe(false);
  });
});
