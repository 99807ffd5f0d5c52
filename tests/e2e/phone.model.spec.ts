import { expect, test } from './fixtures';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// On a phone the model picker shows which model is active,
// not the spec's bare 'Model' (docs/phone.md).

test('on a phone the model picker shows which model is active, in the chat and in a flow, and after a change and a reload', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.openAsNewProUser(newAccount);
  // The picker's face: what a rep reads over the native select.
  const picker = page.locator('header.chat-header .model-picker__name');
  const select = page.getByRole('combobox', { name: 'Model' });
  await expect(picker).toBeVisible();
  await expect(picker).toHaveText('GPT-4O');
  await expect(select).toHaveValue('gpt-4o');

  await select.selectOption('gpt-4o-mini');
  await expect(picker).toHaveText('GPT-4O-MINI');
  await page.reload();
  await expect(picker).toHaveText('GPT-4O-MINI');

  // A running flow keeps it on screen too, under the flow's title.
  await flows.openFlow('email');
  await expect(picker).toBeVisible();
  await expect(picker).toHaveText('GPT-4O-MINI');
  const title = (await flows.title.boundingBox())!;
  const face = (await picker.boundingBox())!;
  expect(face.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
});
