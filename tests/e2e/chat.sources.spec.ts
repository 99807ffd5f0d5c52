import { expect, test } from './fixtures';
import { pdfOf } from '../factories/documents';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { deleteFromKit, fillProfile, uploadToKit } from './support/salesKit';
import { expectTapTargetsLargeEnough } from './support/tapTargets';
import { unique } from './support/scriptedReplies';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// A rep with a profile and a sales kit asks the free chat: the model is told their company and the
// passage of their document that answers, and the answer names it under 'Sources'. `[[system]]`
// makes the fake model answer with what it was told.

test('a free-chat answer is written with the rep’s profile and a passage of their uploaded file, shows it under Sources, and tapping it shows the passage', async ({
  page,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await fillProfile(page.request, {
    company: 'Freightly',
    product: 'Dock appointment scheduling for mid-size shippers',
    tone: 'friendly',
  });
  const fileId = await uploadToKit(
    page.request,
    'Acme case study.pdf',
    await pdfOf([
      ['Freightly overview', 'Freightly books dock appointments for mid-size shippers.'],
      [
        'Case study: Acme Logistics',
        'Acme Logistics cut dock wait times by 40 percent in six weeks.',
      ],
    ]),
  );

  await chat.send(`How much did Acme cut wait times? ${unique()} [[system]]`);
  const answer = chat.replies.last();
  await expect(chat.replyText()).toContainText('Company: Freightly');
  await expect(chat.replyText()).toContainText('Write in a friendly tone.');
  await expect(chat.replyText()).toContainText('[1] Acme case study.pdf, p. 2');
  await expect(chat.replyText()).toContainText(
    'Acme Logistics cut dock wait times by 40 percent in six weeks.',
  );

  const sources = answer.getByRole('region', { name: 'Sources' });
  await expect(sources).toBeVisible();
  const source = sources.getByRole('button', { name: /Acme case study\.pdf\s*p\. 2/ });
  await expect(source).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'an answer with sources');
  await expectTapTargetsLargeEnough(page, 'an answer with sources');

  await source.click();
  const sheet = page.getByRole('dialog', { name: '[1] Acme case study.pdf, p. 2' });
  await expect(sheet).toContainText('Acme Logistics cut dock wait times by 40 percent');
  await expectNoSeriousA11yViolations(page, 'a source’s passage');
  await expectTapTargetsLargeEnough(page, 'a source’s passage');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();

  // At 320 px the list still fits and every control is tappable.
  await page.setViewportSize({ width: 320, height: 568 });
  await expect(source).toBeVisible();
  await expectNoSidewaysScroll(page, 'an answer with sources at 320 px');
  await expectTapTargetsLargeEnough(page, 'an answer with sources at 320 px');

  // The file deleted (on another device): its passage is gone, and the sheet says so.
  await deleteFromKit(page.request, fileId);
  await source.click();
  await expect(sheet).toContainText('This file is no longer in your sales kit.');
  await expect(sheet).not.toContainText('Acme Logistics cut');
});
