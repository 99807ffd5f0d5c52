import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { NewAccount } from './pages/AuthPage';
import { AuthPage } from './pages/AuthPage';
import { logIn, registerAndLogIn } from './pages/session';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectOnScreen, hideKeyboard, showKeyboard } from './support/keyboard';
import { expectNoSidewaysScroll } from './support/layout';
import { expectTapTargetsLargeEnough } from './support/tapTargets';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

/**
 * Account → Devices and Password on a phone: the rep's phone is this test's page (an Android
 * Chrome), the laptop a browser context of its own (a Mac). Two browsers of one account.
 */
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
test.use({ userAgent: ANDROID });

/** The account signed in on a laptop: a browser of its own, sharing nothing with the phone. */
async function openLaptop(browser: Browser, account: NewAccount) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    userAgent: MAC,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.77' },
  });
  const page = await context.newPage();
  await logIn(page.request, account);
  return { page, close: () => context.close() };
}

const devicesSection = (page: Page) => page.getByRole('region', { name: 'Devices' });
const deviceRows = (page: Page) => devicesSection(page).getByRole('listitem');

async function openAccount(page: Page) {
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
}

test('a lost phone is signed out from the laptop at once: its next navigation finds it signed out', async ({
  page,
  browser,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  await openAccount(page);
  await expect(deviceRows(page)).toHaveCount(1);
  await expect(deviceRows(page).first()).toContainText('Android phone · Chrome');
  await expect(deviceRows(page).first()).toContainText('This device');

  const laptop = await openLaptop(browser, newAccount);
  try {
    await openAccount(laptop.page);
    const rows = deviceRows(laptop.page);
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Mac · Chrome');
    await expect(rows.first()).toContainText('This device');
    await expect(rows.nth(1)).toContainText('Android phone · Chrome');
    // Seen within the last minutes: the phone was on /account just now.
    await expect(rows.nth(1)).toContainText('Active now');
    await laptop.page.getByRole('button', { name: 'Sign out Android phone · Chrome' }).click();
    await expect(rows).toHaveCount(1);
    await expect(laptop.page.getByText('Android phone · Chrome is signed out.')).toBeVisible();
    // The row and its button are gone: the focus is on the list's title, not lost to the page.
    await expect(laptop.page.getByRole('heading', { name: 'Devices' })).toBeFocused();
  } finally {
    await laptop.close();
  }

  // The phone's next navigation: the server no longer knows its session, so it is asked to sign in.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth(\/login)?\?redirect=account/);
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
});

test('signing out all other devices asks first, and keeps this one', async ({
  page,
  browser,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  const laptop = await openLaptop(browser, newAccount);
  try {
    await openAccount(page);
    await expect(deviceRows(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Sign out all other devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out all other devices?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(deviceRows(page)).toHaveCount(2);

    await page.getByRole('button', { name: 'Sign out all other devices' }).click();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(dialog).toBeHidden();
    await expect(deviceRows(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Sign out all other devices' })).toBeHidden();

    await laptop.page.goto('/account');
    await expect(laptop.page).toHaveURL(/\/auth(\/login)?\?redirect=account/);
  } finally {
    await laptop.close();
  }
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
});

test('a rep changes the password with the current one; the laptop is signed out; the new one signs in', async ({
  page,
  browser,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  const laptop = await openLaptop(browser, newAccount);
  const newPassword = `${newAccount.password}-changed`;
  try {
    await openAccount(page);
    const form = page.getByRole('form', { name: 'Change your password' });
    // A wrong current password is named beside its field.
    await form.getByLabel('Current password').fill('not-the-password');
    await form.getByLabel('New password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Your current password is not right.')).toBeVisible();
    await expect(form.getByLabel('Current password')).toBeFocused();

    await form.getByLabel('Current password').fill(newAccount.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed')).toBeVisible();
    await expect(form.getByLabel('New password')).toHaveValue('');

    await laptop.page.goto('/account');
    await expect(laptop.page).toHaveURL(/\/auth(\/login)?\?redirect=account/);
    const auth = new AuthPage(laptop.page);
    await auth.waitForApp();
    await auth.logIn(newAccount.username, newPassword);
    // Back where the rep was when the session ended.
    await expect(laptop.page).toHaveURL(/\/account$/);
    await openAccount(laptop.page);
  } finally {
    await laptop.close();
  }
  // This phone stayed signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
});

test('a rep changes the email with the current password; an address another account has is named beside the field', async ({
  page,
  playwright,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  // Someone else's account, made from another browser and address.
  const other = {
    ...newAccount,
    username: `${newAccount.username}_b`,
    email: `b_${newAccount.email}`,
  };
  const otherDevice = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.78' },
  });
  await registerAndLogIn(otherDevice, other);
  await otherDevice.dispose();

  await openAccount(page);
  const form = page.getByRole('form', { name: 'Change your email' });
  await form.getByLabel('New email').fill(other.email);
  await form.getByLabel('Current password').fill(newAccount.password);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByText('An account with that email already exists')).toBeVisible();
  await expect(form.getByLabel('New email')).toBeFocused();

  const moved = `moved_${newAccount.email}`;
  await form.getByLabel('New email').fill(moved);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`Your account’s email is now ${moved}.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Email' })).toContainText(`Now ${moved}`);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Email' })).toContainText(`Now ${moved}`);
});

test('the account screen fits a 390×844 phone, 320 px and the keyboard', async ({
  page,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  await openAccount(page);
  await expect(deviceRows(page)).toHaveCount(1);
  await expectNoSidewaysScroll(page, 'account at 390 px');
  await expectTapTargetsLargeEnough(page, 'account at 390 px');
  await expectNoSeriousA11yViolations(page, 'account');

  const form = page.getByRole('form', { name: 'Change your password' });
  await showKeyboard(page, form.getByLabel('New password'));
  await expectOnScreen(form.getByLabel('New password'), 'the new password field');
  await expectOnScreen(
    form.getByRole('button', { name: 'Change password' }),
    'Change password with the keyboard up',
  );
  await hideKeyboard(page);

  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(page, 'account at 320 px');
  await expectTapTargetsLargeEnough(page, 'account at 320 px');
});
