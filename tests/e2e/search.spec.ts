import { expect, test } from './fixtures';
import { pdfOf } from '../factories/documents';
import { expectNoSeriousA11yViolations } from './support/axe';
import { Network, waitForWorker } from './support/network';
import { expectPhoneReady } from './support/phoneReady';
import { uploadToKit } from './support/salesKit';
import { unique } from './support/scriptedReplies';

// One search over the rep's work, on a phone. A browser is needed for what the phone's own index
// finds with no signal (IndexedDB, the worker's cached app), the chat opened in place on the message
// found (scrolled to and highlighted), and the kit passage's sheet.

test('with no signal, a rep finds a message on the phone by a word of another form and opens it in place', async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  const tag = unique();
  await chat.send(`Freightly wants the depots priced by Q3 ${tag}`);
  await expect(chat.replyText()).toContainText('You said: Freightly wants the depots');
  // More talk after it, so the message found is not simply the last one on screen.
  for (const n of [1, 2, 3, 4]) {
    await chat.send(`Another question about onboarding number ${n} ${unique()}`);
    await expect(chat.replies).toHaveCount(n + 1);
    await expect(chat.replyText()).toContainText(`number ${n}`);
  }
  await waitForWorker(page);

  await new Network(context).goOffline();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search/);
  await expect(page.getByRole('status').filter({ hasText: 'No signal' })).toBeVisible();
  await page.getByRole('searchbox').fill(`depot price ${tag}`);
  const chats = page.getByRole('region', { name: 'Chats' });
  const hit = chats.getByRole('button').filter({ hasText: `Freightly wants the depots` }).first();
  await expect(hit.locator('mark').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=depot`));
  await expectPhoneReady(page, 'search results offline');
  await expectNoSeriousA11yViolations(page, 'search results offline');

  await hit.click();
  await expect(page).toHaveURL(/\/chat\?chat=.*&at=/);
  const found = page.locator('.message--found');
  await expect(found).toContainText(`Freightly wants the depots priced by Q3 ${tag}`);
  await expect(found).toBeInViewport();

  // Back returns to the search as it was.
  await page.goBack();
  await expect(page.getByRole('searchbox')).toHaveValue(`depot price ${tag}`);
});

test('online, the server’s search adds the sales kit: a passage found by its words opens in its sheet', async ({
  page,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await uploadToKit(
    page.request,
    'Acme case study.pdf',
    await pdfOf([
      ['Case study: Acme Logistics', 'Acme Logistics cut dock wait times by 40 percent.'],
    ]),
  );
  await page.goto('/search?q=acme%20wait&kind=kit');
  await expect(page.getByRole('button', { name: 'Sales kit', pressed: true })).toBeVisible();
  const kit = page.getByRole('region', { name: 'Sales kit' });
  const hit = kit.getByRole('button').filter({ hasText: 'Acme case study.pdf' });
  await expect(hit).toContainText('cut dock wait times');
  await hit.click();
  const sheet = page.getByRole('dialog', { name: /Acme case study\.pdf/ });
  await expect(sheet).toContainText('Acme Logistics cut dock wait times by 40 percent.');
  await page.setViewportSize({ width: 320, height: 568 });
  await expectPhoneReady(page, 'a kit passage from search at 320 px');
});
