import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { NewAccount } from './pages/AuthPage';
import { ChatPage } from './pages/ChatPage';
import { EmailEditor } from './pages/EmailEditor';
import type { FlowPage } from './pages/FlowPage';
import { onAnotherDevice } from './pages/session';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectOnScreen, hideKeyboard, showKeyboard } from './support/keyboard';
import { expectNoSidewaysScroll } from './support/layout';
import { Network } from './support/network';
import { expectTapTargetsLargeEnough } from './support/tapTargets';
import { unique } from './support/scriptedReplies';

// 'Edit before sending': every email result opens in an editor with the coach's score
// following the typing; the edit is what Copy, a shared link and 'Open in mail app' use, survives a
// reload offline and reaches the rep's other devices.

/** Records what the page would share (Chromium on Linux has no share sheet): the browser's API stubbed, not our code. */
async function recordShares(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { shared: unknown[] }).shared = [];
    Object.defineProperty(navigator, 'share', {
      value: async (data: unknown) =>
        void (window as unknown as { shared: unknown[] }).shared.push(data),
    });
  });
}

/** A new Pro user's cold email flow, answered: the model's email to Dana at Freightly is on screen. */
async function emailFromTheModel(flows: FlowPage, account: NewAccount): Promise<void> {
  const reply = [
    '**Subject:** Quick idea for Freightly',
    '',
    'Hi Dana,',
    '',
    'Your new reps take six months to ramp. We cut that to ten weeks.',
    '',
    'Worth a 20-minute call next week?',
    '',
    'Best,',
    'Ada',
  ].join('\n');
  await flows.openProToolAsNewUser(account, '/pro/email');
  await flows.answer('Dana Ortiz, VP Sales at Freightly');
  await flows.answer(
    `We cut new-rep ramp time from 6 months to 10 weeks ${unique()} [[reply:${reply}]]`,
  );
  await flows.answer('https://cal.com/ada/20min', 'Generate Email');
  await expect(flows.replyText()).toContainText('Your new reps take six months to ramp.');
}

test('offline: the offline draft opens in the editor, the score follows the edit, and the saved edit is there after a reload', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.draftColdEmailOffline(newAccount, {
    recipient: 'Priya Shah, Head of Ops at Tidal',
    value: `We halve the time ops teams spend on vendor onboarding ${unique()}`,
    bookingLink: 'https://cal.com/ada',
  });

  const draft = page.locator('.flow-offline-draft');
  await expect(draft).toContainText('Offline draft');
  const editor = new EmailEditor(page);
  await editor.openFrom(draft.getByRole('group', { name: 'Use this result' }));
  await expect(editor.subject).toHaveValue('Idea for Tidal');
  await expect(editor.body).toHaveValue(/^Hi Priya,\n\nI'm writing to you as Head of Ops at Tidal/);
  // The coach, loaded with the editor while offline: the offline draft passes every check.
  await editor.expectScore(100, 'Strong');
  await expect(editor.fixes).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the email editor');
  await expectTapTargetsLargeEnough(page, 'the email editor');

  // A second question costs points and brings the ask's fix; cutting it earns them back.
  const original = await editor.body.inputValue();
  await editor.body.fill(
    original.replace('Would a short call', 'Is onboarding a pain right now? Would a short call'),
  );
  await expect(
    editor.fixes.filter({ hasText: 'Keep just one ask, so saying yes is easy.' }),
  ).toHaveCount(1);
  const withTwoQuestions = Number(await editor.score.getAttribute('aria-valuenow'));
  expect(withTwoQuestions).toBeLessThan(100);
  await editor.body.fill(original);
  await editor.expectScore(100, 'Strong');
  await expect(editor.fixes).toHaveCount(0);
  await expect(editor.dialog).toContainText('Every check passes.');
  await editor.subject.fill('Vendor onboarding at Tidal');
  await editor.save();

  await expect(draft.locator('.email-edited__tag')).toHaveText('Edited');
  await expect(draft.locator('.message__bubble')).toContainText('Vendor onboarding at Tidal');
  await expect(draft.locator('.message__bubble')).not.toContainText('Idea for Tidal');
  await expect(draft.getByRole('link', { name: 'Open in mail app' })).toHaveAttribute(
    'href',
    /^mailto:\?subject=Vendor%20onboarding%20at%20Tidal&body=Hi%20Priya%2C%0D%0A%0D%0AI'm%20writing%20to%20you/,
  );

  // Still offline, after a reload: the edit is on this device.
  await page.reload();
  await expect(draft.locator('.email-edited__tag')).toHaveText('Edited');
  await expect(draft.locator('.message__bubble')).toContainText('Vendor onboarding at Tidal');
  await editor.openFrom(draft.getByRole('group', { name: 'Use this result' }));
  await expect(editor.subject).toHaveValue('Vendor onboarding at Tidal');
  await editor.expectScore(100, 'Strong');
  // 'Revert to original' puts the drafter's email back.
  await editor.dialog.getByRole('button', { name: 'Revert to original' }).click();
  await expect(editor.subject).toHaveValue('Idea for Tidal');
  await editor.expectScore(100, 'Strong');
  // Cancel with changes asks first: 'Keep editing' keeps them, 'Discard' drops them.
  await editor.dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  const ask = editor.dialog.getByRole('alertdialog', {
    name: 'Discard your changes to this email?',
  });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(editor.subject).toHaveValue('Idea for Tidal');
  await editor.dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(editor.dialog).toBeHidden();
  await expect(draft.locator('.message__bubble')).toContainText('Vendor onboarding at Tidal');
  // The focus is back on the 'Edit' that opened the editor.
  await expect(draft.getByRole('button', { name: 'Edit', exact: true })).toBeFocused();
});

test("online: the model's email edited, then 'Open in mail app', Copy and Share use the edit, and the laptop shows it", async ({
  browser,
  context,
  page,
  flows,
  newAccount,
}) => {
  await recordShares(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await emailFromTheModel(flows, newAccount);

  const editor = new EmailEditor(page);
  await editor.openFrom(flows.resultActions);
  await expect(editor.subject).toHaveValue('Quick idea for Freightly');
  await expect(editor.body).toHaveValue(/^Hi Dana,\n\nYour new reps/);
  await editor.subject.fill('Ramp in 10 weeks? Freightly & you');
  await editor.body.fill(
    'Hi Dana,\n\nShort version: 50% faster ramp for new reps.\n\nWorth a 20-minute call next week?\n\nBest,\nAda',
  );
  await editor.save();

  const edited = page.locator('.email-edited');
  await expect(edited.locator('.email-edited__tag')).toHaveText('Edited');
  await expect(edited).toContainText('Ramp in 10 weeks? Freightly & you');
  await expect(edited).toContainText('Short version: 50% faster ramp for new reps.');
  // The model's own email stays above it, as it wrote it.
  await expect(flows.replyText()).toContainText('Your new reps take six months to ramp.');

  const actions = flows.resultActions;
  await expect(actions.getByRole('link', { name: 'Open in mail app' })).toHaveAttribute(
    'href',
    'mailto:?subject=Ramp%20in%2010%20weeks%3F%20Freightly%20%26%20you&body=Hi%20Dana%2C%0D%0A%0D%0AShort%20version%3A%2050%25%20faster%20ramp%20for%20new%20reps.%0D%0A%0D%0AWorth%20a%2020-minute%20call%20next%20week%3F%0D%0A%0D%0ABest%2C%0D%0AAda',
  );
  const emailText =
    'Subject: Ramp in 10 weeks? Freightly & you\n\nHi Dana,\n\nShort version: 50% faster ramp for new reps.\n\nWorth a 20-minute call next week?\n\nBest,\nAda';
  await actions.getByRole('button', { name: 'Copy' }).click();
  // The button says so itself (no toast repeats it).
  await expect(actions.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(emailText);
  // Saved with the chat: once the server has it, a shared link and the laptop show the same email.
  await expect(page.locator('.email-edited__pending')).toHaveCount(0);
  await actions.getByRole('button', { name: 'Share' }).click();
  const sheet = page.getByRole('dialog', { name: 'Share a link' });
  await sheet.getByRole('radio', { name: 'Anyone with the link' }).check();
  await sheet.getByRole('button', { name: 'Make the link' }).click();
  const link = await sheet.getByRole('textbox', { name: 'The link' }).inputValue();
  await sheet.getByRole('button', { name: 'Done' }).click();
  const reader = await browser.newContext();
  const shared = await reader.newPage();
  await shared.goto(link);
  await expect(shared.locator('article')).toContainText(
    'Subject: Ramp in 10 weeks? Freightly & you',
  );
  await expect(shared.locator('article')).toContainText(
    'Short version: 50% faster ramp for new reps.',
  );
  await reader.close();

  await expect(page).toHaveURL(/[?&]chat=/);
  const chatUrl = page.url();
  await onAnotherDevice(browser, newAccount, async (laptop) => {
    await laptop.goto(chatUrl);
    await expect(new ChatPage(laptop).replyText()).toContainText(
      'Your new reps take six months to ramp.',
    );
    const onLaptop = laptop.locator('.email-edited');
    await expect(onLaptop).toContainText('Ramp in 10 weeks? Freightly & you');
    await expect(onLaptop).toContainText('Short version: 50% faster ramp for new reps.');
  });
});

test("offline: the model's email edited with the keyboard up and at 320 px, kept after a reload, and sent to the account once back online", async ({
  browser,
  context,
  page,
  flows,
  newAccount,
}) => {
  await emailFromTheModel(flows, newAccount);
  await flows.waitForOfflineReady();
  const network = new Network(context);
  await network.goOffline();

  const editor = new EmailEditor(page);
  await editor.openFrom(flows.resultActions);
  // The keyboard up: the body typed in and Save both stay in sight.
  await showKeyboard(page, editor.body);
  await expectOnScreen(editor.body, 'the body with the keyboard up');
  await expectOnScreen(
    editor.dialog.getByRole('button', { name: 'Save', exact: true }),
    'Save with the keyboard up',
  );
  await editor.body.press('Control+End');
  await editor.body.pressSequentially(' P.S. Happy to send a case study.');
  await hideKeyboard(page);
  await editor.save();
  const edited = page.locator('.email-edited');
  await expect(edited).toContainText('P.S. Happy to send a case study.');
  await expect(edited.locator('.email-edited__pending')).toHaveText(' · saved on this device');

  await page.reload();
  await expect(edited).toContainText('P.S. Happy to send a case study.');
  await expect(edited.locator('.email-edited__pending')).toBeVisible();
  await page.setViewportSize({ width: 320, height: 640 });
  await editor.openFrom(flows.resultActions);
  await expect(editor.body).toHaveValue(/P\.S\. Happy to send a case study\.$/);
  await expectNoSidewaysScroll(page, 'the email editor at 320 px');
  await editor.cancel();
  await page.setViewportSize({ width: 390, height: 844 });

  // Back online, the sync engine hands the edit to the server: the laptop shows it.
  await network.goOnline();
  await expect(edited.locator('.email-edited__pending')).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]chat=/);
  const chatUrl = page.url();
  await onAnotherDevice(browser, newAccount, async (laptop) => {
    await laptop.goto(chatUrl);
    await expect(laptop.locator('.email-edited')).toContainText('P.S. Happy to send a case study.');
  });
});
