import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AccountPage } from './pages/AccountPage';
import { logIn } from './pages/session';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectTapTargetsLargeEnough } from './support/tapTargets';
import { expectNoSidewaysScroll } from './support/layout';
import { expectOnScreen, hideKeyboard, showKeyboard } from './support/keyboard';

/** The names of this origin's IndexedDB databases. */
const databases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));

const userIdOf = async (page: Page) =>
  ((await (await page.request.get('/api/auth/user')).json()) as { id: number }).id;

test('a rep downloads one ZIP of their data and finds their chat in it, as JSON and Markdown', async ({
  page,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.send('What should I ask a CFO about churn?');
  await expect(chat.replyText()).toContainText('You said: What should I ask a CFO about churn?');

  const account = new AccountPage(page);
  await account.open();
  await expect(account.downloadLink).toBeVisible();
  const download = await account.download();
  expect(download.suggestedFilename()).toMatch(/^pitchpad-export-\d{4}-\d\d-\d\d\.zip$/);
  const files = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(await readFile((await download.path())!)))).map(
      ([name, bytes]) => [name, strFromU8(bytes)],
    ),
  );
  const chats = JSON.parse(files['chats.json']!) as Array<{
    messages: Array<{ role: string; content: string }>;
  }>;
  expect(chats).toHaveLength(1);
  expect(chats[0]!.messages.map((m) => m.content)).toEqual([
    'What should I ask a CFO about churn?',
    'You said: What should I ask a CFO about churn?',
  ]);
  const markdown = Object.keys(files).filter((name) => name.startsWith('chats/'));
  expect(markdown).toHaveLength(1);
  expect(files[markdown[0]!]).toContain('## Pitchpad');
  expect(JSON.parse(files['account.json']!).account.username).toBe(newAccount.username);
});

test('a Pro rep deletes their account: the subscription ends, every device is signed out, the password opens nothing and the phone keeps none of it', async ({
  page,
  chat,
  browser,
  newAccount,
}) => {
  test.setTimeout(120_000);
  await chat.openAsNewProUser(newAccount);
  await chat.send('Notes for the Acme renewal');
  await expect(chat.replyText()).toContainText('You said: Notes for the Acme renewal');
  const userId = await userIdOf(page);
  await expect.poll(() => databases(page)).toContain(`pitchpad-user-${userId}`);
  // A laptop signed in too.
  const laptop = await browser.newContext();
  await logIn(laptop.request, newAccount);

  const account = new AccountPage(page);
  await account.open();
  await expectNoSidewaysScroll(page, 'account');
  await account.deleteButton.click();
  // With the keyboard up, the field and its button stay in reach.
  await showKeyboard(page, account.passwordField);
  await expectOnScreen(account.continueButton, 'Continue');
  await hideKeyboard(page);

  // A wrong password: said beside the field, nothing deleted.
  await account.passwordField.fill('not-my-password');
  await account.continueButton.click();
  await account.deleteEverything.click();
  await expect(page.getByText('Your current password is not right.')).toBeVisible();
  expect((await (await page.request.get('/api/auth/user')).json())?.id).toBe(userId);

  await account.passwordField.fill(newAccount.password);
  await account.continueButton.click();
  await expect(account.warning).toContainText('You lose:');
  await expect(account.warning).toContainText('your Pro subscription, which ends now');
  await expectNoSeriousA11yViolations(page, 'account: the last warning');
  await expectTapTargetsLargeEnough(page, 'account: the last warning');
  await account.deleteEverything.click();

  await account.expectToast('Account deleted', 'you will not be charged again');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => databases(page)).not.toContain(`pitchpad-user-${userId}`);
  // Nor in the answers kept for a cold start (localStorage) or the worker's copies of chat reads.
  await expect
    .poll(() => page.evaluate(() => JSON.stringify({ ...localStorage })))
    .not.toContain('Acme renewal');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          if (!name.includes('precache'))
            for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        return urls.filter((url) => url.includes('/api/'));
      }),
    )
    .toEqual([]);
  expect(await (await page.request.get('/api/auth/user')).json()).toBeNull();
  expect(await (await laptop.request.get('/api/auth/user')).json()).toBeNull();
  await laptop.close();
  const token = (
    (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string }
  ).csrfToken;
  const login = await page.request.post('/api/auth/login', {
    data: { username: newAccount.username, password: newAccount.password },
    headers: { 'x-csrf-token': token },
  });
  expect(login.status()).toBe(401);
});

test('the account screen fits 320 px', async ({ page, newAccount, chat }) => {
  await chat.openAsNewUser(newAccount);
  await page.setViewportSize({ width: 320, height: 640 });
  const account = new AccountPage(page);
  await account.open();
  await expectNoSidewaysScroll(page, 'account at 320 px');
  await expectTapTargetsLargeEnough(page, 'account at 320 px');
  await expectNoSeriousA11yViolations(page, 'account at 320 px');
  await account.confirmWith(newAccount.password);
  await expectNoSidewaysScroll(page, 'account warning at 320 px');
});
