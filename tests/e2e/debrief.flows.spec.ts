import { expect, test } from './fixtures';
import { EmailEditor } from './pages/EmailEditor';
import { Network } from './support/network';
import { unique } from './support/scriptedReplies';

// 'Turn it into work': a meeting's notes (typed here; a voice debrief's transcript
// fills the same answer) become a follow-up email, drafted on the phone with no model to reach,
// scored by the coach and editable, or a CRM note copied as plain text a CRM's note field takes.
// The profile (every field filled: Pipewise, Ada Founder) gives the booking link and the signature.

const NOTES = [
  'Dana Ortiz: Ramp time is our biggest problem, new reps take six months to close a deal.',
  'Dana Ortiz: We are worried about the price, and Gong is in the budget talk too.',
  'Ada Founder: I will send the pilot proposal by Friday.',
].join('\n');

test('a follow-up email finished with no model to reach is drafted on the phone from the notes, the profile signs it, the coach scores it and the rep edits it', async ({
  context,
  page,
  flows,
  newAccount,
}) => {
  await flows.signUpAsProWithProfile(newAccount);
  await flows.open();
  await flows.waitForOfflineReady();
  const menu = flows.flowMenu(await flows.openSidebar());
  await expect(menu.getByRole('button', { name: 'CRM Note' })).toBeVisible();
  await menu.getByRole('button', { name: 'Follow-up Email' }).click();
  await expect(flows.card).toBeVisible();

  // The notes must say something; the booking link is the profile's, so it is not asked.
  await flows.expectStep('Question 1 of 3', 'What happened in the meeting?');
  await flows.answer('Met Dana. Went well.');
  await expect(flows.card.getByRole('alert')).toContainText('at least 50 characters');
  await flows.answer(`${NOTES}\nAda Founder: Talk soon ${unique()}.`);
  await flows.answer('Dana Ortiz, VP Sales at Freightly');
  await flows.expectStep('Question 3 of 3', 'What was agreed?');
  await flows.answerBox.fill('I send the pilot proposal by Friday\nDana books a call with the CFO');
  await new Network(context).goOffline();
  await flows.button('Write Follow-up').click();

  const draft = page.locator('.flow-offline-draft');
  await expect(draft).toContainText('Offline draft');
  await expect(draft).toContainText('Subject: Recap and next steps: Freightly');
  await expect(draft).toContainText('Ramp time is our biggest problem');
  await expect(draft).toContainText('Dana books a call with the CFO.');
  await expect(draft).toContainText('a 20-minute call at https://cal.com/ada/20min');
  await expect(draft).toContainText('Ada Founder');
  await expect(flows.title).toHaveText('Follow-up: Dana Ortiz at Freightly');

  const editor = new EmailEditor(page);
  await editor.openFrom(draft.getByRole('group', { name: 'Use this result' }));
  await expect(editor.subject).toHaveValue('Recap and next steps: Freightly');
  await expect(editor.body).toHaveValue(/^Hey Dana,\n\nThank you for your time today\./);
  await expect(editor.body).toHaveValue(/Cheers,\nAda Founder\nCEO, Pipewise\n\+1 555 0100$/);
  await expect(editor.score).toHaveAttribute('aria-valuetext', /^\d{1,3} out of 100, /);
  await editor.subject.fill('Freightly: the pilot, next steps');
  await editor.save();
  await expect(draft.locator('.email-edited__tag')).toHaveText('Edited');
  await expect(draft).toContainText('Subject: Freightly: the pilot, next steps');
});

test("a CRM note's 'Copy for CRM' puts plain text on the clipboard: sections with colons, '- ' lists, ISO dates, no Markdown", async ({
  context,
  page,
  flows,
  newAccount,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const note = [
    '# CRM note: Freightly',
    '',
    '## Summary',
    'Dana wants **faster ramp** for new reps.',
    '',
    '## Next steps',
    '* Ada sends the pilot proposal by Nov 30, 2026',
    '',
    '## Stakeholders',
    '- Dana Ortiz (VP Sales)',
    '',
    '## Risks',
    '- _Price_: Gong is in the budget talk',
    '',
    '## Date',
    '2026-11-27',
  ].join('\n');
  await flows.signUpAsProWithProfile(newAccount);
  await flows.openFlow('crmnote');
  await flows.answer(`${NOTES} ${unique()} [[reply64:${Buffer.from(note).toString('base64')}]]`);
  await flows.answer('Freightly');
  await flows.expectStep('Question 3 of 3', 'When was the meeting?');
  await expect(flows.answerBox).toHaveAttribute('placeholder', /^\d{4}-\d{2}-\d{2}$/);
  await flows.button('Write CRM Note').click();
  await expect(flows.replyText()).toContainText('Dana wants faster ramp for new reps.');
  await expect(flows.title).toHaveText('CRM Note: Freightly');

  const actions = flows.resultActions;
  await expect(actions.getByRole('link', { name: 'Open in mail app' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Copy for CRM' }).click();
  await expect(actions.getByRole('button', { name: 'Copied for CRM' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    [
      'CRM note: Freightly',
      '',
      'Summary:',
      'Dana wants faster ramp for new reps.',
      '',
      'Next steps:',
      '- Ada sends the pilot proposal by 2026-11-30',
      '',
      'Stakeholders:',
      '- Dana Ortiz (VP Sales)',
      '',
      'Risks:',
      '- Price: Gong is in the budget talk',
      '',
      'Date:',
      '2026-11-27',
    ].join('\n'),
  );
});
