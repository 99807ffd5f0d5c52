import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

test('a failed regenerate keeps the answer on screen and on the server; the next one gives exactly one new answer', async ({
  page,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  // The fake model answers the send, fails the regenerate (three times: past the SDK's retries), then answers again.
  const topic = `Pitch a CRM to plumbers ${randomUUID().slice(0, 8)}`;
  await chat.send(`${topic} [[count]] [[fail:500:3@1]]`);
  const first = `You said: ${topic} (answer 1)`;
  await expect(chat.replyText()).toHaveText(first);

  await chat.regenerateButton.click();
  await chat.expectToast('Error', 'A new answer could not be written. Your earlier answer is kept');
  await expect(chat.replies).toHaveCount(1);
  await expect(chat.replyText()).toHaveText(first);
  await expect(chat.replyNote()).toHaveText(
    'A new answer could not be written. This is your earlier answer.',
  );
  await expect(chat.regenerateButton).toBeVisible();

  // The server still holds it as the chat's latest answer, and so does the screen after a reload.
  const chatId = chat.chatId()!;
  const stored = await (await page.request.get(`/api/chats/${chatId}`)).json();
  expect(
    stored.messages.map((m: { role: string; content: string; status: string }) => [
      m.role,
      m.content,
      m.status,
    ]),
  ).toEqual([
    ['user', `${topic} [[count]] [[fail:500:3@1]]`, 'complete'],
    ['assistant', first, 'complete'],
  ]);
  await page.reload();
  await expect(chat.replyText()).toHaveText(first);
  await expect(chat.replies).toHaveCount(1);

  // Regenerate again (the Retry): exactly one new answer takes the old one's place.
  await chat.regenerateButton.click();
  const second = `You said: ${topic} (answer 5)`;
  await expect(chat.replyText()).toHaveText(second);
  await expect(chat.replies).toHaveCount(1);
  await expect(chat.replyNote()).toHaveCount(0);
  await page.reload();
  await expect(chat.replyText()).toHaveText(second);
  await expect(chat.replies).toHaveCount(1);
  const after = await (await page.request.get(`/api/chats/${chatId}`)).json();
  expect(after.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual(
    [
      ['user', `${topic} [[count]] [[fail:500:3@1]]`],
      ['assistant', second],
    ],
  );
});
