import { expect, test } from './fixtures';
import { LandingPage } from './pages/LandingPage';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectOnScreen, showKeyboard } from './support/keyboard';
import { expectNoSidewaysScroll } from './support/layout';
import { Network } from './support/network';
import { expectTapTargetsLargeEnough } from './support/tapTargets';
import { unique } from './support/scriptedReplies';
import { COMPLETE_PROFILE as PROFILE } from '../factories/profile';

// The guided flows with the rep's profile, on a 390×844 phone: what the profile answers is not asked
// again, and what a flow learns that the profile lacks is offered to it once.

test('a rep with a complete profile gets a cold email from the landing page in 3 taps plus the recipient', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.signUpAsProWithProfile(newAccount, PROFILE);
  const landing = new LandingPage(page);
  await landing.open();

  // Only these taps: the rep's whole path.
  let taps = 0;
  const tap = async (target: ReturnType<typeof page.locator>) => {
    taps += 1;
    await target.click();
  };
  const recipient = `Dana Ortiz ${unique()}, VP Sales at Freightly`;

  await tap(landing.toolCard('Generate Cold Emails'));
  // Asked only who it is for; what the profile answers is folded under the field.
  await flows.expectAskedOnlyWhoItIsFor();
  await expect(flows.card.getByText('2 more answers from your profile')).toBeVisible();
  await expect(flows.button('Generate Email')).toBeVisible();
  await tap(flows.answerBox);
  await page.keyboard.type(recipient);
  // With the keyboard up, the button that generates stays in view.
  await showKeyboard(page, flows.answerBox);
  await expectOnScreen(flows.button('Generate Email'), 'Generate Email');
  await tap(flows.button('Generate Email'));

  await expect(flows.replyText()).toContainText('You said: Write a personalized cold email');
  await expect(flows.replyText()).toContainText(recipient);
  await expect(flows.replyText()).toContainText(PROFILE.valueProposition);
  await expect(flows.replyText()).toContainText(PROFILE.bookingLink);
  expect(taps).toBe(3);
  // The profile had everything the flow asked: nothing is offered to it.
  await expect(page.getByRole('complementary', { name: 'Save to your profile' })).toHaveCount(0);
});

test('a step the profile answered opens from the summary filled and marked, and a change is saved back to the profile', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.signUpAsProWithProfile(newAccount, PROFILE);
  await flows.openFlow('email');
  await flows.expectAskedOnlyWhoItIsFor();
  await flows.card.getByText('2 more answers from your profile').click();
  await expect(flows.card.getByText(PROFILE.bookingLink)).toBeVisible();
  await expectTapTargetsLargeEnough(page, 'the profile summary');
  await page.setViewportSize({ width: 320, height: 568 });
  await expectNoSidewaysScroll(page, 'the profile summary at 320 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await flows.card.getByRole('button', { name: 'Change: What do you offer them?' }).click();

  await flows.expectStep('Question 2 of 2', 'What do you offer them?');
  await expect(flows.answerBox).toHaveValue(PROFILE.valueProposition);
  await expect(flows.card.getByText('from your profile', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'a step filled from the profile');
  await flows.answerBox.fill('Plumbers quote jobs in one minute.');
  await expect(flows.card.getByText('from your profile', { exact: true })).toBeHidden();
  await flows.button('Save to your profile').click();
  await expect(flows.card.getByText('from your profile', { exact: true })).toBeVisible();
  await expect(flows.button('Save to your profile')).toBeHidden();
  await expect
    .poll(async () => {
      const body = (await (await page.request.get('/api/profile')).json()) as {
        fields: Record<string, { value: string }>;
      };
      return body.fields.valueProposition?.value;
    })
    .toBe('Plumbers quote jobs in one minute.');

  // The profile itself is a tap away from the flow, and shows the answer saved back.
  await flows.button('Back').click();
  // The summary stays as the rep left it (opened above): open it only if it is closed.
  const editProfile = flows.card.getByRole('link', { name: 'Edit your profile' });
  if (!(await editProfile.isVisible()))
    await flows.card.getByText(/more answers? from your profile/).click();
  await editProfile.click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Value proposition')).toHaveValue(
    'Plumbers quote jobs in one minute.',
  );
});

test('a rep with an empty profile who finishes a flow is offered once to save its answers, and Save stores them', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.openProToolAsNewUser(newAccount, '/pro/email');
  await flows.expectStep('Question 1 of 3');
  await expect(flows.card.getByText('from your profile', { exact: true })).toHaveCount(0);
  await flows.answer(`Dana Ortiz ${unique()}, VP Sales at Freightly`);
  await flows.answer('We cut new-rep ramp time from 6 months to 10 weeks.');
  await flows.answer('cal.com/ada/20min', 'Generate Email');
  await expect(flows.replyText()).toContainText('You said: Write a personalized cold email');

  const offer = page.getByRole('complementary', { name: 'Save to your profile' });
  await expect(offer).toContainText(
    'Save your value proposition and booking link to your profile?',
  );
  await expectNoSeriousA11yViolations(page, 'the offer to save to the profile');
  await expectTapTargetsLargeEnough(page, 'the offer to save to the profile');
  await offer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved to your profile.')).toBeVisible();
  await expect
    .poll(async () => {
      const body = (await (await page.request.get('/api/profile')).json()) as {
        fields: Record<string, { value: string }>;
      };
      return [body.fields.valueProposition?.value, body.fields.bookingLink?.value];
    })
    .toEqual(['We cut new-rep ramp time from 6 months to 10 weeks.', 'https://cal.com/ada/20min']);

  // Once: the chat opened again does not ask again.
  await page.reload();
  await expect(flows.replyText()).toContainText('You said: Write a personalized cold email');
  await expect(offer).toHaveCount(0);
});

test('with no signal, the cold email drafted on the phone after one answer signs, books and offers from the profile the app read when it opened', async ({
  context,
  flows,
  newAccount,
}) => {
  // Saved on another device: the app reads it when it opens (the sync engine's pull).
  await flows.signUpAsProWithProfile(newAccount, PROFILE);
  await flows.open();
  await flows.waitForOfflineReady();
  const network = new Network(context);
  await network.goOffline();

  await flows.openFlow('email');
  await flows.expectAskedOnlyWhoItIsFor();
  await flows.answerBox.fill(`Priya Shah ${unique()}, Head of Ops at Tidal`);
  await flows.button('Generate Email').click();

  const draft = flows.page.locator('.flow-offline-draft');
  await expect(draft).toContainText('Offline draft');
  await expect(draft).toContainText(PROFILE.valueProposition);
  await expect(draft).toContainText(PROFILE.bookingLink);
  await expect(draft.locator('.message__bubble')).toContainText(
    /Cheers,\s*Ada Founder\s*CEO, Pipewise\s*\+1 555 0100$/,
  );
  await network.goOnline();
});
