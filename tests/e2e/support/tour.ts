import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { AppPage } from '../pages/AppPage';
import type { NewAccount } from '../pages/AuthPage';
import { CheckoutPage } from '../pages/CheckoutPage';
import { CompetitivePage } from '../pages/CompetitivePage';
import { FlowPage } from '../pages/FlowPage';
import { HistorySheet } from '../pages/HistorySheet';
import { OnboardingPage } from '../pages/OnboardingPage';
import { registerAndLogIn } from '../pages/session';
import { upgradeToPro } from './billing';
import { Network } from './network';
import { COMPETITORS, GTM_PLAN, IDEA_SUMMARY, RICH_REPLY, base64, unique } from './scriptedReplies';

/**
 * Every screen of the app, as a rep reaches it on a phone, with a check run on each (axe-core, tap
 * targets, sideways scrolling): `check(name)` is called with the screen on display. Split by who is
 * looking (a guest, a free user, a Pro user), so each part fits a test's time.
 */
export type ScreenCheck = (screen: string) => Promise<void>;

/**
 * A tour's time limit. Here a tour takes 35–70 s; CI's machine is about 1.7× slower and shares its two
 * cores with the other worker's test, and there tours ran past 120 s and 180 s while every screen
 * passed. A tour waits on nothing but the app, so a generous limit costs nothing when it passes.
 */
export const TOUR_TIMEOUT_MS = 300_000;

/** Opens the header's account menu or the mobile menu, checks it, and closes it again. */
async function checkMenus(
  page: Page,
  check: ScreenCheck,
  where: string,
  signedIn: boolean,
): Promise<void> {
  const app = new AppPage(page);
  if (signedIn) {
    const menu = await app.openAccountMenu();
    await check(`${where}: account menu`);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }
  await app.header.getByRole('button', { name: 'Open menu' }).click();
  const mobileMenu = page.locator('ion-popover.mobile-menu');
  await expect(mobileMenu).toBeVisible();
  await check(`${where}: mobile menu`);
  await page.keyboard.press('Escape');
  await expect(mobileMenu).toBeHidden();
}

/** A guest: the public pages, sign-in, the 404 screen and the idea analysis. */
export async function tourAsGuest(page: Page, check: ScreenCheck): Promise<void> {
  const app = new AppPage(page);
  await page.goto('/');
  await app.waitForApp();
  await check('landing');
  await checkMenus(page, check, 'landing', false);
  await page.goto('/about');
  await app.waitForApp();
  await check('about');
  await page.goto('/pricing');
  await app.waitForApp();
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
  await check('pricing');
  await page.goto('/auth/login');
  await app.waitForApp();
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await check('sign in');
  await page.goto('/auth/register');
  await app.waitForApp();
  await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
  await check('register');
  await page.goto('/auth/forgot');
  await expect(page.getByRole('heading', { name: /forgot/i })).toBeVisible();
  await check('forgot password');
  await page.goto('/auth/reset?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await check('reset password');
  await page.goto('/login-pro');
  await expect(page.getByRole('heading', { name: 'Log in to upgrade to Pro' })).toBeVisible();
  await check('login for Pro');
  await page.goto(`/no-such-page-${unique()}?from=tour`);
  await app.waitForApp();
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await check('404');

  const onboarding = new OnboardingPage(page);
  await onboarding.open();
  await expect(onboarding.heading).toBeVisible();
  await check('idea analysis: the form');
  await onboarding.ideaInput.fill(
    `Lab gear resale ${unique()} [[reply64:${base64(IDEA_SUMMARY)}]]`,
  );
  await onboarding.generateButton.click();
  await expect(onboarding.marketFigure('TAM')).toBeVisible();
  for (const tab of ['Market Size', 'Value Prop', 'Pricing', 'YC Checklist'] as const) {
    await onboarding.showTab(tab);
    await check(`idea analysis: ${tab}`);
  }
  await expect(onboarding.savePrompt).toBeVisible();
  await check('idea analysis: the save prompt');
}

/** A free user: dashboard, the chat with a streamed reply, a message queued offline, its drawer, history, menus, pricing and checkout. */
export async function tourAsFreeUser(
  page: Page,
  account: NewAccount,
  check: ScreenCheck,
): Promise<void> {
  await registerAndLogIn(page.request, account);
  await tourSignedIn(page, check, 'free');

  const chat = new FlowPage(page);
  await chat.open();
  const network = new Network(page.context());
  await network.goOffline();
  await chat.send(`Queued while offline ${unique()}`);
  await expect(chat.queuedMessages).toHaveCount(1);
  await check('free: a message queued offline');
  await network.goOnline();
  await expect(chat.queuedMessages).toHaveCount(0);

  // A PRO flow from the drawer: pricing, with the warning toast and its Upgrade action.
  const sidebar = await chat.openSidebar();
  await chat
    .flowMenu(sidebar)
    .getByRole('button', { name: /Create Cold Email/ })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  await new AppPage(page).expectToast('Pro Plan Required');
  await check('free: the Pro Plan Required toast');

  const checkout = new CheckoutPage(page);
  await checkout.blockStripeJs();
  await page.goto('/pricing');
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
  await check('free: pricing');
  await page.goto('/pro');
  await expect(page.getByRole('heading', { name: 'Your AI Head of Growth' })).toBeVisible();
  await check('free: the Pro pitch');
  await checkout.open('/checkout?plan=pro&billing=monthly');
  await expect(checkout.errorHeading.or(checkout.continueButton)).toBeVisible();
  await check('free: checkout');
  await page.goto('/simple-checkout');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await check('free: the alternative checkout');
  await checkout.openResult('cs_not_a_real_session');
  await expect(checkout.resultHeading('Payment Issue')).toBeVisible();
  await check('free: payment result');
}

/** What every signed-in user sees: the dashboard, the chat, the history sheet and the menus. */
async function tourSignedIn(page: Page, check: ScreenCheck, who: string): Promise<void> {
  const chat = new FlowPage(page);
  await page.goto('/dashboard');
  await expect(page.getByText('Member Since')).toBeVisible();
  await check(`${who}: dashboard`);
  await checkMenus(page, check, `${who}: dashboard`, true);

  await chat.open();
  await expect(chat.input).toBeVisible();
  await check(`${who}: an empty chat`);
  // Base64: the input bar is one line, and a table needs several.
  await chat.send(
    `What should I do first? ${unique()} [[delay:5]] [[reply64:${Buffer.from(RICH_REPLY).toString('base64')}]]`,
  );
  await expect(chat.replies.last().getByRole('region', { name: 'Table' })).toBeVisible();
  await expect(chat.regenerateButton).toBeVisible();
  await check(`${who}: a chat with a streamed reply`);
  await chat.openSidebar();
  await check(`${who}: the conversations drawer`);
  await page.keyboard.press('Escape');

  const history = new HistorySheet(page);
  await page.goto('/chat');
  await history.open();
  await check(`${who}: the history sheet`);
  await history.close();

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'What you sell' })).toBeVisible();
  await check(`${who}: the profile`);
  await page.goto('/kit');
  await expect(page.getByRole('heading', { name: 'Sales kit' })).toBeVisible();
  await check(`${who}: the sales kit`);
  await page.goto('/debrief');
  await expect(page.getByRole('heading', { name: 'Debrief a meeting' })).toBeVisible();
  await check(`${who}: the debrief`);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  // Its lists loaded: this device is listed, the passkeys say whether there are any.
  await expect(page.locator('.account-device__this')).toBeVisible();
  await check(`${who}: the account`);
}

/** A Pro user: each guided flow and its result, and the history that keeps them. */
export async function tourProFlows(
  page: Page,
  account: NewAccount,
  check: ScreenCheck,
  flows: readonly FlowName[] = FLOW_NAMES,
): Promise<void> {
  await registerAndLogIn(page.request, account);
  await upgradeToPro(page.request);
  const flow = new FlowPage(page);
  for (const name of flows) await FLOWS[name](flow, check);
  const history = new HistorySheet(page);
  await history.open();
  await expect(history.items.first()).toBeVisible();
  await check('Pro: the history sheet with saved workflows');
  await history.startRename(await history.names.first().innerText());
  await check('Pro: renaming a saved workflow');
  await page.keyboard.press('Escape');
}

/** Walks a flow, checking its first step, a choice step where it has one, and its result. */
const FLOWS = {
  async playbook(flow: FlowPage, check: ScreenCheck) {
    await flow.openFlow('playbook');
    await check('value proposition: the founding-journey cards');
    await flow.option('I have a product').click();
    await flow.answer(
      `A CRM for plumbers ${unique()} [[reply:1. Never miss a job call\n2. Quote jobs in minutes\n3. Get paid the same day]]`,
    );
    await check('value proposition: a text step');
    for (const text of ['Missed calls', 'Plumbers', 'Owners']) await flow.answer(text);
    await flow.answer('Call capture', 'Create Sales Pitch');
    await expect(flow.option('Quote jobs in minutes')).toBeVisible();
    await check('value proposition: the generated options');
    await flow.option('Quote jobs in minutes').click();
    await expect(flow.resultActions).toBeVisible();
    await check('value proposition: the sales pitch');
  },
  async email(flow: FlowPage, check: ScreenCheck) {
    await flow.openFlow('email');
    await check('cold email: the first step');
    await flow.answer(`Dana Ortiz ${unique()}, VP Sales at Freightly`);
    await flow.answer('We cut ramp time to 10 weeks');
    await flow.answer('https://cal.com/ada/20min', 'Generate Email');
    await expect(flow.resultActions).toBeVisible();
    await check('cold email: the email');
  },
  async demo(flow: FlowPage, check: ScreenCheck) {
    await flow.openFlow('demo');
    await flow.answer(`Acme ${unique()}`);
    await flow.answer('Field-service software');
    await expect(flow.choice('SaaS')).toBeChecked();
    await check('customer persona: the industry choice');
    await flow.button('Next').click();
    for (const text of ['Small firms', 'Owner', 'Word of mouth']) await flow.answer(text);
    await flow.answer('Missed calls');
    await flow.answer('Spreadsheets', 'Create Personas');
    await expect(flow.resultActions).toBeVisible();
    await check('customer persona: the personas');
  },
  async call(flow: FlowPage, check: ScreenCheck) {
    await flow.openFlow('call');
    await check('call analysis: the transcript');
    await flow.answer(
      `Rep: Thanks for joining. Prospect: Our reps lose two hours a day to CRM updates ${unique()}.`,
    );
    await check('call analysis: the call type');
    await flow.button('Skip to analysis with current information').click();
    await expect(flow.resultActions).toBeVisible();
    await check('call analysis: the analysis');
  },
  async objection(flow: FlowPage, check: ScreenCheck) {
    await flow.openFlow('objection');
    await check('objection handling: the audience');
    await flow.button('Next').click();
    for (const text of [`A CRM ${unique()}`, 'Too expensive', 'ServiceTitan'])
      await flow.answer(text);
    await flow.answer('Plumbing firms', 'Create Objection Guide');
    await expect(flow.resultActions).toBeVisible();
    await check('objection handling: the guide');
  },
  async gtmplan(flow: FlowPage, check: ScreenCheck) {
    await flow.openFlow('gtmplan');
    await check('GTM plan: the first step');
    await flow.answer(`Pipewise ${unique()}: a CRM for plumbers [[reply64:${base64(GTM_PLAN)}]]`);
    await flow.button('Next').click();
    await flow.answerBox.fill('Never miss a job call');
    await flow.button('Skip to Plan Generation').click();
    await expect(flow.replies.last().getByRole('table')).toBeVisible();
    await expect(flow.page.locator('.pitch-deck-card')).toBeVisible();
    await check('GTM plan: the plan and the pitch-deck card');
  },
  async followup(flow: FlowPage, check: ScreenCheck) {
    await flow.openFlow('followup');
    await check('follow-up email: the meeting notes');
    await flow.answer(
      `Dana Ortiz: Ramp time is our biggest problem ${unique()}.\nAda: I will send the pilot proposal by Friday.`,
    );
    await flow.answer('Dana Ortiz, VP Sales at Freightly');
    await flow.answer('I send the pilot proposal by Friday');
    await check('follow-up email: the booking link');
    await flow.answer('https://cal.com/ada/20min', 'Write Follow-up');
    await expect(flow.resultActions).toBeVisible();
    await check('follow-up email: the email');
  },
  async crmnote(flow: FlowPage, check: ScreenCheck) {
    await flow.openFlow('crmnote');
    await flow.answer(
      `Dana Ortiz: We are worried about the price ${unique()}.\nAda: I will send the pilot proposal by Friday.`,
    );
    await flow.answer('Freightly');
    await check('CRM note: the meeting date');
    await flow.answer('', 'Write CRM Note');
    await expect(flow.resultActions.getByRole('button', { name: 'Copy for CRM' })).toBeVisible();
    await check('CRM note: the note');
  },
} as const;

export type FlowName = keyof typeof FLOWS;
export const FLOW_NAMES = Object.keys(FLOWS) as FlowName[];
/** The flows in two halves, one test each, so the two workers share a long tour. */
export const FLOW_HALVES = [FLOW_NAMES.slice(0, 4), FLOW_NAMES.slice(4)] as const;

/** A Pro user: dashboard, chat, menus, competitive intelligence with its matrix, /pro, pricing and the payment result. */
export async function tourProTools(
  page: Page,
  account: NewAccount,
  check: ScreenCheck,
): Promise<void> {
  await registerAndLogIn(page.request, account);
  const paidSession = await upgradeToPro(page.request);
  await tourSignedIn(page, check, 'Pro');

  const competitive = new CompetitivePage(page);
  await page.goto('/competitive');
  await expect(competitive.heading).toBeVisible();
  await check('competitive intelligence: the form');
  await competitive.analyzeButton.click();
  await competitive.expectToast('Input Required');
  await check('competitive intelligence: the Input Required toast');
  await competitive.analyze(
    `Team chat for shift workers ${unique()} [[reply64:${base64(COMPETITORS)}]]`,
  );
  await expect(competitive.matrix.getByRole('row')).toHaveCount(3);
  await check('competitive intelligence: grid, matrix and insights');

  await page.goto('/pro');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await check('Pro: the Pro tools');
  await page.goto('/pricing');
  await expect(page.getByRole('button', { name: 'Current Plan' })).toBeVisible();
  await check('Pro: pricing');
  const checkout = new CheckoutPage(page);
  await checkout.openResult(paidSession);
  await expect(checkout.resultHeading('Payment Successful!')).toBeVisible();
  await check('Pro: payment result');
}
