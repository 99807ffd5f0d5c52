import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';

// The fake model answers "You said: <the message without [[directives]]>", word by word; a
// scripted fault fires once per distinct message text, so every message here is unique.
const unique = () => randomUUID().slice(0, 8);
const WELCOME =
  "Welcome to Pitchpad! I'm here to help you with various tasks. You can select one of the menu options or ask me any question to get started.";

test('a new chat shows the welcome, and sending waits for a question', async ({
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await expect(chat.title).toHaveText('New Conversation');
  await expect(chat.welcome).toHaveText(WELCOME);
  await expect(chat.sendButton).toBeDisabled();
  await chat.input.fill('   ');
  await expect(chat.sendButton).toBeDisabled();
});

test('the answer streams in, and the conversation survives a reload', async ({
  page,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  const words = `Which channels suit a developer tool ${unique()} one two three four five six`;
  await chat.send(`${words} [[delay:150]]`);
  const answer = `You said: ${words}`;

  // The reply grows word by word while Stop is offered and Send waits.
  await expect(chat.replyText()).toContainText('You said:');
  await expect(chat.stopButton).toBeVisible();
  await expect(chat.sendButton).toHaveCount(0); // Stop stands in its place
  const early = await chat.replyText().innerText();
  expect(answer.startsWith(early.trim())).toBe(true);
  expect(early.trim().length).toBeLessThan(answer.length);
  await expect(chat.replyText()).toHaveText(answer);
  await expect(chat.stopButton).toBeHidden();
  await expect(chat.title).toHaveText(`${words} [[delay:150]]`.slice(0, 50) + '...');

  await page.reload();
  await expect(chat.userMessages).toHaveCount(1);
  await expect(chat.userMessage(words)).toBeVisible();
  await expect(chat.replyText()).toHaveText(answer);

  // The chat is listed, its title cut at 25 characters on a phone.
  const sidebar = await chat.openSidebar();
  await expect(sidebar.locator('.chat-sidebar__chat-title')).toHaveText([
    `${words.slice(0, 25)}...`,
  ]);
  await expect(sidebar.locator('.chat-sidebar__chat-time')).toHaveText(['just now']);
});

test('Stop keeps what arrived, also after a reload', async ({ page, chat, newAccount }) => {
  await chat.openAsNewUser(newAccount);
  const words = `Tell me a long story ${unique()} alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi`;
  // A token a second: the server sees the stop request (written to the database, read between
  // saves) long before the reply could end on its own, however busy the machine is.
  await chat.send(`${words} [[delay:1000]]`);
  await expect(chat.replyText()).toContainText('Tell me');
  await chat.stopButton.click();

  const reply = chat.replies.last();
  await expect(reply).toContainText('Stopped');
  await expect(chat.stopButton).toBeHidden();
  await expect(chat.sendButton).toBeVisible();
  const stopped = (await chat.replyText().innerText()).trim();
  expect(`You said: ${words}`.startsWith(stopped)).toBe(true);
  expect(stopped.length).toBeLessThan(`You said: ${words}`.length);
  // The server kept the reply as partial, and nothing more arrived after Stop.
  const chatId = chat.chatId();
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/chats/${chatId}`)).json()) as {
            messages: Array<{ status: string }>;
          }
        ).messages[1]?.status,
    )
    .toBe('partial');
  expect((await chat.replyText().innerText()).trim()).toBe(stopped);

  // After a reload it is still there, still marked.
  await page.reload();
  await expect(chat.replies.last()).toContainText('Stopped');
  const afterReload = (await chat.replyText().innerText()).trim();
  expect(afterReload.startsWith(stopped)).toBe(true);
  expect(afterReload.length).toBeLessThan(`You said: ${words}`.length);
});

test("a failed send stays in the chat as 'Not sent', and Retry delivers it", async ({
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  // The model server fails three times: the first try and the SDK's two retries; Retry then succeeds.
  const words = `Draft a cold email to a CFO ${unique()}`;
  await chat.send(`${words} [[fail:500:3]]`);

  await chat.expectToast('Error', 'Failed to send message. Please try again.');
  const message = chat.userMessage(words);
  await expect(message).toContainText('Not sent');
  await expect(chat.replies).toHaveCount(0);

  await message.getByRole('button', { name: 'Retry' }).click();
  await expect(chat.replyText()).toHaveText(`You said: ${words}`);
  await expect(message).not.toContainText('Not sent');
  await expect(chat.userMessages).toHaveCount(1);
});

test('Enter sends; Shift+Enter does not', async ({ chat, newAccount }) => {
  await chat.openAsNewUser(newAccount);
  const words = `Price my SaaS ${unique()}`;
  await chat.input.fill(words);
  await chat.input.press('Shift+Enter');
  await expect(chat.input).toHaveValue(words);
  await expect(chat.userMessages).toHaveCount(0);

  await chat.input.press('Enter');
  await expect(chat.userMessages).toHaveCount(1);
  await expect(chat.input).toHaveValue('');
  await expect(chat.replyText()).toHaveText(`You said: ${words}`);
});

test('a reply cut off by a reload or a dropped connection is picked up where it is', async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  const words = `Outline a launch ${unique()} one two three four five six seven eight nine ten eleven twelve`;
  const answer = `You said: ${words}`;
  await chat.send(`${words} [[delay:150]]`);
  await expect(chat.replyText()).toContainText('Outline');

  // Reload mid-reply: the server goes on writing; the chat shows what it has and follows the rest.
  await page.reload();
  await expect(chat.userMessage(words)).toBeVisible();
  await expect(chat.replyText()).toHaveText(answer);

  // The connection drops mid-reply (played here by cutting the stream after a few words and going
  // offline): the words so far stay, and the rest arrives once the browser is back online.
  const more = `Now the pricing ${unique()} one two three four five six seven eight nine ten`;
  let cutNext = true;
  await page.route('**/api/chat', async (route) => {
    if (!cutNext) return route.continue();
    cutNext = false;
    const response = await route.fetch();
    const events = (await response.text()).split('\n\n');
    await context.setOffline(true);
    // `start` and three words, then the body ends without `done`.
    await route.fulfill({ response, body: `${events.slice(0, 4).join('\n\n')}\n\n` });
  });
  // Words 150 ms apart: each its own event (words within 100 ms of the last event go out together).
  await chat.send(`${more} [[delay:150]]`);
  await expect(chat.replies.last()).toContainText('Connection lost');
  await expect(chat.replyText()).toHaveText('You said: Now');
  await context.setOffline(false);
  await expect(chat.replyText()).toHaveText(`You said: ${more}`);
  await expect(chat.replies.last()).not.toContainText('Connection lost');
  await expect(chat.userMessages).toHaveCount(2);
});
