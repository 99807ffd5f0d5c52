import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { OnboardingPage } from './pages/OnboardingPage';
import { expectOnScreen, hideKeyboard, showKeyboard } from './support/keyboard';
import { holdRequests } from './support/network';
import { settle } from './support/settle';
import { scrollsAtRest } from './support/layout';
import { IDEA_SUMMARY, base64, unique } from './support/scriptedReplies';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// On a 390×844 phone: the guided flows, the competitive form, the sign-in screens and the
// landing page's idea analysis, as a rep uses them with one thumb and the keyboard up.

test('with the keyboard up, each flow step keeps its field and its button on screen; Enter/Go moves an answer on, Shift+Enter makes a new line in a long one', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.openProToolAsNewUser(newAccount, '/pro/email');

  // A long answer: Shift+Enter is a new line, Enter moves on (as in the chat); Next shows above the keyboard.
  await flows.expectStep('Question 1 of 3');
  await showKeyboard(page, flows.answerBox);
  await expectOnScreen(flows.answerBox, 'the recipient field');
  await expectOnScreen(flows.button('Next'), 'Next');
  await expect(flows.answerBox).toHaveAttribute('enterkeyhint', 'next');
  await page.keyboard.type('Dana Ortiz');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('VP Sales at Freightly');
  await expect(flows.answerBox).toHaveValue('Dana Ortiz\nVP Sales at Freightly');
  await flows.expectStep('Question 1 of 3');
  await page.keyboard.press('Enter');

  // The next step takes the focus with the keyboard still up, its button in view.
  await flows.expectStep('Question 2 of 3');
  await expect(flows.answerBox).toBeFocused();
  await expectOnScreen(flows.answerBox, 'the offer field');
  await expectOnScreen(flows.button('Next'), 'Next');
  await page.keyboard.type('We cut new-rep ramp time from 6 months to 10 weeks');
  await flows.button('Next').click();

  // The last step is one line: the keyboard's key says Go, and Go generates.
  await flows.expectStep('Question 3 of 3');
  await expect(flows.answerBox).toBeFocused();
  await expect(flows.answerBox).toHaveAttribute('enterkeyhint', 'go');
  await expectOnScreen(flows.answerBox, 'the booking link field');
  await expectOnScreen(flows.button('Generate Email'), 'Generate Email');
  await page.keyboard.type('https://cal.com/ada/20min');
  await page.keyboard.press('Enter');
  await expect(flows.replyText()).toContainText('You said: Write a personalized cold email');

  // A one-line step that is not the last: its key says Next, and Enter moves on.
  await hideKeyboard(page);
  await flows.openFlow('demo');
  await flows.expectStep('Question 1 of 8', 'What is your company called?');
  await showKeyboard(page, flows.answerBox);
  await expect(flows.answerBox).toHaveAttribute('enterkeyhint', 'next');
  await expectOnScreen(flows.button('Next'), 'Next');
  await page.keyboard.type(`Freightly ${unique()}`);
  await page.keyboard.press('Enter');
  await flows.expectStep('Question 2 of 8', 'What is your value proposition?');
  await expect(flows.answerBox).toBeFocused();
  await expectOnScreen(flows.button('Next'), 'Next');
});

test('with the keyboard up, the competitive form keeps its field and Analyze Competitors on screen', async ({
  page,
  competitive,
  newAccount,
}) => {
  await competitive.openAsNewProUser(newAccount);
  await showKeyboard(page, competitive.description);
  await expectOnScreen(competitive.description, 'the description field');
  await expectOnScreen(competitive.analyzeButton, 'Analyze Competitors');
});

test('with the keyboard up, sign-in and register keep the field and their button on screen, field by field', async ({
  page,
  auth,
}) => {
  await auth.open('/auth/login');
  const login = auth.loginForm;
  for (const label of ['Username', 'Password']) {
    const field = login.getByLabel(label, { exact: true });
    await showKeyboard(page, field);
    await expectOnScreen(field, label);
    await expectOnScreen(
      login.getByRole('button', { name: 'Sign in', exact: true }),
      `Sign in, with ${label} focused`,
    );
    await hideKeyboard(page);
  }

  await auth.showTab('Register');
  const register = auth.registerForm;
  for (const label of ['Full name', 'Username', 'Email', 'Password']) {
    const field = register.getByLabel(label, { exact: true });
    await showKeyboard(page, field);
    await expectOnScreen(field, label);
    await expectOnScreen(
      register.getByRole('button', { name: 'Create account' }),
      `Create account, with ${label} focused`,
    );
    await hideKeyboard(page);
  }
});

/** Whether two boxes share any area. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [p, q] = [await a.boundingBox(), await b.boundingBox()];
  if (!p || !q) throw new Error('a box to compare is not drawn');
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}

test("after a flow the result leads the screen: the answers fold into a 'Your answers' card, and the toast leaves the headers, Copy, Share, 'Open in mail app' and the input bar uncovered", async ({
  page,
  flows,
  newAccount,
}) => {
  // A share sheet, so Share shows (Chromium on Linux has none).
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'share', { value: async () => {} }),
  );
  await flows.openProToolAsNewUser(newAccount, '/pro/email');
  const name = `Dana Ortiz ${unique()}`;
  const recipient = `${name}, VP Sales at Freightly`;
  await flows.answer(
    `${recipient}. Just raised a Series B and is hiring 20 reps; posted about ramp time on LinkedIn last week.`,
  );
  await flows.answer(
    'We cut new-rep ramp time from 6 months to 10 weeks; Acme saw quota attainment up 32%.',
  );
  await flows.answer('https://cal.com/ada/20min', 'Generate Email');
  await expect(flows.replyText()).toContainText('You said: Write a personalized cold email');
  await flows.expectToast('Cold Email Generated');

  // The prompt is one folded line above the result, not a screenful of the rep's own words.
  const answers = page.locator('.chat__messages details.answers-card');
  await expect(answers.locator('summary')).toHaveText('Your answers');
  await expect(answers.getByText('Write a personalized cold email')).toBeHidden();
  expect((await answers.boundingBox())!.height).toBeLessThanOrEqual(60);
  const result = flows.replies.last();
  const header = (await page.locator('header.chat-header').boundingBox())!;
  const resultTop = (await result.boundingBox())!.y;
  expect(resultTop, 'the result starts near the top of the screen').toBeGreaterThanOrEqual(
    header.y + header.height,
  );
  expect(resultTop).toBeLessThan(header.y + header.height + 120);

  // The save toast keeps clear of the headers' controls, the result's actions and the input bar: it
  // hangs just under the headers, over the first lines of the result for a few seconds.
  const toast = page.locator('ion-toast .toast-wrapper');
  await expect(toast).toContainText('Cold Email Generated');
  expect(
    (await toast.boundingBox())!.y,
    'the toast starts under the headers',
  ).toBeGreaterThanOrEqual(header.y + header.height);
  expect(await overlaps(toast, page.locator('header.app-header'))).toBe(false);
  const actions = flows.resultActions;
  const buttons = [
    actions.getByRole('button', { name: 'Copy' }),
    actions.getByRole('button', { name: 'Share' }),
    actions.getByRole('link', { name: 'Open in mail app' }),
  ];
  for (const button of buttons) {
    await button.scrollIntoViewIfNeeded();
    expect(await overlaps(toast, button), `the toast covers ${await button.textContent()}`).toBe(
      false,
    );
  }
  expect(await overlaps(toast, page.locator('.chat-input'))).toBe(false);

  // Copy says so on itself, where the finger is: no toast to repeat it over the screen.
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toBeHidden();
  await buttons[0]!.click();
  await expect(actions.getByRole('button', { name: 'Copied' })).toBeVisible();
  // A toast would be presented with the tap, so it is on its way in by the time the page is still.
  await settle(page);
  await expect(page.locator('ion-toast .toast-wrapper')).toBeHidden();
  await expect(actions.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({
    timeout: 5000,
  });

  // Opened, the card shows what the email was written from.
  await answers.locator('summary').click();
  await expect(answers).toContainText('Where can they book a meeting? https://cal.com/ada/20min');
});

test('a GTM plan opens at its start, and stays there when the pitch-deck card appears under it', async ({
  page,
  flows,
  newAccount,
}) => {
  const plan = {
    executiveSummary: 'Pipewise gives plumbing firms a CRM that answers every call.',
    marketAnalysis: {
      targetMarket: 'Plumbing firms with 2 to 20 vans.',
      competitiveLandscape: 'ServiceTitan at the top end.',
      marketOpportunity: { tam: '$5B', sam: '$1.2B', som: '$60M' },
    },
    gtmStrategy: {
      valueProposition: 'Never miss a job call.',
      pricingStrategy: '$49 per van.',
      channelStrategy: 'Trade associations.',
      salesProcess: 'Free trial.',
      marketingPlan: 'Case studies.',
    },
    executionTimeline: 'Q1 pilot, Q2 launch.',
    financialProjections: '$1M ARR in 24 months.',
    keyMetrics: ['Vans live', 'Calls answered'],
    risksAndMitigation: 'Churn in winter: annual plans.',
  };
  await flows.openProToolAsNewUser(newAccount, '/pro/gtm-advisor?flow=gtmplan');
  await flows.answer(
    `Pipewise ${unique()}: a CRM for plumbers [[reply64:${Buffer.from(JSON.stringify(plan)).toString('base64')}]]`,
  );
  await flows.button('Next').click();
  await flows.answerBox.fill('Never miss a job call');
  await flows.button('Skip to Plan Generation').click();

  const title = flows.replies.last().getByRole('heading', { name: 'Go-to-Market Plan', level: 1 });
  await expect(title).toBeVisible();
  await flows.expectToast('GTM Plan Generated');
  await expect(page.locator('.pitch-deck-card')).toBeVisible();
  await scrollsAtRest(page); // a smooth scroll to the card, if there were one, is over
  await expectOnScreen(
    flows.replies.last().getByText('Pipewise gives plumbing firms a CRM that answers every call.'),
    'the executive summary',
  );
});

test("an optional answer never blocks the button: 'Generate Email' without a booking link, 'Analyze Call' without more context", async ({
  flows,
  newAccount,
}) => {
  await flows.openProToolAsNewUser(newAccount, '/pro/email');
  const name = `Dana Ortiz ${unique()}`;
  const recipient = `${name}, VP Sales at Freightly`;
  await flows.answer(recipient);
  await flows.answer('We cut new-rep ramp time from 6 months to 10 weeks');
  await flows.expectStep('Question 3 of 3', 'Where can they book a meeting?');
  await expect(flows.answerBox).toHaveValue('');
  await expect(flows.button('Generate Email')).toBeEnabled();
  await flows.button('Generate Email').click();
  await expect(flows.replyText()).toContainText(`Who are you writing to? ${recipient}`);
  await expect(flows.replyText()).not.toContainText('Where can they book a meeting?');
  // Named by the person and the company, not the role.
  await expect(flows.title).toHaveText(`Cold Email to ${name} at Freightly`);

  // The call analysis' last step, 'Anything else to know?', is optional too; the transcript is not.
  await flows.openFlow('call');
  await flows.expectStep('Question 1 of 4', 'Paste the call transcript');
  await expect(flows.button('Next')).toBeDisabled();
  await flows.answer(
    `Rep: Thanks for joining ${unique()}. Prospect: Our reps lose two hours a day to CRM updates.`,
  );
  await flows.button('Next').click();
  await flows.button('Next').click();
  await flows.expectStep('Question 4 of 4', 'Anything else to know?');
  await expect(flows.button('Analyze Call')).toBeEnabled();
  await flows.button('Analyze Call').click();
  await expect(flows.replyText()).toContainText('You said: Analyze this customer call');
  await expect(flows.replyText()).not.toContainText('Anything else to know?');
});

test("'Analyze (without signing up)' starts the analysis at once on /onboarding, with no second press", async ({
  page,
  landing,
}) => {
  const onboarding = new OnboardingPage(page);
  const analyses: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analyze-startup')
      analyses.push(request.url());
  });
  // The fake model's analysis, held back until the analysing state has been seen.

  const idea = `Lab gear resale ${unique()} [[reply64:${base64(IDEA_SUMMARY)}]]`;
  expect(idea.length, 'fits the landing idea box').toBeLessThanOrEqual(500);

  const analysis = await holdRequests(page, '**/api/analyze-startup');
  await landing.open();
  await landing.typeIdea(idea);
  await landing.analyzeButton.click();
  await expect(onboarding.analysing).toBeVisible();
  await expect(onboarding.ideaInput).toHaveValue(idea);
  await expect(onboarding.generateButton).toBeDisabled();
  analysis.release();
  await expect(page).toHaveURL(/\/onboarding\?analysis=\d+$/);
  await expect(onboarding.marketFigure('TAM')).toContainText('$4.2B');
  expect(analyses).toHaveLength(1);

  // Back leads to the idea, ready to change: it is not analyzed again.
  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(onboarding.ideaInput).toHaveValue(idea);
  await expect(onboarding.generateButton).toBeEnabled();
  await expect(onboarding.analysing).toHaveCount(0);
  expect(analyses).toHaveLength(1);
});
