import { expect, test } from './fixtures';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

test('an unknown address shows the 404 screen with its path and query', async ({
  page,
  notFound,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  await page.goto('/no/such/page?ref=newsletter&x=1');
  await expect(notFound.title).toBeVisible();
  await expect(notFound.explanation).toBeVisible();
  await expect(notFound.path).toHaveText('/no/such/page');
  await expect(notFound.query).toHaveText('ref=newsletter&x=1');
  await expect(notFound.button('Home')).toBeVisible();
  await expect(notFound.button('Back')).toBeVisible();
  await expect(notFound.button('Retry')).toBeVisible();
  expect(
    warnings.some((w) => w.includes('/no/such/page') && w.includes('?ref=newsletter&x=1')),
  ).toBe(true);
});

test('without a query the 404 screen says (none)', async ({ page, notFound }) => {
  await page.goto('/nowhere');
  await expect(notFound.query).toHaveText('(none)');
});

test('Home, Back and Retry do what they say', async ({ page, landing, notFound }) => {
  await page.goto('/about');
  // The 404 page is prerendered: its buttons work once the app has taken it over.
  await page.goto('/lost');
  await notFound.waitForApp();
  await notFound.button('Back').click();
  await expect(page).toHaveURL(/\/about$/);

  await page.goto('/lost?again=1');
  await notFound.waitForApp();
  await notFound.button('Retry').click();
  await expect(page).toHaveURL(/\/lost\?again=1$/);
  await expect(notFound.title).toBeVisible();

  await notFound.button('Home').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(landing.heading).toBeVisible();
});

// /checkout is a screen of its own now (billing.spec.ts: a bare /checkout gets plan pro, billing monthly).
