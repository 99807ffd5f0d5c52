import { expect, test } from './fixtures';
import { holdRequests } from './support/network';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

test('a founder registers and lands signed in in the chat, greeted as new; checks the dashboard and logs out', async ({
  page,
  auth,
  chat,
  dashboard,
  newAccount,
}) => {
  await auth.open('/auth');
  await auth.register(newAccount);

  // 'Create account' signs in: no login tab, no second password, and a welcome for someone new.
  await expect(page).toHaveURL(/\/chat$/);
  await auth.expectToast(
    'Welcome to Pitchpad, Ada',
    'Your account is ready and you are signed in.',
  );
  await expect(auth.toast).not.toContainText('Welcome back');
  await expect(chat.input).toBeVisible();
  await expect(chat.title).toHaveText('New Conversation');
  await expect(chat.welcome).toHaveText(
    "Welcome to Pitchpad! I'm here to help you with various tasks. You can select one of the menu options or ask me any question to get started.",
  );

  await chat.goToDashboardFromMenu();
  await expect(dashboard.detail('Email')).toHaveText(newAccount.email);
  await expect(dashboard.detail('Username')).toHaveText(newAccount.username);
  const today = new Date().toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  await expect(dashboard.detail('Member Since')).toHaveText(today);
  await expect(dashboard.subscription).toContainText('No Active Plan');
  await expect(
    dashboard.subscription.getByRole('link', { name: 'Upgrade to PRO Plan' }),
  ).toBeVisible();
  await expect(dashboard.usageCard('Total Chats')).toContainText('0');
  // Today's AI allowance: nothing used yet, the free plan's allowance, and when it starts again.
  await expect(dashboard.usageCard('AI allowance today')).toContainText('0 / 100,000 tokens');
  await expect(dashboard.usageCard('AI allowance today')).toContainText(
    /Resets at 00:00 UTC \(in (\d+ h)?( ?\d+ min)?\)\./,
  );

  await dashboard.logOutFromMenu();
  await dashboard.expectToast(
    'Successfully logged out',
    'You have been logged out of your account.',
  );
  await expect(page).toHaveURL(/\/$/);
  await expect(dashboard.signInButton).toBeVisible();

  // The session is really gone: the dashboard sends a guest to log in.
  await dashboard.open();
  await expect(page).toHaveURL(/\/auth\?redirect=dashboard$/);
});

test('a wrong password shows why the login failed, once, in the form', async ({
  auth,
  newAccount,
}) => {
  await auth.open('/auth/login');
  await auth.logIn(newAccount.username, 'not-the-password');
  await expect(auth.loginForm.getByRole('alert')).toHaveText(
    'Login failed: Invalid username or password',
  );
  await expect(auth.toast).toHaveCount(0);
});

test('register?email= pre-fills the email', async ({ auth }) => {
  await auth.open('/auth/register?email=grace%40example.com');
  await expect(auth.registerForm.getByLabel('Email')).toHaveValue('grace@example.com');
});

test('a busy Sign in shows a white spinner on the button, where a violet one would vanish', async ({
  page,
  auth,
}) => {
  await auth.open('/auth/login');
  const login = await holdRequests(page, '**/api/auth/login');
  const form = auth.loginForm;
  await form.getByLabel('Username').fill('nobody_here');
  await form.getByLabel('Password', { exact: true }).fill('not-the-password');
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  const spinner = form.getByRole('img', { name: 'Signing in' });
  await expect(spinner).toBeVisible();
  const look = await spinner.evaluate((el) => {
    const style = getComputedStyle(el);
    return { width: style.width, top: style.borderTopColor };
  });
  expect(look).toEqual({ width: '20px', top: 'rgb(255, 255, 255)' });
  login.release();
  await expect(spinner).toBeHidden();
});
