import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { uniqueCredentials } from '../factories/users';
import { expect, test } from './fixtures';
import { logIn, registerAndLogIn } from './pages/session';
import { fireBackgroundSync, syncTagOf } from './support/backgroundSync';
import { Network } from './support/network';
import { storedMessages } from './support/storedChat';

// A phone's outbox belongs to the account that typed it. One browser keeps one
// session cookie; when another account signs in on it before the queue is delivered, the queue
// waits for its owner, whoever flushes it (the page or the service worker's Background Sync).

const whoAmI = async (request: APIRequestContext) =>
  (await (await request.get('/api/auth/user')).json()) as { id: number; username: string } | null;
const chatIds = async (request: APIRequestContext) =>
  ((await (await request.get('/api/chats')).json()) as Array<{ id: string }>).map((c) => c.id);

test("Alice's message queued offline is never delivered into Bob's account after he signs in on the same browser, and goes when she signs in again", async ({
  page,
  context,
  chat,
  newAccount,
  baseURL,
}) => {
  const alice = newAccount;
  await chat.openAsNewUser(alice);
  await chat.waitForOfflineReady();
  const aliceId = (await whoAmI(page.request))!.id;

  const network = new Network(context);
  await network.goOffline();
  const words = `Alice's pricing question ${randomUUID().slice(0, 8)}`;
  await chat.send(words);
  await expect(chat.userMessage(words)).toContainText('Queued');
  const chatId = chat.chatId()!;

  // Alice's session ends without a logout: Bob signs in on this browser (his login replaces her
  // cookie, and ends her session), while the phone still has no signal.
  const bob = { name: 'Bob Closer', ...uniqueCredentials('bob') };
  await registerAndLogIn(page.request, bob);
  expect((await whoAmI(page.request))?.username).toBe(bob.username);

  // The network comes back: Alice's page, still open, syncs: it finds the session is Bob's now,
  // sends nothing of hers, and follows the session (Bob's). Her message stays on this device.
  await network.goOnline();
  await chat.openAccountMenu();
  await expect(page.locator('ion-popover.user-menu')).toContainText(bob.username);
  await page.keyboard.press('Escape');
  expect(await chatIds(page.request)).toEqual([]);

  // The browser's own Background Sync, with no app page open: the worker delivers Alice's outbox
  // itself, with Bob's cookie in the jar, and is refused the same way.
  await page.goto('about:blank');
  const workerFlush = context.waitForEvent(
    'response',
    (res) => new URL(res.url()).pathname === '/api/chat' && res.request().method() === 'POST',
  );
  await fireBackgroundSync(page, baseURL!, syncTagOf(aliceId));
  const refused = await workerFlush;
  expect(refused.request().serviceWorker(), 'the worker delivered it').not.toBeNull();
  expect(refused.status()).toBe(409);

  // Bob's account holds nothing of Alice's, whoever tried.
  expect(await chatIds(page.request)).toEqual([]);

  // Alice signs in again on this browser: her message goes, once, into her own account.
  await logIn(page.request, alice);
  await chat.open(`?chat=${chatId}`);
  await expect(chat.replyText()).toHaveText(`You said: ${words}`);
  await expect(chat.sentMessages).toHaveCount(1);
  expect(await chatIds(page.request)).toEqual([chatId]);
  const stored = await storedMessages(page.request, chatId);
  expect(stored.map((m) => [m.role, m.content])).toEqual([
    ['user', words],
    ['assistant', `You said: ${words}`],
  ]);

  await logIn(page.request, bob);
  expect(await chatIds(page.request)).toEqual([]);
});
