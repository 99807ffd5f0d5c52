import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerAndLogIn } from './pages/session';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// A form names every problem at once, beside its field, once.

/** The element's top and height on screen. */
const boxOf = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { top: Math.round(box.y), height: Math.round(box.height) };
};

test("registration shows every field's error at once, inline and in plain words, with no toast; the form neither jumps nor keeps blank space", async ({
  page,
  auth,
  newAccount,
}) => {
  await auth.open('/auth/register');
  const card = page.locator('.auth-card');
  await expect(auth.registerForm).toBeVisible();
  const cardBefore = await boxOf(card);
  const usernameBefore = await boxOf(auth.field('Username'));

  await auth.register({ ...newAccount, username: 'ab', email: 'not-an-email', password: 'short' });

  await expect(auth.fieldError('Username')).toHaveText('Username must be at least 3 characters');
  await expect(auth.fieldError('Email')).toHaveText('Enter a valid email address');
  await expect(auth.fieldError('Password')).toHaveText('Password must be at least 8 characters');
  await expect(auth.fieldError('Full name')).toHaveCount(0);
  // Each field says it is invalid, with its reason, to a screen reader too.
  await expect(auth.registerForm.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(auth.registerForm.getByLabel('Username')).toHaveAccessibleDescription(
    'Username must be at least 3 characters',
  );
  // Once, under the fields: no toast and no summary repeating them.
  await expect(auth.toast).toHaveCount(0);
  await expect(auth.registerForm.locator('.form-error')).toHaveCount(0);
  // The first field at fault has the focus, and the form has not moved.
  await expect(auth.registerForm.getByLabel('Username')).toBeFocused();
  expect((await boxOf(card)).top).toBe(cardBefore.top);

  // Fixing a field takes its error away, and the space it took.
  await auth.registerForm.getByLabel('Username').fill(newAccount.username);
  await expect(auth.fieldError('Username')).toHaveCount(0);
  expect((await boxOf(auth.field('Username'))).height).toBe(usernameBefore.height);
  await expect(auth.fieldError('Email')).toHaveText('Enter a valid email address');
});

test("the server's reasons (a taken username, a common password) show under their fields, not in a toast", async ({
  page,
  auth,
  newAccount,
  request,
}) => {
  const taken = {
    ...newAccount,
    username: `${newAccount.username}x`,
    email: `x${newAccount.email}`,
  };
  await registerAndLogIn(request, taken);

  await auth.open('/auth/register');
  await auth.register({ ...newAccount, username: taken.username, password: 'Password1' });
  // The server stops at the first rule it checks (the common password), then at the taken name.
  await expect(auth.fieldError('Password')).toHaveText(
    'This password is one of the most common ones and easy to guess. Choose another.',
  );
  await expect(auth.toast).toHaveCount(0);
  await auth.registerForm.getByLabel('Password', { exact: true }).fill(newAccount.password);
  await auth.registerForm.getByRole('button', { name: 'Create account' }).click();
  await expect(auth.fieldError('Username')).toHaveText('That username is already taken');
  await expect(auth.fieldError('Password')).toHaveCount(0);
  await expect(auth.toast).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth\/register$/);
});

test('sign-in names both missing fields at once, and a refused login once, in the form', async ({
  auth,
  newAccount,
}) => {
  await auth.open('/auth/login');
  await auth.loginForm.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(auth.fieldError('Username')).toHaveText('Username is required');
  await expect(auth.fieldError('Password')).toHaveText('Password is required');
  await expect(auth.loginForm.getByLabel('Username')).toBeFocused();

  await auth.logIn(newAccount.username, 'not-the-password');
  await expect(auth.fieldError('Username')).toHaveCount(0);
  await expect(auth.fieldError('Password')).toHaveCount(0);
  await expect(auth.loginForm.getByRole('alert')).toHaveText(
    'Login failed: Invalid username or password',
  );
  await expect(auth.toast).toHaveCount(0);
});
