import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CheckoutPage } from './pages/CheckoutPage';
import { OnboardingPage } from './pages/OnboardingPage';
import { onAnotherDevice, registerAndLogIn } from './pages/session';
import { payCheckout, startCheckout } from './support/billing';
import { holdRequests } from './support/network';
import {
  GTM_PLAN as PLAN,
  IDEA_SUMMARY as SUMMARY,
  base64,
  unique,
} from './support/scriptedReplies';

// On a 390×844 phone, with payments on. The server without
// Stripe keys or a model has its own spec (phone.bare-server.spec.ts). The fake model answers
// "You said: <the message>" unless the message scripts a reply ([[reply64:...]] for JSON).

/** What every account gets for free, as both the pricing list and the About FAQ must say it. */
const FREE_TIER =
  'the startup idea analysis (no account needed), the GTM advice chat and your saved history';

test("a free user's 'GTM Advice' card opens the free chat, not the paywall, and the pricing list and the About FAQ say the same about what is free", async ({
  page,
  landing,
  pricing,
  chat,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  await landing.open();
  await expect(landing.toolCard('GTM Advice').locator('.tool-card__badge')).toHaveText('FREE');
  await expect(landing.toolCard('Generate Cold Emails').locator('.tool-card__badge')).toHaveText(
    'PRO',
  );
  await landing.toolCard('GTM Advice').click();
  await expect(page).toHaveURL(/\/chat$/);
  await chat.send('Which channel should I try first?');
  await expect(chat.replyText()).toHaveText('You said: Which channel should I try first?');

  // A PRO tool still leads a free user to pricing, where the list says what is free in the FAQ's words.
  await landing.open();
  await landing.toolCard('Build Your GTM Plan').click();
  await expect(page).toHaveURL(/\/pricing$/);
  const features = pricing.plan('Pro').locator('.plan-card__features li');
  await expect(features).toHaveCount(10);
  await expect(features.first()).toHaveText(`Everything in the free tier: ${FREE_TIER}`);
  await expect(pricing.plan('Pro').locator('.plan-card__features')).not.toContainText(
    'Unlimited GTM advice chat',
  );

  await page.goto('/about');
  const answer = page
    .locator('details.faq__item', { hasText: 'Is Pitchpad free?' })
    .locator('.faq__answer');
  await expect(answer).toContainText(`The free tier includes the core features: ${FREE_TIER}.`);
});

test("with payments on, the result page says 'Payment Successful!' only for a checkout paid at Stripe, not for none or one left unpaid", async ({
  page,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  const checkout = new CheckoutPage(page);

  await checkout.openResult();
  await expect(checkout.resultHeading('Payment Issue')).toBeVisible();
  await expect(checkout.resultHeading('Payment Successful!')).toHaveCount(0);

  // A checkout opened and left before paying: Stripe reports it open and unpaid.
  const sessionId = await startCheckout(page.request);
  await checkout.openResult(sessionId);
  await expect(checkout.resultHeading('Payment Issue')).toBeVisible();
  await expect(checkout.resultHeading('Payment Successful!')).toHaveCount(0);

  await payCheckout(page.request, sessionId);
  await checkout.openResult(sessionId);
  await expect(checkout.resultHeading('Payment Successful!')).toBeVisible();
});

test('saved items are named by what they are about, and renaming one renames its chat, on every device', async ({
  browser,
  page,
  flows,
  history,
  newAccount,
}) => {
  test.slow();
  const u = unique();
  await flows.openAsNewProUser(newAccount);

  // A cold email: named for the recipient and their company.
  await flows.openFlow('email');
  await flows.answerBox.fill(`Dana Ortiz ${u}, VP Sales at Freightly. Just raised a Series B`);
  await flows.button('Skip to Email').click();
  await expect(flows.replyText()).toContainText('You said:');
  const emailChat = page.url();
  const emailName = `Cold Email to Dana Ortiz ${u} at Freightly`;
  await expect(flows.title).toHaveText(emailName);

  // A GTM plan: named for the company.
  await flows.openFlow('gtmplan');
  await flows.answer(`Pipewise ${u}: a CRM for plumbers [[reply64:${base64(PLAN)}]]`);
  await flows.button('Next').click();
  await flows.answerBox.fill('Never miss a job call');
  await flows.button('Skip to Plan Generation').click();
  await expect(flows.replies.last()).toContainText(
    'Pipewise gives plumbing firms a CRM that answers every call.',
  );
  await expect(flows.title).toHaveText(`GTM Plan for Pipewise ${u}`);

  // An idea analysis: named for the idea.
  const onboarding = new OnboardingPage(page);
  await onboarding.open();
  await onboarding.ideaInput.fill(
    `Lab gear resale ${u} for university labs [[reply64:${base64(SUMMARY)}]]`,
  );
  await onboarding.generateButton.click();
  await expect(onboarding.marketFigure('TAM')).toContainText('$4.2B');

  await flows.open();
  await history.open();
  // The idea's name is its first 40 characters.
  await expect(history.names).toHaveText([
    `Idea: Lab gear resale ${u} for university ...`,
    `GTM Plan for Pipewise ${u}`,
    emailName,
  ]);

  // Renaming the email renames its chat: its header here, and its title on the server.
  const renamed = `Freightly ${u}, first touch`;
  await history.rename(emailName, renamed);
  await history.expectToast('Renamed');
  await history.item(renamed).locator('.history-item__open').click();
  await expect(page).toHaveURL(emailChat);
  await expect(flows.title).toHaveText(renamed);
  const sidebar = await flows.openSidebar();
  await expect(sidebar).toContainText(renamed.slice(0, 20));
  await expect(sidebar).not.toContainText(emailName.slice(0, 25));

  await onAnotherDevice(browser, newAccount, async (laptop) => {
    await laptop.goto(emailChat);
    await expect(laptop.locator('header.chat-header .chat-header__title')).toHaveText(renamed);
  });
});

/** Every text on screen, checked for the British spellings of 'analyze' ('analyses', the plural noun, is the same in both). */
async function expectUsSpelling(page: Page): Promise<void> {
  await expect(page.locator('body')).not.toContainText(/\banalys(?:e|ed|ing|er)\b/i);
}

test("one spelling of 'analyze' across the app, US English as the spec", async ({
  page,
  context,
  landing,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  for (const path of ['/', '/about', '/pricing']) {
    await page.goto(path);
    await landing.waitForApp();
    await expectUsSpelling(page);
  }
  const onboarding = new OnboardingPage(page);
  await onboarding.open();
  await onboarding.ideaInput.fill(`Lab gear resale ${unique()} [[reply64:${base64(SUMMARY)}]]`);
  const analysis = await holdRequests(page, '**/api/analyze-startup');
  await onboarding.generateButton.click();
  await expect(onboarding.analysing).toHaveText(/Analyzing your idea…/);
  await expectUsSpelling(page);
  analysis.release();
  await expect(onboarding.marketFigure('TAM')).toContainText('$4.2B');
  await expectUsSpelling(page);
  await onboarding.shareButton.click();
  await onboarding.expectToast('Copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    'Analyzed with Pitchpad',
  );
  await onboarding.exploreButton.click();
  await expect(page).toHaveURL(/\/auth\?redirect=chat$/);
  expect(await page.evaluate(() => localStorage.getItem('pendingMessage'))).toMatch(
    /^I analyzed my startup idea/,
  );
});

test("the offline cold email asks for the call its booking link books, and signs with the rep's name", async ({
  flows,
  newAccount,
}) => {
  const network = await flows.draftColdEmailOffline(newAccount, {
    recipient: `Priya Shah ${unique()}, Head of Ops at Tidal`,
    value: 'We halve the time ops teams spend on vendor onboarding',
    bookingLink: 'https://cal.com/ada/30min',
  });

  const draft = flows.page.locator('.flow-offline-draft');
  await expect(draft).toContainText('Offline draft');
  await expect(draft).toContainText(
    'Would a 30-minute call next week be useful? You can pick a time that suits you at https://cal.com/ada/30min',
  );
  await expect(draft).not.toContainText('20-minute');
  await expect(draft.locator('.message__bubble')).toContainText(/Best regards,\s*Ada Founder$/);
  await expect(draft.getByRole('link', { name: 'Open in mail app' })).toHaveAttribute(
    'href',
    /Best%20regards%2C%0D%0AAda%20Founder$/,
  );
  await network.goOnline();
});

test('a guest who taps a tool card is told why they are asked to sign in, and the free chat opens after it', async ({
  page,
  landing,
  auth,
  newAccount,
}) => {
  await landing.open();
  await landing.toolCard('Generate Cold Emails').click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=pricing$/);
  await expect(page.getByRole('note')).toHaveText(
    '“Generate Cold Emails” is a PRO tool. Log in or create a free account first; then you can upgrade to Pro to use it.',
  );

  await landing.open();
  await landing.toolCard('GTM Advice').click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=pricing$/);
  await expect(page.getByRole('note')).toHaveText(
    '“GTM Advice” is free with an account. Log in or create one, and the chat opens.',
  );
  // The reason stays on the Register tab, and the free chat opens once signed in.
  await auth.showTab('Register');
  await expect(page.getByRole('note')).toContainText('“GTM Advice” is free with an account.');
  await auth.register(newAccount);
  await expect(page).toHaveURL(/\/chat/);
  await expect(page.locator('header.chat-header .chat-header__title')).toHaveText('GTM Advice');

  // Opened another way, the sign-in screen gives no such reason. Registering signed the rep in
  // (and a signed-in rep opening /auth/login is sent on), so a guest in a browser of their own looks.
  const guest = await page
    .context()
    .browser()!
    .newPage({ baseURL: new URL(page.url()).origin, viewport: page.viewportSize() });
  await guest.goto('/auth/login');
  await expect(guest.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(guest.getByRole('note')).toHaveCount(0);
  await guest.close();
});

test("the call analysis's validation keeps the spec's texts, inline on the card, never a native alert", async ({
  page,
  flows,
  newAccount,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await flows.openAsNewProUser(newAccount);
  await flows.openFlow('call');
  await flows.answer('Too short to analyze');
  const message = flows.card.getByRole('alert');
  await expect(message).toHaveText(
    'Please provide a longer transcript for meaningful analysis (at least 50 characters)',
  );
  await expect(flows.answerBox).toHaveAttribute('aria-invalid', 'true');
  await flows.expectStep('Question 1 of 4');
  // It goes as the rep fixes the answer.
  await flows.answerBox.fill(
    'Rep: Thanks for joining. Prospect: Our reps lose two hours a day to CRM updates.',
  );
  await expect(message).toHaveCount(0);
  await flows.button('Next').click();
  await flows.expectStep('Question 2 of 4');
  expect(dialogs).toEqual([]);
});

test('the user menu and the mobile menu offer the same account entries, and each works', async ({
  page,
  chat,
  dashboard,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  const userMenu = await chat.openAccountMenu();
  await expect(userMenu.locator('ion-item')).toHaveText([
    'Dashboard',
    'Profile',
    'Sales kit',
    'Research',
    'Account',
    'Logout',
  ]);
  await userMenu.getByText('Dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const mobileMenu = page.locator('ion-popover.mobile-menu');
  await expect(mobileMenu.locator('ion-item')).toHaveText([
    'Home',
    'About',
    'Pricing',
    'Dashboard',
    'Profile',
    'Sales kit',
    'Research',
    'Account',
    'Logout',
  ]);
  await mobileMenu.getByText('Logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(dashboard.signInButton).toBeVisible();
});
