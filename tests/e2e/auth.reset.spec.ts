import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { RESET_LINK_DEAD, RESET_LINK_SENT } from '../../domain/passwordReset';
import { expect, test } from './fixtures';
import { registerAndLogIn } from './pages/session';
import { AppServer } from './support/appServer';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectOnScreen, hideKeyboard, showKeyboard } from './support/keyboard';
import { expectNoSidewaysScroll } from './support/layout';
import { expectTapTargetsLargeEnough } from './support/tapTargets';

/**
 * Password reset by email on a phone, on a server of the spec's own as a developer runs it: no
 * SMTP_URL, so each email is written as an .eml file under DATA_DIR/mail and its path is logged.
 * The spec reads the link from that file, as a developer would.
 */
const PORT = Number(process.env.E2E_PORT ?? 8091) + 5;
const URL = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: URL });
// One worker for the file: the server (its port, its data) is the file's own.
test.describe.configure({ mode: 'serial' });

let server: AppServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-reset-e2e-'));
  server = new AppServer(PORT, {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    APP_URL: URL,
    SMTP_URL: undefined,
    LOCAL_LLM_URL: 'off',
  });
  await server.start();
});

test.afterAll(async () => {
  await server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The reset link in the newest email to `email`: the .eml file the server logged it wrote. */
async function resetLinkFor(email: string): Promise<string> {
  let file: string | undefined;
  await expect
    .poll(() => {
      const written = [...server.log.matchAll(/Mail to (\S+) written to (\S+\.eml)/g)];
      file = written.filter((m) => m[1] === email).at(-1)?.[2];
      return file;
    })
    .toBeTruthy();
  expect(file!.startsWith(join(dataDir, 'mail'))).toBe(true);
  const message = await simpleParser(readFileSync(file!));
  const link = /http:\/\/\S+\/auth\/reset\?token=[\w-]+/.exec(message.text ?? '')?.[0];
  expect(link, 'a reset link in the email').toBeTruthy();
  return link!;
}

test('a rep who forgot the password asks for a link, opens it from the email, sets a new password and is signed in; the other device is signed out', async ({
  page,
  newAccount,
}) => {
  // The account, signed in on another device (its cookies in a request context of their own).
  const otherDevice: APIRequestContext = await playwrightRequest.newContext({
    baseURL: URL,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.250' },
  });
  await registerAndLogIn(otherDevice, newAccount);
  expect((await otherDevice.get('/api/user/subscription')).status()).toBe(200);

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'forgot password');
  await expectTapTargetsLargeEnough(page, 'forgot password');
  await expectNoSidewaysScroll(page, 'forgot password');

  const email = page.getByLabel('Email');
  await showKeyboard(page, email);
  await email.fill(newAccount.email);
  await expectOnScreen(page.getByRole('button', { name: 'Send the link' }), 'Send the link');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status').filter({ hasText: RESET_LINK_SENT })).toBeVisible();
  await hideKeyboard(page);

  const link = await resetLinkFor(newAccount.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new password');
  await expectTapTargetsLargeEnough(page, 'new password');
  const password = page.getByLabel('New password', { exact: true });
  await showKeyboard(page, password);
  await password.fill('a-fresh-start-2026');
  const save = page.getByRole('button', { name: 'Set the new password' });
  await expectOnScreen(save, 'Set the new password');
  await save.click();
  await expect(page.getByText('Every other device was signed out.')).toBeVisible();
  // Where a login lands (web/features/auth/postLoginDestination.ts).
  await expect(page).toHaveURL(/\/chat$/);
  const user = await (await page.request.get('/api/auth/user')).json();
  expect(user.username).toBe(newAccount.username);

  // The other device's session ended with the old password.
  expect((await otherDevice.get('/api/user/subscription')).status()).toBe(401);
  await otherDevice.dispose();

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-fresh-one-7');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: RESET_LINK_DEAD })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('at 320 px the forgot and reset pages fit, and a dead link says so', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/auth/forgot');
  await expect(page.getByRole('button', { name: 'Send the link' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'forgot password at 320 px');
  await expectTapTargetsLargeEnough(page, 'forgot password at 320 px');

  await page.goto(`/auth/reset?token=${'A'.repeat(43)}`);
  await page.getByLabel('New password', { exact: true }).fill('a-fresh-start-2026');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: RESET_LINK_DEAD })).toBeVisible();
  await expectNoSidewaysScroll(page, 'dead reset link at 320 px');
  await expectTapTargetsLargeEnough(page, 'dead reset link at 320 px');
  await expectNoSeriousA11yViolations(page, 'dead reset link');
});

test("the prerendered sign-in page's 'Forgot password?' works before any script runs", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: URL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/auth/login');
    const forgot = page.getByRole('link', { name: 'Forgot password?' });
    await expect(forgot).toHaveAttribute('href', '/auth/forgot');
    const [response] = await Promise.all([page.waitForResponse(/\/auth\/forgot$/), forgot.click()]);
    // The app's page (the shell the client router draws it in), not the 404 page.
    expect(response.status()).toBe(200);
  } finally {
    await context.close();
  }
});
