import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  shownTitles,
  goOnlineAndFireSyncs,
  refiringSyncs,
  registeredSyncTags,
} from './support/backgroundSync';
import { Network } from './support/network';
import { ChatPage } from './pages/ChatPage';
import { EmailEditor } from './pages/EmailEditor';
import { unique } from './support/scriptedReplies';
import { fullBrowser } from './support/browser';

// Its debrief is recorded with a microphone (the fake one), which only the full browser gives.
test.use(fullBrowser);

// Work queued offline, then the app closed: where the browser has Background Sync, every queued
// piece of work asks for a sync, so the service worker delivers it when the signal comes back and
// says so in a notification; where it has none, the app says it can only deliver once it is open
// again, and does.

/**
 * The chat as the server holds it, asked with the rep's own cookie; null while the server has none.
 * A connection reset (a kept-alive socket the server closed as this request went out) is also "not
 * yet": the caller polls, and a reset once failed the whole test on a busy machine.
 */
async function storedChat(
  page: Page,
  chatId: string,
): Promise<{ messages: Array<{ role: string; content: string; status: string }> } | null> {
  const res = await page
    .context()
    .request.get(`/api/chats/${chatId}`)
    .catch(() => null);
  return res?.ok()
    ? ((await res.json()) as { messages: Array<{ role: string; content: string; status: string }> })
    : null;
}

/** The replies the server has stored complete in that chat. */
async function storedReplies(page: Page, chatId: string): Promise<string[]> {
  const chat = await storedChat(page, chatId);
  return (chat?.messages ?? [])
    .filter((m) => m.role === 'assistant' && m.status === 'complete')
    .map((m) => m.content);
}

test('a chat send and a flow queued offline, the app closed: the signal comes back and the worker delivers both, with a notification', async ({
  page,
  context,
  flows,
  newAccount,
  baseURL,
}) => {
  // The worker starts, opens the database, delivers two chats and a history item, reading each reply.
  test.slow();
  // Granting some permissions denies every other one: Background Sync is named too, as Chromium
  // grants it to every site by default.
  await context.grantPermissions(['notifications', 'background-sync'], { origin: baseURL! });
  await flows.openAsNewProUser(newAccount);
  await flows.waitForOfflineReady();
  const network = new Network(context);

  // With no signal, and without leaving the app (a start offline would be another story): a
  // question typed in the chat, then a cold email whose prompt waits in the outbox and whose
  // history item waits to be saved.
  await network.goOffline();
  await flows.send('Who signs a pilot at a bank?');
  await expect(flows.userMessage('Who signs a pilot at a bank?')).toContainText('Queued');
  const chatId = flows.chatId()!;
  await flows.openFlowFromMenu('Create Cold Email');
  await flows.answer(
    'Dana Ortiz, VP Sales at Freightly. Just raised a Series B and is hiring 20 reps.',
  );
  await flows.answer('We halve the time new reps take to book their first meeting');
  await flows.answerBox.fill('https://cal.com/ada');
  await flows.button('Generate Email').click();
  await expect(flows.userMessages.first()).toContainText('Queued');
  const emailChatId = flows.chatId()!;
  expect(emailChatId).not.toBe(chatId);

  // The rep closes the app; the browser keeps the worker and what it registered.
  await page.close();

  // The signal comes back: the browser fires the syncs the worker asked for, with no window open.
  const blank = await context.newPage();
  const fired = await goOnlineAndFireSyncs(network, blank, baseURL!);
  expect(fired, 'a Background Sync registered for the queued work').not.toEqual([]);

  await expect
    .poll(() => storedReplies(blank, chatId), { timeout: 45_000 })
    .toEqual(['You said: Who signs a pilot at a bank?']);
  await expect
    .poll(() => storedReplies(blank, emailChatId), { timeout: 45_000 })
    .toEqual([expect.stringMatching(/^You said: Write a personalized cold email/)]);
  const history = (await (await blank.request.get('/api/workflows')).json()) as Array<{
    path: string;
  }>;
  expect(history.map((item) => item.path)).toEqual([`/chat?chat=${emailChatId}`]);
  // Both deliveries are announced, each when its own reply is stored: waited for together.
  await expect.poll(() => shownTitles(context)).toHaveLength(2);
  expect(await shownTitles(context)).toEqual(
    expect.arrayContaining(['Your cold email to Dana Ortiz is ready']),
  );
});

test("an email edited offline, the app closed: the worker's sync stores the edit on the account", async ({
  page,
  context,
  flows,
  newAccount,
  baseURL,
}) => {
  test.slow();
  const reply = [
    '**Subject:** Quick idea for Freightly',
    '',
    'Hi Dana,',
    '',
    'Your new reps take six months to ramp. We cut that to ten weeks.',
    '',
    'Best,',
    'Ada',
  ].join('\n');
  await flows.openProToolAsNewUser(newAccount, '/pro/email');
  await flows.answer('Dana Ortiz, VP Sales at Freightly');
  await flows.answer(
    `We cut new-rep ramp time from 6 months to 10 weeks ${unique()} [[reply:${reply}]]`,
  );
  await flows.answer('https://cal.com/ada/20min', 'Generate Email');
  await expect(flows.replyText()).toContainText('Your new reps take six months to ramp.');
  await flows.waitForOfflineReady();
  await expect(page).toHaveURL(/[?&]chat=/);
  const chatId = flows.chatId()!;

  const network = new Network(context);
  await network.goOffline();
  const editor = new EmailEditor(page);
  await editor.openFrom(flows.resultActions);
  await editor.body.press('Control+End');
  await editor.body.pressSequentially(' P.S. Happy to send a case study.');
  await editor.save();
  await expect(page.locator('.email-edited .email-edited__pending')).toHaveText(
    ' · saved on this device',
  );

  await page.close();
  const blank = await context.newPage();
  const fired = await goOnlineAndFireSyncs(network, blank, baseURL!);
  expect(fired, 'a Background Sync registered for the edit').not.toEqual([]);

  const storedEdit = async () => {
    const chat = (await storedChat(blank, chatId)) as {
      messages: Array<{ role: string; emailEdit?: { body: string } | null }>;
    } | null;
    return chat?.messages.find((m) => m.role === 'assistant')?.emailEdit?.body ?? null;
  };
  await expect
    .poll(
      refiringSyncs(blank, baseURL!, fired, storedEdit, (edit) => edit === null),
      { timeout: 45_000 },
    )
    .toMatch(/P\.S\. Happy to send a case study\.$/);
});

test('without Background Sync the ask promises only what an open app can do, and a send queued before closing goes at the next open', async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  // Safari and Firefox: no SyncManager.
  await context.addInitScript(() => {
    delete (globalThis as { SyncManager?: unknown }).SyncManager;
    delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
  });
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  const network = new Network(context);
  await network.goOffline();
  await chat.send('What goes in a mutual action plan?');
  await expect(chat.userMessage('What goes in a mutual action plan?')).toContainText('Queued');
  const chatId = chat.chatId()!;
  const ask = page.getByRole('region', { name: 'Notifications' });
  await expect(ask).toContainText("Tell me when it's ready?");
  await expect(ask).toContainText(
    'A notification when the answer arrives while Pitchpad is open. Closed, it sends next time you open it.',
  );
  await expect(ask).not.toContainText('even with the app closed');

  await page.close();
  expect(await registeredSyncTags(context)).toEqual([]);
  await network.goOnline();
  const next = await context.newPage();
  expect(await storedChat(next, chatId)).toBeNull();

  // The next open delivers it.
  const reopened = new ChatPage(next);
  await reopened.open(`?chat=${chatId}`);
  await expect(reopened.replyText()).toContainText('You said: What goes in a mutual action plan?');
  await expect
    .poll(() => storedReplies(next, chatId))
    .toEqual(['You said: What goes in a mutual action plan?']);
});
