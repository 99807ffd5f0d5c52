import { FIELD_MESSAGES, type AccountField } from '../accountFields';

/**
 * The sign-in and registration forms as the browser sends them before the app has taken the page
 * over (a plain `<form method="post">`): the server signs the rep in and answers with a redirect,
 * to the chat or back to the form with an error code. The code is all the URL carries: what was
 * typed never goes into a URL.
 */
export const AUTH_FORM_PATHS = {
  login: '/api/auth/login/form',
  register: '/api/auth/register/form',
} as const;

/** Where each form sends the rep back to when it fails (with `?error=<code>`). */
export const AUTH_FORM_PAGES = { login: '/auth/login', register: '/auth/register' } as const;

export const INVALID_LOGIN = 'Invalid username or password';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';
export const COMMON_PASSWORD =
  'This password is one of the most common ones and easy to guess. Choose another.';
export const USERNAME_TAKEN = 'That username is already taken';
export const EMAIL_TAKEN = 'An account with that email already exists';

type FieldMessageKey = keyof typeof FIELD_MESSAGES;

/** What each error code says, and the field it belongs to (none: it shows above the button). */
const FORM_ERRORS: Record<string, { message: string; field?: AccountField }> = {
  'invalid-login': { message: INVALID_LOGIN },
  'too-many': { message: TOO_MANY_ATTEMPTS },
  'username-taken': { message: USERNAME_TAKEN, field: 'username' },
  'email-taken': { message: EMAIL_TAKEN, field: 'email' },
  'common-password': { message: COMMON_PASSWORD, field: 'password' },
  failed: { message: 'Something went wrong. Please try again.' },
  // The form's body was more than the server reads (its fields hold far less): a paste gone wrong.
  'too-large': {
    message:
      'What you entered was too long to send. Check that each field holds only what it asks for, and try again.',
  },
  ...Object.fromEntries(
    (Object.keys(FIELD_MESSAGES) as FieldMessageKey[]).map((key) => [
      key,
      { message: FIELD_MESSAGES[key], field: fieldOfMessageKey(key) },
    ]),
  ),
};

function fieldOfMessageKey(key: FieldMessageKey): AccountField {
  if (key.startsWith('username')) return 'username';
  if (key.startsWith('email')) return 'email';
  if (key.startsWith('password')) return 'password';
  return 'name';
}

/** The error a form's `?error=` names, or null for an unknown code (nothing is shown then). */
export function authFormError(
  code: string | undefined,
): { message: string; field?: AccountField } | null {
  return code !== undefined && Object.hasOwn(FORM_ERRORS, code) ? FORM_ERRORS[code]! : null;
}

/** The code for one field's reason as the schema words it (FIELD_MESSAGES), or undefined. */
export function fieldMessageCode(message: string): string | undefined {
  return (Object.keys(FIELD_MESSAGES) as FieldMessageKey[]).find(
    (key) => FIELD_MESSAGES[key] === message,
  );
}
