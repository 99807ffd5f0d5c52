import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// The fake model streams this JSON (scripted with [[reply64:...]]).
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** Logo addresses the model wrote: a loopback port nothing listens on, and a third-party host. */
const LOOPBACK_LOGO = 'http://127.0.0.1:9/tracker.png';
const EXTERNAL_LOGO = 'https://logos.example.com/acme.png';
const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;

const competitor = (name: string, logo_url: string) => ({
  name,
  logo_url,
  description: 'A rival.',
  strengths: ['Fast'],
  weaknesses: ['Pricey'],
  pricing: '$',
  target_customers: 'Teams',
});
const ANALYSIS = {
  topic: 'Invoicing for plumbers',
  summary: 'Busy.',
  competitors: [
    competitor('Acme Books', EXTERNAL_LOGO),
    competitor('Loop', LOOPBACK_LOGO),
    competitor('Inline', INLINE_LOGO),
  ],
  comparison_matrix: [
    {
      category: 'Price',
      description: 'Per seat',
      'Acme Books': { score: 6, notes: '' },
      Loop: { score: 8, notes: '' },
      Inline: { score: 3, notes: '' },
    },
  ],
  insights: ['Flat pricing wins.'],
};

test('a competitor logo URL the model wrote is never fetched: every logo is drawn from initials', async ({
  page,
  baseURL,
  competitive,
  newAccount,
}) => {
  const foreign: string[] = [];
  const appOrigin = new URL(baseURL!).origin;
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(appOrigin) && !url.startsWith('data:') && !url.startsWith('blob:'))
      foreign.push(url);
  });

  await competitive.openAsNewProUser(newAccount);
  await competitive.analyze(
    `Invoicing ${randomUUID().slice(0, 8)} [[reply64:${base64(ANALYSIS)}]]`,
  );
  await expect(competitive.cards).toHaveCount(3);
  await expect(competitive.cards.nth(0).getByRole('img', { name: 'Acme Books avatar' })).toHaveText(
    'AB',
  );
  await expect(competitive.cards.nth(1).getByRole('img', { name: 'Loop avatar' })).toHaveText('LO');
  await expect(competitive.cards.nth(2).getByRole('img', { name: 'Inline avatar' })).toHaveText(
    'IN',
  );
  await expect(competitive.grid.locator('img')).toHaveCount(0);

  // Reopened from the saved history after a reload, the same holds.
  await competitive.expectToast('Analysis Saved');
  await page.reload();
  await expect(competitive.cards).toHaveCount(3);
  await expect(competitive.grid.locator('img')).toHaveCount(0);
  expect(foreign, 'requests the page made outside the app').toEqual([]);
});
