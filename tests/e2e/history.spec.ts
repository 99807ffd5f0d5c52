import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { onAnotherDevice } from './pages/session';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

const unique = () => randomUUID().slice(0, 8);
const DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/;

test('an empty history says how to fill it', async ({ chat, history, newAccount }) => {
  await chat.openAsNewUser(newAccount);
  await expect(history.badge).toHaveCount(0);
  await history.open();
  await expect(history.sheet).toContainText('No saved history yet');
  await expect(history.sheet).toContainText('Complete a workflow to see it here');
  await history.close();
});

test('a finished flow is saved: the badge, the item, open, rename and delete, on every device', async ({
  browser,
  page,
  flows,
  history,
  newAccount,
}) => {
  test.slow(); // a whole story on two devices: ~25 s on a quiet machine, over the default 30 s on a busy one
  await flows.openAsNewProUser(newAccount);
  await flows.openFlow('email');
  const recipient = `Dana Ortiz ${unique()}`;
  await flows.answerBox.fill(recipient);
  await flows.button('Skip to Email').click();
  await expect(flows.replyText()).toContainText('You said:');
  const chatUrl = page.url();

  // The first saved item lights the badge until the history is opened.
  await expect(history.badge).toBeVisible();
  await history.open();
  await expect(history.badge).toHaveCount(0);
  const name = `Cold Email to ${recipient}`;
  const item = history.item(name);
  await expect(item).toBeVisible();
  await expect(item.locator('.history-badge')).toHaveText('Cold Email');
  await expect(item.locator('time')).toHaveText(DATE);

  // Rename inline: a blank name is ignored, the new one is trimmed.
  let field = await history.startRename(name);
  await field.fill('   ');
  await field.press('Enter');
  await expect(history.names).toHaveText([name]);
  await history.rename(name, '  Dana: first touch  ');
  await history.expectToast('Renamed');
  await expect(history.names).toHaveText(['Dana: first touch']);
  // Cancel keeps the name.
  field = await history.startRename('Dana: first touch');
  await field.fill('Something else');
  await history.sheet.getByRole('button', { name: 'Cancel rename' }).click();
  await expect(history.names).toHaveText(['Dana: first touch']);

  // Open goes back to the chat that holds the result.
  await page.goto('/chat');
  await history.open();
  await history.item('Dana: first touch').locator('.history-item__open').click();
  await expect(history.sheet).toBeHidden();
  await expect(page).toHaveURL(chatUrl);
  await expect(flows.replyText()).toContainText('You said:');

  // The history follows the user to another device.
  await onAnotherDevice(browser, newAccount, async (other) => {
    await other.goto('/chat');
    await other.getByRole('button', { name: /^Saved history/ }).click();
    await expect(
      other.getByRole('dialog', { name: 'Saved History' }).locator('.history-item__name'),
    ).toHaveText(['Dana: first touch']);
  });

  // Delete, after a confirmation tap.
  await history.open();
  await history.delete('Dana: first touch');
  await history.expectToast('Deleted');
  await expect(history.sheet).toContainText('No saved history yet');
  await page.reload();
  await history.open();
  await expect(history.sheet).toContainText('No saved history yet');
});

test("the save toast's Rename opens the item ready to rename", async ({
  flows,
  history,
  newAccount,
}) => {
  await flows.openAsNewProUser(newAccount);
  await flows.openFlow('email');
  await flows.answerBox.fill(`Lee ${unique()}`);
  await flows.button('Skip to Email').click();
  await flows.expectToast('Cold Email Generated');
  await flows.toast.getByRole('button', { name: 'Rename' }).click();
  await expect(history.sheet).toBeVisible();
  const field = history.sheet.getByRole('textbox', { name: 'New name' });
  await expect(field).toBeFocused();
  await field.fill('Lee, warm intro');
  await field.press('Enter');
  await expect(history.names).toHaveText(['Lee, warm intro']);
});
