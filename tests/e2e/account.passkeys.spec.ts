import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AccountPage } from './pages/AccountPage';
import type { NewAccount } from './pages/AuthPage';
import { registerAndLogIn } from './pages/session';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectOnScreen, hideKeyboard, showKeyboard } from './support/keyboard';
import { expectNoSidewaysScroll } from './support/layout';
import { expectTapTargetsLargeEnough } from './support/tapTargets';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// Browsers refuse an IP address as a passkey's site (its rpID), so these stories use the server
// by name: localhost is a secure context like 127.0.0.1, and outside production the server takes
// the relying party from the address the browser used (api/account/webauthn.ts).
const PORT = Number(process.env.E2E_PORT ?? 8091);
test.use({ baseURL: `http://localhost:${PORT}` });

/**
 * The phone's own authenticator, as Chromium's DevTools protocol simulates it: a platform passkey
 * store ('internal') that unlocks with Face ID or a fingerprint every time (user verified).
 */
async function addPhoneAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

const storedPasskeys = async (cdp: CDPSession, authenticatorId: string) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

const signedInAs = async (page: Page) =>
  ((await (await page.request.get('/api/auth/user')).json()) as { username: string } | null)
    ?.username ?? null;

/** 'iPhone · 26 Nov 2026': a device, then the day it was added. */
const PASSKEY_NAME = /^.+ · \d{1,2} [A-Z][a-z]{2} \d{4}$/;

test('a rep adds a passkey after signing in with the password, signs out, and signs in with it', async ({
  page,
  auth,
  newAccount,
}) => {
  const phone = await addPhoneAuthenticator(page);
  // The account exists; this browser is signed out.
  const api = page.request;
  await registerAndLogIn(api, newAccount);
  const { csrfToken } = (await (await api.get('/api/csrf-token')).json()) as { csrfToken: string };
  expect(
    (await api.post('/api/auth/logout', { headers: { 'x-csrf-token': csrfToken } })).ok(),
  ).toBe(true);

  await auth.open('/auth/login');
  await expect(auth.loginForm.getByLabel('Username')).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  );
  await auth.logIn(newAccount.username, newAccount.password);

  // Once, after the password: the offer, in place of the form.
  const offer = page.getByRole('region', { name: 'Sign in faster next time' });
  await expect(offer).toBeVisible();
  // The offer took the form's place, and the focus with it.
  await expect(offer.getByRole('heading', { name: 'Sign in faster next time' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'the passkey offer');
  await expectTapTargetsLargeEnough(page, 'the passkey offer');
  await offer.getByRole('button', { name: 'Add a passkey' }).click();
  await auth.expectToast('Passkey added');
  await expect(page).toHaveURL(/\/chat/);
  expect(await storedPasskeys(phone.cdp, phone.id)).toHaveLength(1);

  // The account screen lists it by device and day.
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.locator('.passkeys__name')).toHaveText(PASSKEY_NAME);
  await expect(list).toContainText('Not used yet');

  // The username field's autofill: Chromium's simulated phone answers the waiting request as a rep
  // picking their passkey from the suggestions does.
  await auth.logOutFromMenu();
  await expect(auth.signInButton).toBeVisible();
  await auth.open('/auth/login');
  await auth.expectToast('Welcome back', newAccount.name);
  await expect(page).toHaveURL(/\/chat/);
  expect(await signedInAs(page)).toBe(newAccount.username);

  // A browser without the autofill (conditional mediation): the button.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  await auth.logOutFromMenu();
  await expect(auth.signInButton).toBeVisible();
  await auth.open('/auth/login');
  expect(await signedInAs(page)).toBeNull();
  await auth.loginForm.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await auth.expectToast('Welcome back', newAccount.name);
  await expect(page).toHaveURL(/\/chat/);
  expect(await signedInAs(page)).toBe(newAccount.username);

  await page.goto('/account');
  await expect(list).toContainText('Last used');
});

test('the offer comes once per account on a device; a removed passkey signs in no more', async ({
  page,
  auth,
  newAccount,
}) => {
  await addPhoneAuthenticator(page);
  await registerAndLogIn(page.request, newAccount);

  // Added from the account screen.
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section).toContainText('No passkeys yet.');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await auth.expectToast('Passkey added');
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'account → passkeys');
  await expectTapTargetsLargeEnough(page, 'account → passkeys');
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(page, 'account → passkeys at 320 px');
  await page.setViewportSize({ width: 390, height: 844 });

  // Removed after a confirm (Cancel first keeps it).
  const name = (await list.locator('.passkeys__name').textContent())!;
  await list.getByRole('button', { name: `Remove passkey ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: `Remove passkey ${name}` }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(section).toContainText('No passkeys yet.');

  // The phone still holds it, but the account no longer knows it.
  await auth.logOutFromMenu();
  await expect(auth.signInButton).toBeVisible();
  await auth.open('/auth/login');
  await expectNoSeriousA11yViolations(page, 'sign-in with a passkey');
  await expectTapTargetsLargeEnough(page, 'sign-in with a passkey');
  await auth.loginForm.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(auth.loginForm.getByRole('alert')).toContainText(
    'This passkey is not set up for this account.',
  );
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(await signedInAs(page)).toBeNull();

  // A password sign-in: offered once...
  await auth.logIn(newAccount.username, newAccount.password);
  const offer = page.getByRole('region', { name: 'Sign in faster next time' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(/\/chat/);
  // ...and not again on this device.
  await auth.logOutFromMenu();
  await expect(auth.signInButton).toBeVisible();
  await auth.open('/auth/login');
  await auth.logIn(newAccount.username, newAccount.password);
  await expect(page).toHaveURL(/\/chat/);
  await expect(offer).toHaveCount(0);
});

/** The status a password sign-in with `password` gets (this browser's cookies are left alone). */
async function passwordLoginStatus(page: Page, username: string, password: string) {
  const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as {
    csrfToken: string;
  };
  const res = await page.request.post('/api/auth/login', {
    data: { username, password },
    headers: { 'x-csrf-token': csrfToken },
  });
  return res.status();
}

/** A rep signed in on a phone with its authenticator, on /account, a passkey added from Passkeys. */
async function onAccountWithPasskey(page: Page, newAccount: NewAccount) {
  const phone = await addPhoneAuthenticator(page);
  await registerAndLogIn(page.request, newAccount);
  const account = new AccountPage(page);
  await account.open();
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await account.expectToast('Passkey added');
  await expect(
    passkeys.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem'),
  ).toHaveCount(1);
  return { phone, account };
}

test('a rep deletes the account with the passkey, no password typed; neither the password nor the passkey signs in afterwards', async ({
  page,
  auth,
  newAccount,
}) => {
  const { account } = await onAccountWithPasskey(page, newAccount);

  await account.deleteButton.click();
  await expect(account.usePasskeyButton).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'account → delete: confirm it is you');
  await expectTapTargetsLargeEnough(page, 'account → delete: confirm it is you');
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(page, 'account → delete: confirm it is you at 320 px');
  await page.setViewportSize({ width: 390, height: 844 });

  await expect(account.passwordField).toHaveValue('');
  await account.usePasskeyButton.click();
  await expect(account.warning).toContainText('You lose:');
  await account.deleteEverything.click();
  await account.expectToast('Account deleted');
  await expect(page).toHaveURL(/\/$/);
  expect(await signedInAs(page)).toBeNull();

  expect(await passwordLoginStatus(page, newAccount.username, newAccount.password)).toBe(401);
  // The phone still holds the passkey; the server knows it no more.
  await auth.open('/auth/login');
  await auth.loginForm.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(auth.loginForm.getByRole('alert')).toContainText(
    'This passkey is not set up for this account.',
  );
  expect(await signedInAs(page)).toBeNull();
});

test('a rep changes the email with the passkey; a closed passkey sheet changes nothing and says nothing', async ({
  page,
  newAccount,
}) => {
  const { phone } = await onAccountWithPasskey(page, newAccount);
  const form = page.getByRole('form', { name: 'Change your email' });
  const usePasskey = form.getByRole('button', { name: 'Use a passkey instead' });
  await expect(usePasskey).toBeVisible();
  await expect(
    page.getByRole('form', { name: 'Change your password' }).getByRole('button', {
      name: 'Use a passkey instead',
    }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'account with a passkey');
  await expectTapTargetsLargeEnough(page, 'account with a passkey');
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(page, 'account with a passkey at 320 px');
  await expectTapTargetsLargeEnough(page, 'account with a passkey at 320 px');
  await page.setViewportSize({ width: 390, height: 844 });
  // With the keyboard up, the password, the passkey's button and the form's button stay in reach.
  await showKeyboard(page, form.getByLabel('Current password'));
  await expectOnScreen(usePasskey, 'Use a passkey instead with the keyboard up');
  await expectOnScreen(form.getByRole('button', { name: 'Change email' }), 'Change email');
  await hideKeyboard(page);

  // The new address is checked before the passkey is asked for.
  await form.getByLabel('New email').fill('not-an-email');
  await usePasskey.click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await expect(form.getByLabel('New email')).toBeFocused();

  // The rep closes the sheet (Face ID refused): nothing said, nothing changed.
  const moved = `passkey_${newAccount.email}`;
  await form.getByLabel('New email').fill(moved);
  await phone.cdp.send('WebAuthn.setUserVerified', {
    authenticatorId: phone.id,
    isUserVerified: false,
  });
  const changes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/account/email')) changes.push(request.method());
  });
  const challenge = page.waitForResponse('**/api/account/passkeys/confirm/options');
  await usePasskey.click();
  await challenge;
  // The button waits for the sheet, then comes back once it is closed.
  await expect(usePasskey).toBeEnabled();
  await expect(form.getByRole('alert')).toHaveCount(0);
  expect(changes).toEqual([]);
  await expect(page.getByRole('region', { name: 'Email' })).toContainText(
    `Now ${newAccount.email}`,
  );

  await phone.cdp.send('WebAuthn.setUserVerified', {
    authenticatorId: phone.id,
    isUserVerified: true,
  });
  await usePasskey.click();
  await expect(page.getByText(`Your account’s email is now ${moved}.`)).toBeVisible();
  expect(changes).toEqual(['POST']);
  await expect(form.getByLabel('Current password')).toHaveValue('');
  await expect(form.getByLabel('New email')).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Email' })).toContainText(`Now ${moved}`);
});

test('a rep changes the password with the passkey; the new one signs in', async ({
  page,
  newAccount,
}) => {
  await onAccountWithPasskey(page, newAccount);
  const form = page.getByRole('form', { name: 'Change your password' });
  const newPassword = `${newAccount.password}-by-passkey`;
  await form.getByLabel('New password').fill(newPassword);
  await form.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(form.getByLabel('New password')).toHaveValue('');

  expect(await passwordLoginStatus(page, newAccount.username, newAccount.password)).toBe(401);
  expect(await passwordLoginStatus(page, newAccount.username, newPassword)).toBe(200);
});
