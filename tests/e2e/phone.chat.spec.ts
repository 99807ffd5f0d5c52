import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ChatPage } from './pages/ChatPage';
import { onAnotherDevice } from './pages/session';
import { Network } from './support/network';

// Issue 13, the chat screen on a 390×844 phone: what it says offline, what a normal send shows,
// and what a streamed reply looks like. The fake model answers "You said: <message>" word by word.
const unique = () => randomUUID().slice(0, 8);

interface StoredMessage {
  role: string;
  content: string;
  status: string;
}

async function storedMessages(request: APIRequestContext, chatId: string): Promise<StoredMessage[]> {
  const res = await request.get(`/api/chats/${chatId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { messages: StoredMessage[] }).messages;
}

test('phone: 1. offline, a chat never opened on this phone says it is not here yet, a message typed there is queued for it, and it loads once back online', async ({ browser, page, context, chat, newAccount }) => {
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  // A conversation read on this phone before: it stays readable offline.
  const mine = `Which CFOs buy on a Friday ${unique()}`;
  await chat.send(mine);
  await expect(chat.replyText()).toHaveText(`You said: ${mine}`);
  const mineId = chat.chatId()!;

  // A conversation the rep had on the laptop: this phone only learns it exists (the chat list).
  const elsewhere = `Laptop question about churn ${unique()}`;
  let laptopChatId = '';
  await onAnotherDevice(browser, newAccount, async (laptop) => {
    const onLaptop = new ChatPage(laptop);
    await onLaptop.open();
    await onLaptop.send(elsewhere);
    await expect(onLaptop.replyText()).toHaveText(`You said: ${elsewhere}`);
    laptopChatId = onLaptop.chatId()!;
  });
  await chat.open();
  const sidebar = await chat.openSidebar();
  await expect(sidebar.locator('.chat-sidebar__chat')).toHaveCount(2);
  await page.keyboard.press('Escape');

  const network = new Network(context);
  await network.goOffline();
  await chat.open(`?chat=${mineId}`);
  await expect(chat.syncBadge).toContainText('Offline');
  await expect(chat.userMessage(mine)).toBeVisible();
  await expect(chat.replyText()).toHaveText(`You said: ${mine}`);
  await expect(chat.unloadedNotice).toBeHidden();

  // The laptop's chat, never opened here: not an empty chat with a welcome, but what is going on.
  await chat.open(`?chat=${laptopChatId}`);
  await expect(chat.title).toHaveText(elsewhere);
  await expect(chat.unloadedNotice).toContainText("This conversation isn't on this phone yet");
  await expect(chat.unloadedNotice).toContainText("It will load when you're back online.");
  await expect(chat.page.locator('.message--welcome')).toHaveCount(0);
  await expect(chat.userMessages).toHaveCount(0);

  // Written here anyway: queued, and the screen says where it goes.
  const typed = `Follow-up from the train ${unique()}`;
  await chat.send(typed);
  await expect(chat.userMessage(typed)).toContainText('Queued');
  await expect(chat.unloadedNotice).toContainText(`Your message is queued. It goes into “${elsewhere}” when you're back online.`);
  await expect(page).toHaveURL(new RegExp(`chat=${laptopChatId}`));

  // Back online: the conversation loads, and the message goes into it, after what was there.
  await network.goOnline();
  await expect(chat.userMessages).toHaveCount(2, { timeout: 15_000 });
  await expect(chat.replies.locator('.message__bubble')).toHaveText([`You said: ${elsewhere}`, `You said: ${typed}`]);
  await expect(chat.unloadedNotice).toBeHidden();
  await expect(chat.sentMessages).toHaveCount(2);
  expect((await storedMessages(page.request, laptopChatId)).map((m) => [m.role, m.content])).toEqual([
    ['user', elsewhere],
    ['assistant', `You said: ${elsewhere}`],
    ['user', typed],
    ['assistant', `You said: ${typed}`],
  ]);
});

/**
 * Records, from the page's first script on, whether the header ever showed its amber 'waiting'
 * warning or any message ever showed 'Queued': a flash of either counts.
 */
async function recordAlarms(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { alarmsSeen: string[] }).alarmsSeen = seen;
    const check = () => {
      const badge = document.querySelector('.sync-badge--waiting');
      if (badge) seen.push(`header: ${badge.textContent ?? ''}`);
      for (const queued of document.querySelectorAll('.message--queued')) seen.push(`message: ${queued.textContent ?? ''}`);
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
}

const alarmsSeen = (page: Page) => page.evaluate(() => (window as unknown as { alarmsSeen: string[] }).alarmsSeen);

test('phone: 4. online, a send shows no waiting warning and no Queued: a message in another chat goes while a long reply streams, and is Sent as soon as the server has it', async ({ page, chat, newAccount }) => {
  await recordAlarms(page);
  await chat.openAsNewUser(newAccount);

  // A long answer in the first chat.
  const long = `Write the whole launch plan ${unique()} ${'step '.repeat(30).trim()}`;
  await chat.send(`${long} [[delay:150]]`);
  await expect(chat.replyText()).toContainText('You said:');
  await expect(chat.stopButton).toBeVisible();
  // The server has the message: it says so while the answer is still coming.
  await expect(chat.userMessage(long)).toHaveClass(/message--sent/);
  const longChat = chat.chatId()!;

  // Meanwhile, a quick question in a new chat: it goes at once, and its answer is complete while
  // the long one is still being written.
  await page.locator('ion-header.chat-header').getByRole('button', { name: 'New Chat', exact: true }).click();
  await expect(chat.title).toHaveText('New Conversation');
  const quick = `Quick pricing question ${unique()}`;
  await chat.send(quick);
  await expect(chat.replyText()).toHaveText(`You said: ${quick}`);
  await expect(chat.userMessage(quick)).toHaveClass(/message--sent/);
  expect((await storedMessages(page.request, longChat)).at(-1)?.status).toBe('streaming');

  // Back in the first chat, its answer finishes.
  const sidebar = await chat.openSidebar();
  await sidebar.locator('.chat-sidebar__chat', { hasText: long.slice(0, 20) }).click();
  await expect(page).toHaveURL(new RegExp(`chat=${longChat}`));
  await expect(chat.replyText()).toHaveText(`You said: ${long}`, { timeout: 15_000 });
  await expect(chat.syncBadge).toHaveClass(/sync-badge--online/);
  expect(await alarmsSeen(page)).toEqual([]);
});
