import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// A newcomer's first cold email. A browser is needed: the reply and the actions under it come from
// two features, drawn together only in the running chat, and which Copy shows is decided by CSS.

test('a first cold email has one Copy, and the offer to save to the profile says why it asks', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.openProToolAsNewUser(newAccount, '/pro/email');
  await flows.answer(`Dana Ortiz ${randomUUID().slice(0, 8)}, VP Sales at Freightly`);
  await flows.answer('We cut new-rep ramp time from 6 months to 10 weeks.');
  await flows.answer('', 'Generate Email');
  await expect(flows.replyText()).toContainText('You said: Write a personalized cold email');
  await expect(flows.resultActions.getByRole('button', { name: 'Copy' })).toBeVisible();
  // The reply's own icon Copy is not drawn beside the result's: one Copy on the screen.
  await expect(page.getByRole('button', { name: /^Cop(y|ied)$/ })).toHaveCount(1);
  await flows.resultActions.getByRole('button', { name: 'Copy' }).click();
  await expect(flows.resultActions.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cop(y|ied)$/ })).toHaveCount(1);

  await expect(page.getByRole('complementary', { name: 'Save to your profile' })).toHaveText(
    /^Save your value proposition to your profile\? Every flow then starts with it filled in\./,
  );
});
