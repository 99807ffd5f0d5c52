/**
 * The sign-up and login fields' rules in plain words. Kept free of zod so the browser can
 * check a whole form before sending it, every field at once; domain/contract/auth.ts states the same
 * rules, with these words, for the server.
 */
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './limits';

export type AccountField = 'name' | 'username' | 'email' | 'password';
/** What is wrong with each field, by field; a field that is fine is absent. */
export type FieldErrors = Partial<Record<AccountField, string>>;

export const FIELD_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameShort: `Username must be at least ${USERNAME_MIN} characters`,
  usernameLong: `Username must be at most ${USERNAME_MAX} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordLong: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordIsUsername: 'Password must not be the same as your username',
  passwordIsEmail: 'Password must not be the same as your email',
  nameLong: `Name must be at most ${NAME_MAX} characters`,
} as const;

/** An email address as the server accepts it (zod's own 'practical' pattern, which the schema is given too). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Two texts a person would call the same (case and look-alike forms aside). */
export function sameText(a: string, b: string): boolean {
  return a.normalize('NFKC').toLowerCase() === b.normalize('NFKC').toLowerCase();
}

/** The registration form's problems, every field at once; the server also refuses common passwords and taken names. */
export function registerFieldErrors(input: {
  name: string;
  username: string;
  email: string;
  password: string;
}): FieldErrors {
  const errors: FieldErrors = {};
  const name = input.name.trim();
  const username = input.username.normalize('NFKC').trim();
  const email = input.email.trim().toLowerCase();
  const { password } = input;
  if (name.length > NAME_MAX) errors.name = FIELD_MESSAGES.nameLong;
  if (!username) errors.username = FIELD_MESSAGES.usernameRequired;
  else if (username.length < USERNAME_MIN) errors.username = FIELD_MESSAGES.usernameShort;
  else if (username.length > USERNAME_MAX) errors.username = FIELD_MESSAGES.usernameLong;
  if (!email) errors.email = FIELD_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = FIELD_MESSAGES.emailInvalid;
  if (!password) errors.password = FIELD_MESSAGES.passwordRequired;
  else if (password.length < PASSWORD_MIN) errors.password = FIELD_MESSAGES.passwordShort;
  else if (password.length > PASSWORD_MAX) errors.password = FIELD_MESSAGES.passwordLong;
  else if (username && sameText(password, username))
    errors.password = FIELD_MESSAGES.passwordIsUsername;
  else if (email && sameText(password, email)) errors.password = FIELD_MESSAGES.passwordIsEmail;
  return errors;
}

/**
 * The login form's problems: both fields are required. Length rules are left to the server, which
 * answers a wrong guess the same way whatever its length.
 */
export function loginFieldErrors(input: { username: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!input.username.trim()) errors.username = FIELD_MESSAGES.usernameRequired;
  if (!input.password) errors.password = FIELD_MESSAGES.passwordRequired;
  return errors;
}
