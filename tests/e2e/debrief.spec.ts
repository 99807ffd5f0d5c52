import { DEFAULT_TRANSCRIPT } from '../fakes/openai';
import { expect, test } from './fixtures';
import { DebriefPage } from './pages/DebriefPage';
import { EmailEditor } from './pages/EmailEditor';
import { FlowPage } from './pages/FlowPage';
import { registerAndLogIn } from './pages/session';
import { Network } from './support/network';
import { expectPhoneReady } from './support/phoneReady';
import { fullBrowser } from './support/browser';

// Recording needs a microphone (the fake one), which only the full browser gives.
test.use(fullBrowser);

// The voice debrief on a phone, with Chromium's fake microphone: recorded with no signal,
// kept on the phone through a closed app, transcribed once the signal is back by the fake speech
// server (DEFAULT_TRANSCRIPT), and turned into a call analysis; a refused microphone says how to
// allow it.

/** The first words the fake speech server hears in every recording. */
const HEARD = DEFAULT_TRANSCRIPT.slice(0, 40);

test('a voice note recorded offline on the call analysis’ transcript step: the app closed, the signal back, the transcript arrives in the call analysis', async ({
  page,
  context,
  flows,
  newAccount,
  baseURL,
}) => {
  await context.grantPermissions(['microphone'], { origin: baseURL! });
  await flows.openAsNewProUser(newAccount);
  await flows.waitForOfflineReady();
  await flows.openFlow('call');
  const network = new Network(context);
  await network.goOffline();

  const debrief = new DebriefPage(page);
  const dialog = await debrief.openMicrophone();
  await debrief.record(dialog);
  await expect(dialog.getByText(/Recorded 0:0\d/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Use this recording' }).click();
  await expect(dialog).toContainText('Saved on this phone. The transcript goes into your answer');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(flows.answerBox).toHaveValue('');

  // The app is closed; the signal comes back; the rep opens it again on the call analysis.
  await page.close();
  await network.goOnline();
  const reopened = await context.newPage();
  const again = new FlowPage(reopened);
  await reopened.goto('/chat?flow=call');
  await expect(again.answerBox).toHaveValue(new RegExp(`^${HEARD}`));

  // The recording is on /debrief too, transcribed, playable, once.
  const screen = new DebriefPage(reopened);
  await screen.open();
  await expect(screen.page.locator('.debrief-card')).toHaveCount(1);
  await expect(screen.page.locator('.debrief-card')).toContainText('Transcript ready');
  await expect(screen.page.locator('.debrief-card audio')).toHaveCount(1);
});

test('a debrief recorded on /debrief is played back, transcribed and turned into a call analysis', async ({
  page,
  context,
  flows,
  newAccount,
  baseURL,
}) => {
  await context.grantPermissions(['microphone'], { origin: baseURL! });
  await flows.openAsNewProUser(newAccount);
  const debrief = new DebriefPage(page);
  await debrief.open();
  await expectPhoneReady(page, 'the debrief screen');
  await debrief.meeting.fill('Freightly');
  await debrief.record(page.locator('.debrief-new'));

  const card = debrief.recording('Meeting with Freightly');
  await expect(card).toContainText('On this phone, not sent yet');
  await expect(card.locator('audio')).toHaveCount(1);
  await expectPhoneReady(page, 'a recording ready to send');
  await card.getByRole('button', { name: 'Transcribe' }).click();
  await expect(card).toContainText('Transcript ready');
  await expect(card.getByText(HEARD)).toBeVisible();
  await page.setViewportSize({ width: 320, height: 568 });
  await expectPhoneReady(page, 'a transcribed debrief at 320 px');

  await card.getByRole('button', { name: /Analyze this call/ }).click();
  await expect(page).toHaveURL(/\/chat\?flow=call$/);
  await expect(flows.answerBox).toHaveValue(new RegExp(`^${HEARD}`));

  // Deleted after a confirm: from the phone and, its transcript, from the account.
  await debrief.open();
  await debrief.recording('Meeting with Freightly').getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “Meeting with Freightly”?' });
  await expect(dialog).toContainText('its transcript leaves your account');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No recordings yet.')).toBeVisible();
  const stored = (await (await page.request.get('/api/recordings')).json()) as {
    recordings: unknown[];
  };
  expect(stored.recordings).toEqual([]);
});

test('a refused microphone says how to allow it, and nothing is recorded', async ({
  page,
  newAccount,
}) => {
  // No permission granted: Chromium refuses the microphone as a rep tapping 'Block' would.
  await registerAndLogIn(page.request, newAccount);
  const debrief = new DebriefPage(page);
  await debrief.open();
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Pitchpad can’t use the microphone. To allow it',
  );
  await expect(page.getByText('No recordings yet.')).toBeVisible();
});

test('a debrief’s transcript becomes a follow-up email: the notes filled in, the profile signs it, the coach scores it', async ({
  page,
  context,
  flows,
  newAccount,
  baseURL,
}) => {
  await context.grantPermissions(['microphone'], { origin: baseURL! });
  await flows.signUpAsProWithProfile(newAccount);
  const debrief = new DebriefPage(page);
  await debrief.open();
  await debrief.meeting.fill('Freightly');
  await debrief.record(page.locator('.debrief-new'));
  const card = debrief.recording('Meeting with Freightly');
  await card.getByRole('button', { name: 'Transcribe' }).click();
  await expect(card).toContainText('Transcript ready');

  await card.getByRole('button', { name: /Follow-up email/ }).click();
  await expect(page).toHaveURL(/\/chat\?flow=followup$/);
  await flows.expectStep('Question 1 of 3', 'What happened in the meeting?');
  await expect(flows.answerBox).toHaveValue(new RegExp(`^${HEARD}`));
  await flows.button('Next').click();
  await flows.answer('Dana Reyes, head of operations at Freightly');
  await flows.answerBox.fill('A two-week pilot at the Memphis warehouse from March 3rd');
  await flows.waitForOfflineReady();
  // Drafted on the phone (no signal): the recap comes from what the rep said.
  await new Network(context).goOffline();
  await flows.button('Write Follow-up').click();
  const draft = page.locator('.flow-offline-draft');
  await expect(draft).toContainText('Subject: Recap and next steps: Freightly');
  await expect(draft).toContainText('Dana pushed back on price');
  await expect(draft).toContainText('A two-week pilot at the Memphis warehouse from March 3rd');
  await expect(draft).toContainText('Ada Founder');
  const editor = new EmailEditor(page);
  await editor.openFrom(draft.getByRole('group', { name: 'Use this result' }));
  await expect(editor.score).toHaveAttribute('aria-valuetext', /^\d{1,3} out of 100, /);
});
