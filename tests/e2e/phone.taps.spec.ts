import { expect, test } from './fixtures';
import { expectTapTargetsLargeEnough } from './support/tapTargets';
import {
  FLOW_HALVES,
  TOUR_TIMEOUT_MS,
  tourAsFreeUser,
  tourAsGuest,
  tourProFlows,
  tourProTools,
} from './support/tour';

// Point 9 of the phone review: every control a finger can tap is at least 44×44 CSS px, on every
// screen (tests/e2e/support/tapTargets.ts says what counts; a link inside a sentence is exempt, as
// WCAG 2.5.8 allows).

test('phone: 9. every control a guest can tap is at least 44×44 px: landing, menu, about, pricing, sign-in, register, 404, idea analysis', async ({
  page,
}) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourAsGuest(page, (screen) => expectTapTargetsLargeEnough(page, screen));
});

test('phone: 9. every control a free user can tap is at least 44×44 px: dashboard, menus, chat (copy, regenerate, model picker), drawer, history, toasts, checkout', async ({
  page,
  newAccount,
}) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourAsFreeUser(page, newAccount, (screen) => expectTapTargetsLargeEnough(page, screen));
});

for (const flows of FLOW_HALVES) {
  test(`phone: 9. every control of the guided flows (${flows.join(', ')}) and their results is at least 44×44 px, and of the history (rename, delete, close)`, async ({
    page,
    newAccount,
  }) => {
    test.setTimeout(TOUR_TIMEOUT_MS);
    await tourProFlows(
      page,
      newAccount,
      (screen) => expectTapTargetsLargeEnough(page, screen),
      flows,
    );
  });
}

test('phone: 9. every control of the Pro tools is at least 44×44 px: competitive intelligence, /pro, pricing, payment result', async ({
  page,
  newAccount,
}) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourProTools(page, newAccount, (screen) => expectTapTargetsLargeEnough(page, screen));
});

test('phone: 9. the input bar holds only what works: the message field, the microphone (a voice note: debrief.spec), the paperclip (it reads a transcript: fieldkit.attach) and Send, no inert image icon', async ({
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
