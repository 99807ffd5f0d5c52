import { expect, test } from './fixtures';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

test('the input bar holds only what works: the message field, the microphone (a voice note: debrief.spec), the paperclip (it reads a transcript: fieldkit.attach) and Send, no inert image icon', async ({
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  const bar = chat.page.getByRole('form', { name: 'Send a message' });
  await expect(bar.getByRole('button')).toHaveCount(3);
  await expect(bar.getByRole('button').nth(0)).toHaveAccessibleName('Record a voice note');
  await expect(bar.getByRole('button').nth(1)).toHaveAccessibleName('Attach a transcript');
  await expect(bar.getByRole('button').nth(2)).toHaveAccessibleName('Send');
  await expect(bar.getByRole('textbox')).toHaveCount(1);
});
