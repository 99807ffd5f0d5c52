import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, loginFieldErrors, registerFieldErrors } from './accountFields';
import { RegisterInput } from './contract/auth';

const valid = {
  name: 'Ada Founder',
  username: 'ada',
  email: 'ada@example.com',
  password: 'correct-horse-42',
};

/** What the server's schema says about each field, as { field: why }. */
function serverView(input: typeof valid): Record<string, string> {
  const result = RegisterInput.safeParse(input);
  const fields: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0]);
    fields[field] ??= issue.message;
  }
  return fields;
}

describe('registerFieldErrors', () => {
  it('finds nothing wrong with a valid form', () => {
    expect(registerFieldErrors(valid)).toEqual({});
  });

  it('names every field at fault at once, in plain words', () => {
    expect(
      registerFieldErrors({ name: '', username: 'ab', email: 'not-an-email', password: 'short' }),
    ).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
    expect(registerFieldErrors({ name: '', username: ' ', email: '', password: '' })).toEqual({
      username: FIELD_MESSAGES.usernameRequired,
      email: FIELD_MESSAGES.emailRequired,
      password: FIELD_MESSAGES.passwordRequired,
    });
  });

  it.each([
    ['a short username', { username: 'ab' }],
    ['a long username', { username: 'x'.repeat(51) }],
    ['an email without a domain', { email: 'ada@' }],
    ['an email with a space', { email: 'ada lovelace@example.com' }],
    ['an email with two dots', { email: 'ada..l@example.com' }],
    ['an email in capitals, padded', { email: '  ADA@Example.COM ' }],
    ['a long name', { name: 'n'.repeat(101) }],
    ['a password equal to the username', { password: 'ADA-lovelace', username: 'ada-lovelace' }],
    ['a password equal to the email', { password: 'Ada@Example.com' }],
    ['a long password', { password: 'p'.repeat(257) }],
  ])('agrees with the server about %s', (_label, change) => {
    const input = { ...valid, ...change };
    // The server's zod messages are empty for a field only when the browser's are too (the server
    // also refuses invisible characters and common passwords, which the browser leaves to it).
    expect(registerFieldErrors(input)).toEqual(serverView(input));
  });
});

describe('loginFieldErrors', () => {
  it('asks for both fields, and nothing more', () => {
    expect(loginFieldErrors({ username: '  ', password: '' })).toEqual({
      username: FIELD_MESSAGES.usernameRequired,
      password: FIELD_MESSAGES.passwordRequired,
    });
    expect(loginFieldErrors({ username: 'ada', password: 'short' })).toEqual({});
  });
});
