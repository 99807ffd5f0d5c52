import { expect, test } from './fixtures';
import { registerAndLogIn } from './pages/session';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

test('the pricing page shows the server price and the Pro and Team plans, and with payments set up no note about them', async ({
  pricing,
}) => {
  await pricing.open();
  await expect(pricing.plan('Pro')).toContainText('Recommended');
  await expect(pricing.plan('Pro')).toContainText('$10');
  await expect(pricing.plan('Pro')).toContainText('/ month');
  await expect(pricing.plan('Pro').locator('.plan-card__features li')).toHaveCount(10);
  await expect(pricing.plan('Team')).toContainText('Work With Us');
  await expect(pricing.plan('Team').locator('.plan-card__features li')).toHaveCount(4);
  await expect(pricing.upgradeButton).toBeEnabled();
  await expect(pricing.page.getByRole('note')).toHaveCount(0);
});

test('a guest asking for Team is told to log in first', async ({ pricing }) => {
  await pricing.open();
  await pricing.contactButton.click();
  await pricing.expectToast('Login Required', 'Please log in to select a plan');
});

test('a guest choosing Pro logs in and is taken on to checkout', async ({
  page,
  pricing,
  auth,
  newAccount,
}) => {
  // Stripe.js is out of reach here: fail it at once rather than wait on the network.
  await page.route('https://js.stripe.com/**', (route) => route.abort());
  await pricing.open();
  await pricing.upgradeButton.click();
  await expect(page).toHaveURL(/\/auth$/);

  // Creating the account signs in, and goes on as a login would.
  await auth.register(newAccount);
  await expect(page).toHaveURL(/\/checkout\?plan=pro&billing=monthly$/);
});

test('a signed-in user asking for Team gets the contact dialog', async ({
  page,
  pricing,
  newAccount,
}) => {
  // Signed in through the API before the first page: the login screens have their own spec.
  await registerAndLogIn(page.request, newAccount);
  await pricing.open();
  await pricing.contactButton.click();
  await expect(pricing.teamDialog).toBeVisible();
  await expect(pricing.teamDialog.getByRole('link', { name: 'Email Pitchpad' })).toHaveAttribute(
    'href',
    /^mailto:.+\?subject=Pitchpad%20Team%20plan%20enquiry$/,
  );
  await pricing.teamDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(pricing.teamDialog).toBeHidden();
});
