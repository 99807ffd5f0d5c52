import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { AuthPage } from './pages/AuthPage';
import { SharePage } from './pages/SharePage';
import { registerAndLogIn } from './pages/session';
import { upgradeToPro } from './support/billing';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { Network } from './support/network';
import { expectTapTargetsLargeEnough } from './support/tapTargets';

// On a phone: another app shares a LinkedIn profile, an email or call notes into
// the installed app (the manifest's share_target: GET /share?title&text&url), offline too.
const unique = () => randomUUID().slice(0, 8);

/** A LinkedIn profile as Android shares it: the link both in `text` and in `url`. */
function linkedInShare() {
  const id = unique();
  const url = `https://www.linkedin.com/in/dana-ortiz-${id}`;
  return {
    params: {
      title: 'Dana Ortiz | LinkedIn',
      text: `Dana Ortiz, VP Sales at Freightly. Hiring 20 reps this quarter. ${url}`,
      url,
    },
    combined: `Dana Ortiz | LinkedIn\nDana Ortiz, VP Sales at Freightly. Hiring 20 reps this quarter. ${url}`,
  };
}

test('fieldkit: offline, a Pro user shares a profile and each choice opens with the shared text filled in', async ({
  page,
  context,
  flows,
  newAccount,
}) => {
  test.slow(); // four choices, each a navigation and a flow opening, offline
  const share = new SharePage(page);
  const shared = linkedInShare();
  // A first visit online installs the worker and keeps the session and the plan for offline starts.
  await flows.openAsNewProUser(newAccount);
  await flows.waitForOfflineReady();

  const network = new Network(context);
  await network.goOffline();

  await share.openShared(shared.params);
  await expect(share.preview).toHaveText(shared.combined);
  await expect(share.choices).toHaveText([
    /Cold email to this person/,
    /Analyze this call/,
    /Handle this objection/,
    /Ask Pitchpad/,
  ]);
  // A paying user's choices carry no PRO marks.
  expect(await share.marks()).toEqual(['', '', '', '']); // offline, the plan comes from the saved cache at once

  // Cold email: the recipient answer, kept across a reload; the shared text is no longer in the URL.
  await share.choose('Cold email to this person');
  await expect(page).toHaveURL(/\/chat\?flow=email$/);
  await flows.expectStep('Question 1 of 3', 'Who are you writing to?');
  await expect(flows.answerBox).toHaveValue(shared.combined);
  await page.reload();
  await expect(flows.answerBox).toHaveValue(shared.combined);

  // Call analysis: the transcript answer.
  await share.openShared(shared.params);
  await share.choose('Analyze this call');
  await expect(page).toHaveURL(/\/chat\?flow=call$/);
  await flows.expectStep('Question 1 of 4', 'Paste the call transcript');
  await expect(flows.answerBox).toHaveValue(shared.combined);

  // Objections: the audience first, then that audience's objections question holds the text.
  await share.openShared({
    title: 'Re: pilot',
    text: 'Honestly the price is too high for a team our size.',
  });
  await share.choose('Handle this objection');
  await expect(page).toHaveURL(/\/chat\?flow=objection$/);
  await flows.expectStep('Question 1 of 5', 'Whose objections do you want to handle?');
  await flows.button('Next').click();
  await flows.expectStep('Question 2 of 5', 'What is your value proposition?');
  await flows.answerBox.fill('We cut new-rep ramp time from 6 months to 10 weeks');
  await flows.button('Next').click();
  await flows.expectStep('Question 3 of 5', 'What objections do you hear most?');
  await expect(flows.answerBox).toHaveValue(
    'Re: pilot\nHonestly the price is too high for a team our size.',
  );

  // Ask Pitchpad: the new chat's message box, on one line.
  await share.openShared(shared.params);
  await share.choose('Ask Pitchpad');
  await expect(page).toHaveURL(/\/chat$/);
  await expect(flows.input).toHaveValue(shared.combined.replace('\n', ' '));
});

test('fieldkit: a free user sees which choices are PRO; a PRO choice goes to pricing and the text waits in the flow', async ({
  page,
  flows,
  newAccount,
}) => {
  const share = new SharePage(page);
  const shared = linkedInShare();
  await registerAndLogIn(page.request, newAccount);

  await share.openShared(shared.params);
  await expect
    .poll(() => share.marks(), { message: 'the PRO marks, once the plan is known' })
    .toEqual(['PRO', 'PRO', 'PRO', 'FREE']);
  await expect(share.signInNote).toBeHidden();

  await share.choose('Cold email to this person');
  await expect(page).toHaveURL(/\/pricing$/);
  await share.expectToast('Pro Plan Required', 'Upgrade to Pro to use this tool.');

  // Once upgraded, the cold email starts from what was shared.
  await upgradeToPro(page.request);
  await flows.openFlow('email');
  await expect(flows.answerBox).toHaveValue(shared.combined);

  await share.openShared({ text: 'Notes from the Freightly call: they want a pilot in March.' });
  await share.choose('Ask Pitchpad');
  await expect(flows.input).toHaveValue(
    'Notes from the Freightly call: they want a pilot in March.',
  );
});

test('fieldkit: a guest is told to sign in, and comes back to the shared text after logging in', async ({
  page,
  newAccount,
}) => {
  const share = new SharePage(page);
  const auth = new AuthPage(page);
  await registerAndLogIn(page.request, newAccount);
  await page.request.post('/api/auth/logout', {
    headers: { 'x-csrf-token': await csrf(page.request) },
  });

  await share.openShared({ text: 'Call notes: Freightly wants a pilot in March.' });
  await expect(share.signInNote).toContainText(
    'Log in or create a free account to use what you shared.',
  );
  await expect
    .poll(() => share.marks(), { message: 'the PRO marks, once the plan is known' })
    .toEqual(['PRO', 'PRO', 'PRO', 'FREE']);

  await share.choose('Ask Pitchpad');
  await share.expectToast('Login Required', 'Please log in to chat with Pitchpad.');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await auth.logIn(newAccount.username, newAccount.password);

  await expect(share.heading).toBeVisible();
  await expect(share.preview).toHaveText('Call notes: Freightly wants a pilot in March.');
  await share.choose('Ask Pitchpad');
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(
    'Call notes: Freightly wants a pilot in March.',
  );
});

test('fieldkit: the share screen on a 320 px phone: a long link wraps, every choice is a big enough tap, axe finds nothing serious; shared text arrives as sent', async ({
  page,
}) => {
  const share = new SharePage(page);
  await page.setViewportSize({ width: 320, height: 568 });
  const url = `https://www.linkedin.com/feed/update/urn:li:activity:${'7'.repeat(60)}`;
  await share.openShared({ title: 'true', text: 'Pricing objection from Freightly', url });
  // "true" stays text: the router's JSON-parsing of search values does not reach the preview.
  await expect(share.preview).toHaveText(`true\nPricing objection from Freightly\n${url}`);
  await expectNoSidewaysScroll(page, '/share');
  await expectTapTargetsLargeEnough(page, '/share');
  await expectNoSeriousA11yViolations(page, '/share');
});

async function csrf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken;
}
