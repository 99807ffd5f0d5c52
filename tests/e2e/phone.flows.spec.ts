import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { OnboardingPage } from './pages/OnboardingPage';
import { expectOnScreen, hideKeyboard, showKeyboard } from './support/keyboard';

// Issue 13 on a 390×844 phone: the guided flows, the competitive form, the sign-in screens and the
// landing page's idea analysis, as a rep uses them with one thumb and the keyboard up.
const unique = () => randomUUID().slice(0, 8);

test('phone: 2. with the keyboard up, each flow step keeps its field and its button on screen; Enter/Go moves a one-line answer on, and makes a new line in a long one', async ({ page, flows, newAccount }) => {
  await flows.openProToolAsNewUser(newAccount, '/pro/email');

  // A long answer: Enter is a new line, and Next shows above the keyboard.
  await flows.expectStep('Question 1 of 3');
  await showKeyboard(page, flows.answerBox);
  await expectOnScreen(flows.answerBox, 'the recipient field');
  await expectOnScreen(flows.button('Next'), 'Next');
  await page.keyboard.type('Dana Ortiz');
  await page.keyboard.press('Enter');
  await page.keyboard.type('VP Sales at Freightly');
  await expect(flows.answerBox).toHaveValue('Dana Ortiz\nVP Sales at Freightly');
  await flows.expectStep('Question 1 of 3');
  await flows.button('Next').click();

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

test('phone: 2. with the keyboard up, the competitive form keeps its field and Analyze Competitors on screen', async ({ page, competitive, newAccount }) => {
  await competitive.openAsNewProUser(newAccount);
  await showKeyboard(page, competitive.description);
  await expectOnScreen(competitive.description, 'the description field');
  await expectOnScreen(competitive.analyzeButton, 'Analyze Competitors');
});

test('phone: 2. with the keyboard up, sign-in and register keep the field and their button on screen, field by field', async ({ page, auth }) => {
  await auth.open('/auth/login');
  const login = auth.loginForm;
  for (const label of ['Username', 'Password']) {
    const field = login.getByLabel(label, { exact: true });
    await showKeyboard(page, field);
    await expectOnScreen(field, label);
    await expectOnScreen(login.getByRole('button', { name: 'Sign in' }), `Sign in, with ${label} focused`);
    await hideKeyboard(page);
  }

  await auth.showTab('Register');
  const register = auth.registerForm;
  for (const label of ['Full name', 'Username', 'Email', 'Password']) {
    const field = register.getByLabel(label, { exact: true });
    await showKeyboard(page, field);
    await expectOnScreen(field, label);
    await expectOnScreen(register.getByRole('button', { name: 'Create account' }), `Create account, with ${label} focused`);
    await hideKeyboard(page);
  }
});

test("phone: 5. an optional answer never blocks the button: 'Generate Email' without a booking link, 'Analyze Call' without more context", async ({ flows, newAccount }) => {
  await flows.openProToolAsNewUser(newAccount, '/pro/email');
  const recipient = `Dana Ortiz ${unique()}, VP Sales at Freightly`;
  await flows.answer(recipient);
  await flows.answer('We cut new-rep ramp time from 6 months to 10 weeks');
  await flows.expectStep('Question 3 of 3', 'Where can they book a meeting?');
  await expect(flows.answerBox).toHaveValue('');
  await expect(flows.button('Generate Email')).toBeEnabled();
  await flows.button('Generate Email').click();
  await expect(flows.replyText()).toContainText(`Who are you writing to? ${recipient}`);
  await expect(flows.replyText()).not.toContainText('Where can they book a meeting?');
  await expect(flows.title).toHaveText(`Cold Email to ${recipient}`);

  // The call analysis' last step, 'Anything else to know?', is optional too; the transcript is not.
  await flows.openFlow('call');
  await flows.expectStep('Question 1 of 4', 'Paste the call transcript');
  await expect(flows.button('Next')).toBeDisabled();
  await flows.answer(`Rep: Thanks for joining ${unique()}. Prospect: Our reps lose two hours a day to CRM updates.`);
  await flows.button('Next').click();
  await flows.button('Next').click();
  await flows.expectStep('Question 4 of 4', 'Anything else to know?');
  await expect(flows.button('Analyze Call')).toBeEnabled();
  await flows.button('Analyze Call').click();
  await expect(flows.replyText()).toContainText('You said: Analyze this customer call');
  await expect(flows.replyText()).not.toContainText('Anything else to know?');
});

test("phone: 11. 'Analyze (without signing up)' starts the analysis at once on /onboarding, with no second press", async ({ page, landing }) => {
  const onboarding = new OnboardingPage(page);
  const analyses: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analyze-startup') analyses.push(request.url());
  });
  // The fake model's analysis (spec §3), after a pause so the analysing state can be seen.
  const summary = {
    marketSize: { tam: '$4.2B', sam: '$6M', som: '$1M', assumptions: ['Labs'] },
    valueProposition: { core: 'Cheap', unique: ['Fast'] },
    pricing: { model: 'Fee', range: '6%', strategy: 'Free' },
    ycQuestions: { market: true, problem: true, solution: true, differentiation: false, traction: false },
  };
  const idea = `Lab gear resale ${unique()} [[first:1200]] [[reply64:${Buffer.from(JSON.stringify(summary)).toString('base64')}]]`;
  expect(idea.length, 'fits the landing idea box').toBeLessThanOrEqual(500);

  await landing.open();
  await landing.typeIdea(idea);
  await landing.analyzeButton.click();
  await expect(onboarding.analysing).toBeVisible();
  await expect(onboarding.ideaInput).toHaveValue(idea);
  await expect(onboarding.generateButton).toBeDisabled();
  await expect(page).toHaveURL(/\/onboarding\?analysis=\d+$/);
  await expect(onboarding.marketFigure('TAM')).toContainText('$4.2B');
  expect(analyses).toHaveLength(1);

  // Back leads to the idea, ready to change: it is not analysed again.
  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(onboarding.ideaInput).toHaveValue(idea);
  await expect(onboarding.generateButton).toBeEnabled();
  await expect(onboarding.analysing).toHaveCount(0);
  expect(analyses).toHaveLength(1);
});
