import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { TEAMS_VTT, TEAMS_VTT_TEXT } from '../factories/transcripts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// On a phone: a call's transcript file, read on the device, goes into call
// analysis' transcript answer (or the free chat's message), without timestamps or cue numbers.

const ZOOM_SRT = `1
00:00:01,000 --> 00:00:04,000
Dana: We tried a tool like this last year.

2
00:00:04,500 --> 00:00:08,250
Sam: What got in the way?
`;

/** Picks a file made in memory with the paperclip (its file input; one per screen). */
async function attach(
  page: Page,
  name: string,
  mimeType: string,
  contents: string | Buffer,
): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType,
    buffer: Buffer.isBuffer(contents) ? contents : Buffer.from(contents),
  });
}

async function expectTapTarget(button: Locator): Promise<void> {
  const box = await button.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
}

test('fieldkit: a .vtt attached in call analysis becomes the transcript answer, after what was typed; big files and PDFs are refused', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.openAsNewProUser(newAccount);
  await flows.openFlow('call');
  await flows.expectStep('Question 1 of 4', 'Paste the call transcript');
  const paperclip = flows.card.getByRole('button', { name: 'Attach a transcript' });
  await expectTapTarget(paperclip);
  await expect(paperclip).toHaveAccessibleDescription('.txt, .md, .vtt or .srt, up to 200 kB');

  await flows.answerBox.fill('Discovery call with Freightly, 12 March.');
  await attach(page, 'Freightly discovery.vtt', 'text/vtt', TEAMS_VTT);
  await expect(flows.answerBox).toHaveValue(
    `Discovery call with Freightly, 12 March.\n\n${TEAMS_VTT_TEXT}`,
  );
  const answer = await flows.answerBox.inputValue();
  expect(answer).not.toMatch(/-->|\d{2}:\d{2}:\d{2}|WEBVTT|0f8d2a1e|<v/);

  // Too big: said with its size, and the answer stays as it was.
  await attach(page, 'all-hands.vtt', 'text/vtt', `WEBVTT\n\n${'x'.repeat(300 * 1024 - 8)}`);
  await expect(flows.card.getByRole('alert')).toHaveText(
    'That file is 300 kB; a transcript can be at most 200 kB.',
  );
  await expect(flows.answerBox).toHaveValue(answer);
  await expectNoSeriousA11yViolations(page, 'call analysis with a refused file');

  // Not a text transcript.
  await attach(page, 'call.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n'));
  await expect(flows.card.getByRole('alert')).toHaveText(
    'Pitchpad reads text transcripts: .txt, .md, .vtt or .srt.',
  );
  await expect(flows.answerBox).toHaveValue(answer);

  // The attached answer goes on like a pasted one.
  await flows.button('Next').click();
  await flows.expectStep('Question 2 of 4', 'What kind of call was it?');
});

test('fieldkit: an attached transcript under 50 characters meets the same minimum as a pasted one', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.openAsNewProUser(newAccount);
  await flows.openFlow('call');
  await attach(
    page,
    'short.srt',
    'application/x-subrip',
    '1\n00:00:01,000 --> 00:00:02,000\nDana: Hi.\n',
  );
  await expect(flows.answerBox).toHaveValue('Dana: Hi.');
  await flows.button('Next').click();
  await expect(flows.card.getByRole('alert')).toHaveText(
    'Please provide a longer transcript for meaningful analysis (at least 50 characters)',
  );
  await flows.expectStep('Question 1 of 4');
});

test('fieldkit: in free chat the paperclip puts the transcript into the message box', async ({
  page,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  const paperclip = page
    .locator('.chat-input')
    .getByRole('button', { name: 'Attach a transcript' });
  await expectTapTarget(paperclip);
  await chat.input.fill('What went wrong here?');
  await attach(page, 'zoom.srt', 'application/x-subrip', ZOOM_SRT);
  await expect(chat.input).toHaveValue(
    'What went wrong here? Dana: We tried a tool like this last year. Sam: What got in the way?',
  );

  await attach(
    page,
    'notes.docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'PK',
  );
  await expect(page.locator('.chat-input').getByRole('alert')).toHaveText(
    'Pitchpad reads text transcripts: .txt, .md, .vtt or .srt.',
  );
  await expect(chat.input).toHaveValue(
    'What went wrong here? Dana: We tried a tool like this last year. Sam: What got in the way?',
  );
});
