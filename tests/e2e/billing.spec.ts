import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CheckoutPage } from './pages/CheckoutPage';
import { registerAndLogIn } from './pages/session';
import { payCheckout, startCheckout, upgradeToPro } from './support/billing';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

const PAYMENT_ISSUE =
  'There was an issue processing your payment. Please contact support if you believe this is an error.';

/** Stand-ins for Stripe's own pages, which tests cannot reach: the browser only has to arrive there. */
async function fakeStripePages(page: Page) {
  await page.route(/^https:\/\/(checkout|billing)\.stripe\.test\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Stripe</title><h1>Stripe</h1>' }),
  );
}

test('a free user: pricing offers the upgrade, the PRO routes and cards lead to pricing, /pro pitches the plan', async ({
  page,
  pricing,
  landing,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  const checkout = new CheckoutPage(page);
  await checkout.blockStripeJs();

  await pricing.open();
  await expect(pricing.upgradeButton).toBeVisible();
  await expect(pricing.contactButton).toBeVisible();
  await expect(pricing.plan('Pro').getByRole('button', { name: 'Current Plan' })).toHaveCount(0);

  await page.goto('/pro/email');
  await expect(page).toHaveURL(/\/pricing$/);
  await pricing.expectToast('Pro Plan Required');
  await page.goto('/pro/gtm-advisor');
  await expect(page).toHaveURL(/\/pricing$/);

  await landing.open();
  await landing.toolCard('Build Your GTM Plan').click();
  await expect(page).toHaveURL(/\/pricing$/);

  await page.goto('/pro');
  await expect(page.getByRole('heading', { name: 'Your AI Head of Growth' })).toBeVisible();
  await expect(page.getByTestId('pro-price')).toContainText('$10');
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=pro&billing=monthly$/);
});

test('a free user keeps the free chat, but the guided flows and competitive intelligence are marked PRO and lead to pricing', async ({
  page,
  flows,
  pricing,
  newAccount,
}) => {
  await flows.openAsNewUser(newAccount);
  const sidebar = await flows.openSidebar();
  const menu = flows.flowMenu(sidebar);
  await expect(menu.getByRole('button', { name: /Create Cold Email/ })).toContainText('PRO');
  await expect(menu.getByRole('link', { name: /Competitive Intelligence/ })).toContainText('PRO');
  await menu.getByRole('button', { name: /Create Cold Email/ }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await pricing.expectToast('Pro Plan Required');

  // A link straight into a flow, or to the competitive tool, gets the same answer.
  await page.goto('/chat?flow=gtmplan');
  await expect(page).toHaveURL(/\/pricing$/);
  // The debrief's flows are Pro flows like the others.
  await page.goto('/chat?flow=followup');
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goto('/competitive');
  await expect(page).toHaveURL(/\/pricing$/);

  // The free chat is open to them.
  await flows.open();
  await flows.send('Which channel should I try first?');
  await expect(flows.replyText()).toContainText('Which channel should I try first?');
});

test('once the user pays, the menu drops the PRO marks and the flows open', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.openAsNewProUser(newAccount);
  const sidebar = await flows.openSidebar();
  const menu = flows.flowMenu(sidebar);
  await expect(menu.getByText('PRO', { exact: true })).toHaveCount(0);
  await menu.getByRole('button', { name: /Create Cold Email/ }).click();
  await expect(page).toHaveURL(/\/chat\?flow=email$/);
  await expect(flows.card).toBeVisible();
});

test('a guest opening a PRO route is sent to log in, then to pricing', async ({ page }) => {
  await page.goto('/pro/gtm-advisor');
  await expect(page).toHaveURL(/\/auth\?redirect=pricing$/);
  await page.goto('/checkout-auth');
  await expect(page).toHaveURL(/\/login-pro$/);
  await expect(page.getByRole('heading', { name: 'Log in to upgrade to Pro' })).toBeVisible();
});

test('a Pro user (made so by signed webhooks): Current Plan, the PRO tools open, the dashboard manages the card', async ({
  page,
  pricing,
  landing,
  dashboard,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  await upgradeToPro(page.request);
  await fakeStripePages(page);

  await pricing.open();
  await expect(pricing.currentPlanButton).toBeVisible();
  await pricing.currentPlanButton.click();
  await pricing.expectToast('Already Subscribed');
  await expect(page).toHaveURL(/\/$/);

  await landing.toolCard('Build Your GTM Plan').click();
  await expect(page).toHaveURL(/\/pro\/gtm-advisor\?flow=gtmplan$/);
  await page.goto('/pro/gtm-advisor');
  await expect(page).toHaveURL(/\/pro\/gtm-advisor$/);
  await expect(page.getByPlaceholder('Type your message...')).toBeVisible();

  await page.goto('/pro');
  await expect(page.getByRole('heading', { name: 'Your PRO tools' })).toBeVisible();

  await dashboard.open();
  await expect(dashboard.subscription).toContainText('PRO Plan');
  await expect(dashboard.subscription.locator('.feature-list li')).toHaveCount(10);
  await dashboard.subscription.getByRole('button', { name: 'Manage Payment Method' }).click();
  await expect(page).toHaveURL(/^https:\/\/billing\.stripe\.test\/p\/session\//);
});

test('checkout with Stripe.js unreachable says so and leads back to pricing; a bare /checkout gets the defaults', async ({
  page,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  const checkout = new CheckoutPage(page);
  await checkout.blockStripeJs();

  await checkout.open('/checkout');
  await expect(page).toHaveURL(/\/checkout\?plan=pro&billing=monthly$/);
  await expect(checkout.errorHeading).toBeVisible();
  await expect(checkout.errorMessage).toHaveText('Failed to load payment processor.');
  await checkout.backToPricing.click();
  await expect(page).toHaveURL(/\/pricing$/);

  await checkout.open('/checkout/embedded?plan=pro&billing=monthly');
  await expect(checkout.errorMessage).toHaveText('Failed to load payment processor.');
  await expect(
    page.getByRole('link', { name: "Pay on Stripe's checkout page instead" }),
  ).toBeVisible();
});

test('checkout for a guest asks to log in first', async ({ page, auth }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/auth\?redirect=checkout$/);
  await auth.expectToast('Login Required', 'Please log in to continue with checkout.');
});

test('/checkout-pro picks the monthly Pro plan', async ({ page, newAccount }) => {
  await registerAndLogIn(page.request, newAccount);
  await new CheckoutPage(page).blockStripeJs();
  await page.goto('/checkout-pro');
  await expect(page).toHaveURL(/\/checkout\?plan=pro&billing=monthly$/);
});

test('the payment result: success for a paid checkout, an issue for an unknown one or a lost connection', async ({
  page,
  dashboard,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  const checkout = new CheckoutPage(page);

  // A lost connection is not a success.
  await page.route('**/api/checkout-session/**', (route) => route.abort('internetdisconnected'));
  const sessionId = await startCheckout(page.request);
  await checkout.openResult(sessionId);
  await expect(checkout.resultHeading('Payment Issue')).toBeVisible();
  await expect(page.getByText(PAYMENT_ISSUE)).toBeVisible();
  await expect(checkout.resultLink('Go to Dashboard')).toBeVisible();
  await page.unroute('**/api/checkout-session/**');

  // Somebody else's (or no such) session is an issue too.
  await checkout.openResult('cs_test_unknown');
  await expect(checkout.resultHeading('Payment Issue')).toBeVisible();
  await checkout.resultLink('Try Again').click();
  await expect(page).toHaveURL(/\/pricing$/);

  // Paid at Stripe: the result page confirms it, and the plan is there at once.
  await payCheckout(page.request, sessionId);
  await checkout.openResult(sessionId);
  await expect(checkout.resultHeading('Payment Successful!')).toBeVisible();
  await expect(checkout.resultLink('Return Home')).toBeVisible();
  await checkout.resultLink('Get Started').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dashboard.subscription).toContainText('PRO Plan');
});

test('the alternative checkout shows the price and hands over to Stripe; a failure says so', async ({
  page,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  const checkout = new CheckoutPage(page);
  await fakeStripePages(page);

  await checkout.open('/simple-checkout');
  await expect(checkout.summaryPrice).toContainText('$10');
  await page.route('**/api/create-checkout-session', (route) =>
    route.abort('internetdisconnected'),
  );
  await checkout.continueButton.click();
  await checkout.expectToast(
    'Checkout Failed',
    'Unable to start checkout process. Please try again.',
  );
  await page.unroute('**/api/create-checkout-session');

  await checkout.open('/stripe-checkout');
  await checkout.continueButton.click();
  await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/);
});

test('/login-pro logs in and goes on to checkout', async ({ page, auth, newAccount }) => {
  const checkout = new CheckoutPage(page);
  await checkout.blockStripeJs();
  await registerAndLogIn(page.request, newAccount);
  await page.request.post('/api/auth/logout', {
    headers: {
      'x-csrf-token': (
        (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string }
      ).csrfToken,
    },
  });

  await page.goto('/login-pro');
  await auth.logIn(newAccount.username, newAccount.password);
  await expect(page).toHaveURL(/\/checkout\?plan=pro&billing=monthly$/);
});
