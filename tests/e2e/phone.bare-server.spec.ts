import { randomUUID } from 'node:crypto';
import { uniqueCredentials } from '../factories/users';
import { expect, test } from './fixtures';
import { ChatPage } from './pages/ChatPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { DebriefPage } from './pages/DebriefPage';
import { FlowPage } from './pages/FlowPage';
import { OnboardingPage } from './pages/OnboardingPage';
import { logIn, onAnotherDevice, registerAndLogIn } from './pages/session';
import { AppPage } from './pages/AppPage';
import { startBareServer, type BareServer } from './support/bareServer';
import { expectNoSidewaysScroll } from './support/layout';
import { fullBrowser } from './support/browser';

// Its debrief is recorded with a microphone (the fake one), which only the full browser gives.
test.use(fullBrowser);

// A server as a fresh install runs it, with no Stripe keys and no model
// (and nothing at the local model address). This spec runs that server itself (support/bareServer.ts)
// on a port next to the suite's; its Pro account runs the server (it opened the setup link) and was
// granted Pro from the shell with `npm run grant-pro`, beside the running server.

const PORT = Number(process.env.E2E_PORT ?? 8091) + 6;

let bare: BareServer;
/** An account the operator made Pro before the tests. */
const proAccount = { name: 'Ada Founder', ...uniqueCredentials('ada') };

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  bare = await startBareServer(PORT, {
    proAccount,
    clientIp: '203.0.113.250',
    operator: true,
  });
});
test.afterAll(async () => {
  await bare?.stop();
});

// A browser is needed: the pricing page's button is prerendered and then redrawn for the server's
// offer, and the operator's screen and the rep's open app are two sessions at once.
test("without payments every account gets every tool and no page shows a disabled Upgrade; the operator narrows it to granted accounts from the browser, counted on the rep's open app at once", async ({
  page,
  browser,
  pricing,
  newAccount,
}) => {
  expect(bare.server.log).toContain('model:    Offline drafter');
  const everyTool = 'Every tool is included on this server.';

  // A guest on pricing and /pro: what the server offers, and a way in, never a disabled button.
  await pricing.open();
  await expect(page.getByRole('note')).toContainText(everyTool);
  await expect(pricing.plan('Pro')).toContainText('Included on this server');
  await expect(pricing.plan('Pro').getByRole('button')).toHaveText('Create a free account');
  await expect(page.locator('button:disabled')).toHaveCount(0);
  await page.goto('/pro');
  await expect(page.getByRole('note')).toContainText(everyTool);
  await expect(page.getByRole('button', { name: 'Create a free account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toHaveCount(0);

  // Signed in: the tools are open (no PRO badge), pricing leads to them, and a checkout page
  // reached by its address says payments are off instead of a form that can only fail.
  await registerAndLogIn(page.request, newAccount);
  await pricing.open();
  await expect(pricing.plan('Pro').getByRole('button')).toHaveText('Open your tools');
  const chat = new ChatPage(page);
  await page.goto('/chat');
  await expect(chat.toolCards.first()).toBeVisible();
  await expect(chat.toolCards.locator('.pro-badge')).toHaveCount(0);
  const checkout = new CheckoutPage(page);
  for (const path of ['/simple-checkout', '/checkout?plan=pro&billing=monthly']) {
    await checkout.open(path);
    await expect(page.getByRole('heading', { name: 'Payments are not set up yet' })).toBeVisible();
    await expect(checkout.continueButton).toHaveCount(0);
  }
  for (const sessionId of [undefined, 'cs_test_made_up']) {
    await checkout.openResult(sessionId);
    await expect(page.getByRole('heading', { name: 'Payments are not set up yet' })).toBeVisible();
    await expect(checkout.resultHeading('Payment Successful!')).toHaveCount(0);
  }

  await onAnotherDevice(browser, proAccount, async (operator) => {
    // The operator keeps the tools for the accounts they grant only.
    await operator.goto('/settings/plans');
    await operator.getByRole('radio', { name: /Only the accounts I grant/ }).check();
    await new AppPage(operator).expectToast('Plans saved');
    await expect(operator.getByRole('list', { name: 'Granted Pro' })).toContainText(
      proAccount.username,
    );

    // The rep's open app: the tools now say PRO, and pricing says who gives Pro.
    await page.goto('/chat');
    await expect(chat.toolCards.locator('.pro-badge').first()).toHaveText('PRO');
    await pricing.open();
    await expect(page.getByRole('note')).toContainText('given by whoever runs it');
    await expect(pricing.plan('Pro')).toContainText('Ask whoever runs this server');
    await expect(page.locator('button:disabled')).toHaveCount(0);
    await page.goto('/chat');
    await expect(chat.toolCards.locator('.pro-badge').first()).toHaveText('PRO');

    // Found by email, granted: the rep's next tap on the PRO card opens the flow, with no reload.
    await operator.getByLabel('Find an account by name or email').fill(newAccount.email);
    const row = operator.getByRole('list', { name: 'Accounts found' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Free tools only');
    await row.getByRole('button', { name: /^Grant Pro to/ }).click();
    await expect(row).toContainText('Pro, granted');
    const card = chat.toolCards.filter({ hasText: 'Generate Cold Emails' });
    await card.scrollIntoViewIfNeeded();
    await card.tap();
    await expect(page).toHaveURL(/\/chat\?flow=email$/);
    await new FlowPage(page).expectStep('Question 1 of 3', 'Who are you writing to?');

    // Back to every account, as the rest of this file's stories expect.
    await operator.getByRole('radio', { name: /Every account gets every tool/ }).check();
    await new AppPage(operator).expectToast('Plans saved');
  });
});

test('with no model, the cold email appears once, a GTM plan drafted without one says which sections need research, and the idea analysis is a worksheet', async ({
  page,
}) => {
  const flows = new FlowPage(page);
  const u = randomUUID().slice(0, 8);
  await logIn(page.request, proAccount);

  // The cold email: the server's drafter writes it, signed with the rep's name; no second draft of the phone's own.
  await flows.openFlow('email');
  await flows.answer(`Dana Ortiz ${u}, VP Sales at Freightly. Just raised a Series B`);
  await flows.answer('We cut new-rep ramp time from 6 months to 10 weeks');
  await flows.answer('https://cal.com/ada/30min', 'Generate Email');
  await flows.expectToast(
    'Cold Email Generated',
    'Your personalized cold email has been created successfully.',
  );
  await expect(flows.replyText()).toContainText('Subject: Idea for Freightly');
  await expect(flows.replyText()).toContainText('Would a 30-minute call next week be useful?');
  await expect(flows.replyText()).toContainText('Ada Founder');
  await expect(flows.replies).toHaveCount(1);
  await expect(page.locator('.flow-offline-draft')).toHaveCount(0);
  await expect(page.getByText('Subject: Idea for Freightly')).toHaveCount(1);
  await page.reload();
  await expect(page.getByText('Subject: Idea for Freightly')).toHaveCount(1);

  // The GTM plan: drafted from the answers, saying which sections need research, never 'created successfully'.
  await flows.openFlow('gtmplan');
  await flows.answer(`Pipewise ${u}: a CRM for plumbers`);
  await flows.button('Next').click();
  await flows.answerBox.fill('Never miss a job call');
  await flows.button('Skip to Plan Generation').click();
  const plan = flows.replies.last();
  await expect(plan.getByRole('heading', { name: 'Go-to-Market Plan', level: 1 })).toBeVisible();
  const summary = plan.locator('blockquote');
  await expect(summary).toContainText(
    /Drafted from your answers without a language model\. \d+ sections need your research: .*SAM, SOM/,
  );
  await flows.expectToast('GTM Plan Drafted', 'sections need your research:');
  await expect(flows.toast).toContainText('Financial Projections');
  await expect(flows.toast).not.toContainText('created successfully');
  await expect(plan).toContainText('Never miss a job call');

  // The idea analysis: a worksheet, labelled as one, never a red error naming a variable.
  const onboarding = new OnboardingPage(page);
  await onboarding.open();
  await onboarding.ideaInput.fill(`A marketplace for used lab equipment ${u}`);
  await onboarding.generateButton.click();
  await expect(
    page.getByRole('note').filter({ hasText: 'Worksheet — no AI model is connected' }),
  ).toBeVisible();
  await expect(
    page.getByText(
      'Who exactly has the problem behind your marketplace, and how do they solve it today?',
    ),
  ).toBeVisible();
  await expect(onboarding.formError).toHaveCount(0);
  await expect(page.getByText(/OPENAI|_API_KEY/)).toHaveCount(0);
});

test("with no model, the value proposition flow offers three propositions quoting the rep's answers, labelled as drafts, and the pitch outline starts from the one picked", async ({
  page,
}) => {
  const flows = new FlowPage(page);
  const u = randomUUID().slice(0, 8);
  await logIn(page.request, proAccount);
  await flows.openFlow('playbook');
  await flows.option('I have customers').click();
  await flows.answer(`A close tool ${u} for finance teams`);
  await flows.answer('Month-end close takes nine days');
  await flows.answer('Accountants');
  await flows.answer('The CFO');
  await expect(
    page.getByText("you'll get value propositions drafted from your answers"),
  ).toBeVisible();
  await flows.answer('Bank feeds, auto-matching', 'Create Sales Pitch');

  await flows.expectStep('Question 7 of 7', 'Which value proposition fits best?');
  await expect(
    flows.card.getByText(
      'Drafted from your answers without a language model: pick the closest, then say it in your own words in the chat.',
    ),
  ).toBeVisible();
  await expect(flows.card.locator('.flow-card--option')).toHaveText([
    `For Accountants: no more “Month-end close takes nine days”, with a close tool ${u} for finance teams.`,
    `“Month-end close takes nine days”? A close tool ${u} for finance teams solves it for the CFO.`,
    `What a close tool ${u} for finance teams brings the CFO: “Bank feeds, auto-matching”.`,
  ]);
  await expect(flows.card).not.toContainText('Save your team hours');
  await flows
    .option(
      `“Month-end close takes nine days”? A close tool ${u} for finance teams solves it for the CFO.`,
    )
    .click();
  await expect(flows.replyText()).toContainText('Sales pitch outline');
  await expect(flows.replyText()).toContainText(
    `“Month-end close takes nine days”? A close tool ${u} for finance teams solves it for the CFO.`,
  );
  await expect(flows.replyText()).not.toContainText('general value propositions');
});

test('with no model, the worksheet works out a bottom-up market size as the founder types, keeps it over a reload, and explains a bad number', async ({
  page,
}) => {
  const onboarding = new OnboardingPage(page);
  await onboarding.open();
  await onboarding.ideaInput.fill('Scheduling software for veterinary clinics');
  await onboarding.generateButton.click();
  const result = page.getByTestId('market-size-result');
  await expect(result).toHaveText('Enter both numbers to see your market size.');
  await page.getByRole('textbox', { name: 'Customers who could buy' }).fill('2,000');
  await page.getByRole('textbox', { name: 'They are (optional)' }).fill('clinics');
  await page.getByRole('textbox', { name: 'What one pays per year' }).fill('$1,200');
  await expect(result).toHaveText('2,000 clinics × $1,200/year = $2.4M a year');
  // A reload keeps the worksheet and what was typed on it.
  await page.reload();
  await expect(result).toHaveText('2,000 clinics × $1,200/year = $2.4M a year');
  // A bad number is explained when the founder leaves the field, not while they type.
  await page.getByRole('textbox', { name: 'Customers who could buy' }).fill('lots');
  await expect(page.getByText('“lots” is not a number. Enter digits, like 2,000.')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Customers who could buy' }).blur();
  await expect(page.getByText('“lots” is not a number. Enter digits, like 2,000.')).toBeVisible();
  await expect(result).toHaveText('Fix the number above to see your market size.');
  await page.getByRole('radio', { name: /Per seat/ }).check();
  await expect(page.getByRole('radio', { name: /Per seat/ })).toBeChecked();
  await expectNoSidewaysScroll(page, 'the idea worksheet');
});

test("the chat without a model answers 'write a cold email to Dana Ortiz at Freightly' with a button that opens the cold email flow, recipient filled", async ({
  page,
}) => {
  await logIn(page.request, proAccount);
  // Every address the page asks for or goes to after the reply: the name is in none of them.
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  page.on('framenavigated', (frame) => addresses.push(frame.url()));
  const chat = new ChatPage(page);
  await chat.open();
  await chat.send('write a cold email to Dana Ortiz at Freightly');
  const button = chat.replies
    .last()
    .getByRole('button', { name: 'Write the cold email to Dana Ortiz at Freightly' });
  await expect(button).toBeVisible();
  await expect(chat.replyText()).not.toContainText(/OPENAI|restart/);
  await button.click();
  const flows = new FlowPage(page);
  await expect(flows.question).toHaveText('Who are you writing to?');
  await expect(flows.answerBox).toHaveValue('Dana Ortiz at Freightly');
  // The name never was in an address (it came in the history entry's state); a reload keeps the
  // answer in the draft.
  await expect(page).toHaveURL(/\/chat\?flow=email$/);
  await page.reload();
  await expect(flows.answerBox).toHaveValue('Dana Ortiz at Freightly');
  expect(addresses.filter((address) => /dana|ortiz/i.test(decodeURIComponent(address)))).toEqual(
    [],
  );
});

test('with no speech model, a debrief stays on the phone, playable, says what transcription needs, and the notes typed beside it open the chat', async ({
  page,
  context,
  newAccount,
}) => {
  await context.grantPermissions(['microphone'], { origin: `http://127.0.0.1:${PORT}` });
  await registerAndLogIn(page.request, newAccount);
  const debrief = new DebriefPage(page);
  await debrief.open();
  await expect(page.getByRole('note')).toContainText('Transcription needs a speech model.');
  // A rep is told who can connect one, never a setting's name.
  await expect(page.getByRole('note')).toContainText('Whoever runs this Pitchpad server');
  await expect(page.getByRole('note')).not.toContainText('TRANSCRIBE');
  await debrief.meeting.fill('Freightly');
  await debrief.record(page.locator('.debrief-new'));
  const card = debrief.recording('Meeting with Freightly');
  await card.getByRole('button', { name: 'Transcribe' }).click();
  // The server has no speech model: the recording waits on the phone with the reason, playable.
  await expect(card.getByRole('alert')).toContainText('Transcription needs a speech model');
  await expect(card.locator('audio')).toHaveCount(1);
  await expectNoSidewaysScroll(page, 'a debrief waiting for a speech model');

  await card.getByRole('textbox', { name: 'Your notes' }).fill('Dana wants a pilot in March.');
  await card.getByRole('button', { name: /Ask Pitchpad/ }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(new ChatPage(page).input).toHaveValue('Dana wants a pilot in March.');
  // Still there, until the rep deletes it.
  await debrief.open();
  await expect(debrief.recording('Meeting with Freightly')).toContainText(
    'Transcription needs a speech model',
  );
});
