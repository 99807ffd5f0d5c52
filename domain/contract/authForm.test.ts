import { describe, expect, it } from 'vitest';
import { authFormError } from './authForm';

describe('authFormError (what a refused form shows once the app runs)', () => {
  it('a form too large for the server to read has its own clear message, above the button', () => {
    const error = authFormError('too-large');
    expect(error?.message).toMatch(/too long/i);
    expect(error?.field).toBeUndefined();
  });
});
