import { randomUUID } from 'node:crypto';
import type { Message } from '../../domain/contract/chat';
import { expect, test } from './fixtures';
import { ChatPage } from './pages/ChatPage';
import { Network, waitForWorker } from './support/network';
import { storedMessages } from './support/storedChat';

// Offline first: the installed app opens with no network, every send waits in the
// outbox and is delivered exactly once when the network is back. The fake model answers
// "You said: <message>", so every reply can be checked against its message.
const unique = () => randomUUID().slice(0, 8);

/** The user messages in order, each with the text of the reply to it. */
function conversation(messages: Message[]): Array<[string, string | undefined]> {
  return messages
    .filter((m) => m.role === 'user')
    .map((m) => [m.content, messages.find((r) => r.replyTo === m.id)?.content]);
}

test('a cold start with no network shows the shell and the last chats', async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  const words = `Which CFOs buy on a Friday ${unique()}`;
  await chat.send(words);
  await expect(chat.replyText()).toHaveText(`You said: ${words}`);
  await expect(chat.syncBadge).toHaveCount(0);
  const chatId = chat.chatId();
  // A later visit, with the worker in charge: the chat reads go through it (and are kept).
  const listRead = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/chats' && res.ok(),
  );
  await page.reload();
  await listRead;

  const network = new Network(context);
  await network.goOffline();
  await page.reload();
  await expect(chat.syncBadge).toContainText('Offline');
  await expect(chat.userMessage(words)).toBeVisible();
  await expect(chat.replyText()).toHaveText(`You said: ${words}`);
  await expect(chat.title).toHaveText(words);

  // A fresh start at the app's start URL, as the home-screen icon opens it.
  await page.goto('/chat');
  await expect(chat.input).toBeVisible();
  const sidebar = await chat.openSidebar();
  await expect(sidebar.locator('.chat-sidebar__chat-title')).toHaveText([
    `${words.slice(0, 25)}...`,
  ]);
  await sidebar.locator('.chat-sidebar__chat').first().click();
  await expect(page).toHaveURL(new RegExp(`chat=${chatId}`));
  await expect(chat.replyText()).toHaveText(`You said: ${words}`);

  // Behind the screens: the worker answers the chat list from its cache, stamped with when it was
  // fetched; nothing about the session is ever cached.
  const list = await page.evaluate(async () => {
    const res = await fetch('/api/chats');
    return {
      status: res.status,
      stamped: res.headers.has('x-pitchpad-snapshot-at'),
      ids: ((await res.json()) as Array<{ id: string }>).map((c) => c.id),
    };
  });
  expect(list).toEqual({ status: 200, stamped: true, ids: [chatId] });
  expect(
    await page.evaluate(() =>
      fetch('/api/auth/user').then(
        (res) => res.status,
        () => 'no network',
      ),
    ),
  ).toBe('no network');
});

test('three messages sent offline survive two reloads and are delivered once each, in order, when the network is back', async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  const network = new Network(context);
  await network.goOffline();

  // A new chat, started with no network.
  const texts = ['first', 'second', 'third'].map((n) => `Offline ${n} ${unique()}`);
  for (const [i, text] of texts.entries()) {
    await chat.send(text);
    await expect(chat.userMessages).toHaveCount(i + 1);
    await expect(chat.userMessage(text)).toContainText('Queued');
  }
  await expect(chat.syncBadge).toContainText('Offline');
  await expect(chat.syncBadge).toContainText('3 waiting');
  const chatId = chat.chatId();
  expect(chatId).toMatch(/^[0-9a-f-]{36}$/);

  for (let reload = 0; reload < 2; reload++) {
    await page.reload();
    await expect(chat.userMessages).toHaveText(texts.map((t) => new RegExp(t)));
    await expect(chat.queuedMessages).toHaveCount(3);
    await expect(chat.syncBadge).toContainText('3 waiting');
  }

  await network.goOnline();
  await expect(chat.replies).toHaveCount(3);
  await expect(chat.replies.locator('.message__bubble')).toHaveText(
    texts.map((t) => `You said: ${t}`),
  );
  await expect(chat.sentMessages).toHaveCount(3);
  await expect(chat.queuedMessages).toHaveCount(0);
  await expect(chat.syncBadge).toHaveCount(0);

  // The server has the chat under the id it got offline, and each message once, in order, answered.
  expect(conversation(await storedMessages(page.request, chatId!))).toEqual(
    texts.map((t) => [t, `You said: ${t}`]),
  );
  const chats = (await (await page.request.get('/api/chats')).json()) as Array<{ id: string }>;
  expect(chats.map((c) => c.id)).toEqual([chatId]);

  // And after a reload, still once each.
  await page.reload();
  await expect(chat.userMessages).toHaveCount(3);
  await expect(chat.replies).toHaveCount(3);
});

test('an answer lost to a dropped network (the server stored the message) shows once after reconnecting', async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  const network = new Network(context);
  const words = `Draft a follow-up for the CTO ${unique()}`;

  // The request reaches the server, which stores the message and writes the whole reply; the
  // network dies before any of it reaches the phone.
  let cut = false;
  const dropped = page.waitForEvent('requestfailed', (request) =>
    request.url().endsWith('/api/chat'),
  );
  await page.route('**/api/chat', async (route) => {
    if (cut) return route.fallback();
    cut = true;
    await route.fetch();
    await network.goOffline();
    await route.abort('internetdisconnected');
  });
  await chat.send(words);
  // Offline from here until the test says otherwise.
  await dropped;
  await expect(chat.userMessage(words)).toContainText('Queued');
  await expect(chat.replies).toHaveCount(0);
  const chatId = chat.chatId()!;

  await network.goOnline();
  await expect(chat.replyText()).toHaveText(`You said: ${words}`);
  await expect(chat.userMessages).toHaveCount(1);
  await expect(chat.replies).toHaveCount(1);
  await expect(chat.sentMessages).toHaveCount(1);
  expect(conversation(await storedMessages(page.request, chatId))).toEqual([
    [words, `You said: ${words}`],
  ]);

  await page.reload();
  await expect(chat.userMessages).toHaveCount(1);
  await expect(chat.replies).toHaveCount(1);
});

test('two tabs open while the queue flushes still deliver each message once', async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  const network = new Network(context);
  await network.goOffline();
  // Slow replies, so the flush is still going while both tabs are back online.
  const texts = ['one', 'two', 'three'].map((n) => `Two tabs ${n} ${unique()} [[delay:40]]`);
  for (const text of texts) await chat.send(text);
  await expect(chat.queuedMessages).toHaveCount(3);
  const chatId = chat.chatId()!;

  const secondTab = await context.newPage();
  const other = new ChatPage(secondTab);
  await other.open(`?chat=${chatId}`);
  await expect(other.queuedMessages).toHaveCount(3);

  await network.goOnline();
  const shown = texts.map((t) => `You said: ${t.replace(' [[delay:40]]', '')}`);
  for (const tab of [chat, other]) {
    await expect(tab.replies.locator('.message__bubble')).toHaveText(shown);
    await expect(tab.userMessages).toHaveCount(3);
    await expect(tab.sentMessages).toHaveCount(3);
  }
  expect(conversation(await storedMessages(page.request, chatId))).toEqual(
    texts.map((t, i) => [t, shown[i]]),
  );
});

test('a first visit that loses its signal as the app starts keeps its page, and gets the worker when the signal returns', async ({
  page,
  context,
  landing,
}) => {
  // The signal goes once the page has loaded, while the app's start is not over: a screen's code or
  // the header's connection mark may not have been fetched yet, and the worker is not in place (not
  // registered, or its files not all stored). Which of those the signal catches depends on timing;
  // the story checks what the rep gets either way. (The context alone is taken offline: `Network`
  // also cuts the worker's own requests, and Playwright's cut of the worker's script leaves its
  // registration waiting for ever.)
  const code = page.waitForResponse((response) => response.url().includes('registerServiceWorker'));
  await page.goto('/');
  await code;
  await context.setOffline(true);
  await expect(landing.heading).toBeVisible();

  await context.setOffline(false);
  // The app has taken the page over (what the rep taps is answered), and the worker is in place.
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
  await waitForWorker(page);
  // The worker kept the app: the page opens again with no network, and says so.
  await context.setOffline(true);
  await page.reload();
  await expect(landing.heading).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
});
