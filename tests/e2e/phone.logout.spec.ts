import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn } from './pages/session';
import { Network } from './support/network';

// A logout never silently deletes work that waits on this phone for the server.
// It says what waits and lets the rep send it first, log out and discard it, or stay logged in.
const unique = () => randomUUID().slice(0, 8);

const unsentWorkDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Log out with unsent work?' });

const storedConversation = async (request: APIRequestContext, chatId: string) =>
  (
    (await (await request.get(`/api/chats/${chatId}`)).json()) as {
      messages: Array<{ role: string; content: string; status: string }>;
    }
  ).messages.map((m) => [m.role, m.content, m.status]);

const chatIds = async (request: APIRequestContext) =>
  ((await (await request.get('/api/chats')).json()) as Array<{ id: string }>).map((c) => c.id);

test("logging out with 2 messages waiting asks first, and 'Send first, then log out' delivers them once before logging out", async ({
  page,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  // The server turns sends away for now (503): they wait on the phone, with the header's warning.
  let refuse = true;
  await page.route('**/api/chat', (route) =>
    refuse
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'unavailable', message: 'Down for a moment.' }),
        })
      : route.fallback(),
  );
  const texts = [`First pricing question ${unique()}`, `Second pricing question ${unique()}`];
  for (const text of texts) {
    await chat.send(text);
    await expect(chat.userMessage(text)).toContainText('Queued');
  }
  await expect(chat.syncBadge).toContainText('2 waiting');
  const chatId = chat.chatId()!;

  await chat.logOutFromMenu();
  const dialog = unsentWorkDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("2 messages haven't been sent yet");
  await expect(dialog).toContainText('Logging out deletes them from this phone.');

  // Sending first while the server still turns them away: nothing is lost, and the rep is told.
  await dialog.getByRole('button', { name: 'Send first, then log out' }).click();
  const notAll = page.getByRole('dialog', { name: 'Not everything could be sent' });
  await expect(notAll).toContainText("2 messages haven't been sent yet");
  await expect(notAll).toContainText('The server did not take them yet.');
  await expect(chat.accountMenuButton).toBeVisible();

  // The server takes sends again; the rep tries again.
  refuse = false;
  await notAll.getByRole('button', { name: 'Try again' }).click();
  await chat.expectToast('Successfully logged out');
  await expect(notAll).toBeHidden();
  await expect(chat.signInButton).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        async () =>
          (await indexedDB.databases()).filter((d) => d.name?.startsWith('pitchpad-user-')).length,
      ),
    )
    .toBe(0);

  // Both messages reached the account, once each, in order, and were answered.
  await logIn(page.request, newAccount);
  await expect
    .poll(() => storedConversation(page.request, chatId))
    .toEqual(
      texts.flatMap((t) => [
        ['user', t, 'complete'],
        ['assistant', `You said: ${t}`, 'complete'],
      ]),
    );
});

test("offline, a logout with messages waiting offers to stay logged in (they go when back online) or 'Log out and discard'", async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  const network = new Network(context);
  await network.goOffline();
  const texts = [`Offline follow-up ${unique()}`, `Offline second thought ${unique()}`];
  for (const text of texts) await chat.send(text);
  await expect(chat.queuedMessages).toHaveCount(2);

  // From the conversations drawer: asked first; sending first cannot finish offline, so it is not offered.
  const sidebar = await chat.openSidebar();
  await sidebar.getByRole('button', { name: 'Log out', exact: true }).click();
  const dialog = unsentWorkDialog(page);
  await expect(dialog).toContainText("2 messages haven't been sent yet");
  await expect(dialog).toContainText("You're offline, so they can't be sent now.");
  await expect(dialog.getByRole('button', { name: 'Send first, then log out' })).toHaveCount(0);
  // Staying logged in keeps everything as it was.
  await dialog.getByRole('button', { name: 'Stay logged in' }).click();
  await expect(dialog).toBeHidden();
  await expect(chat.queuedMessages).toHaveCount(2);
  await expect(chat.accountMenuButton).toBeVisible();

  // The second time, the rep discards them: signed out on this phone at once, the messages gone.
  await page.keyboard.press('Escape');
  await chat.logOutFromMenu();
  await expect(dialog).toContainText("2 messages haven't been sent yet");
  await dialog.getByRole('button', { name: 'Log out and discard' }).click();
  await chat.expectToast('Signed out on this phone');
  await expect(chat.signInButton).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        async () =>
          (await indexedDB.databases()).filter((d) => d.name?.startsWith('pitchpad-user-')).length,
      ),
    )
    .toBe(0);

  // Back online, nothing of it ever reaches the account.
  await network.goOnline();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingLogout'))).toBeNull();
  await logIn(page.request, newAccount);
  expect(await chatIds(page.request)).toEqual([]);
});
