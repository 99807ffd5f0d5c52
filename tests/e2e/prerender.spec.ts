import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AppPage } from './pages/AppPage';
import { registerAndLogIn } from './pages/session';
import { upgradeToPro } from './support/billing';
import { holdRequests, Network } from './support/network';
import { settle } from './support/settle';

/**
 * The public pages arrive as real HTML (prerendered at build time from the app's own
 * components, web/build/prerender.ts), so they show their content before any script runs; then the
 * app takes them over with no error and no layout shift.
 */

const PAGES = [
  {
    path: '/',
    heading: 'Got an idea?',
    cta: { role: 'button', name: 'Analyze (without signing up)' },
  },
  {
    path: '/about',
    heading: 'Go-to-market help for the people who build and sell',
    cta: { role: 'link', name: 'Analyze my idea' },
  },
  {
    path: '/pricing',
    heading: 'Your AI Head of Growth, for less than a lunch',
    cta: { role: 'heading', name: 'Pro' },
  },
  { path: '/auth', heading: 'Welcome back', cta: { role: 'button', name: 'Sign in' } },
  {
    path: '/auth/register',
    heading: 'Join Pitchpad',
    cta: { role: 'button', name: 'Create account' },
  },
] as const;

async function withoutJavaScript<T>(
  browser: Browser,
  baseURL: string | undefined,
  use: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

for (const { path, heading, cta } of PAGES) {
  test(`${path} shows its heading and its call to action with JavaScript off`, async ({
    browser,
    baseURL,
  }) => {
    await withoutJavaScript(browser, baseURL, async (page) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole(cta.role, { name: cta.name, exact: true })).toBeVisible();
    });
  });
}

test('an unknown path gets the 404 page (status 404) with JavaScript off', async ({
  browser,
  baseURL,
}) => {
  await withoutJavaScript(browser, baseURL, async (page) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(
      page.getByText(
        'The page you are looking for might be misconfigured or temporarily unavailable.',
      ),
    ).toBeVisible();
  });
});

test('an app screen still gets the app shell, not the 404 page', async ({ request }) => {
  const response = await request.get('/dashboard');
  expect(response.status()).toBe(200);
  expect(await response.text()).not.toContain('404 Page Not Found');
});

/** Sums the page's layout shifts (the CLS figure without its session windows: never less than CLS). */
async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
      }>) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function takenOver(page: Page): Promise<void> {
  await new AppPage(page).waitForApp();
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

test('the landing page is taken over without a layout shift, and its call to action works', async ({
  page,
  landing,
}) => {
  await observeLayoutShifts(page);
  await landing.open();
  await expect(landing.heading).toBeVisible();
  await expect(landing.analyzeButton).toBeDisabled();
  // Let the header settle (the session lookup, Ionic's elements drawing) before reading the total.
  await expect(landing.signInButton).toBeVisible();
  await settle(page);
  expect(await layoutShift(page)).toBeLessThan(0.05);

  await landing.typeIdea('A marketplace for second-hand lab equipment');
  await landing.analyzeButton.click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('/about is taken over without a layout shift, and its call to action leads home', async ({
  page,
  landing,
}) => {
  await observeLayoutShifts(page);
  await page.goto('/about');
  await takenOver(page);
  await expect(landing.signInButton).toBeVisible();
  await settle(page);
  expect(await layoutShift(page)).toBeLessThan(0.05);

  await page.getByRole('link', { name: 'Analyze my idea' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(landing.heading).toBeVisible();
});

test('/pricing and the 404 page are taken over without a layout shift', async ({
  page,
  pricing,
  notFound,
}) => {
  await observeLayoutShifts(page);
  await pricing.open();
  await expect(pricing.plan('Pro')).toContainText('$10');
  await settle(page);
  expect(await layoutShift(page)).toBeLessThan(0.05);

  await observeLayoutShifts(page);
  await page.goto('/no/such/page?ref=x');
  await takenOver(page);
  await expect(notFound.path).toHaveText('/no/such/page');
  await settle(page);
  expect(await layoutShift(page)).toBeLessThan(0.05);
});

test("a first visit's public page is hydrated, not drawn again: the page's own elements stay and come alive", async ({
  page,
  landing,
}) => {
  // Marks the prerendered heading and the idea field as the HTML parser made them: a page drawn
  // anew by the app would have new elements, without the marks.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      for (const element of document.querySelectorAll('#root h1, #root input'))
        (element as HTMLElement).dataset.parsed = '';
    }),
  );
  await landing.open();
  await expect(landing.ideaInput).toHaveAttribute('data-parsed');
  await landing.typeIdea('Robots that fold laundry');
  await landing.analyzeButton.click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // Not /pricing here: the app draws it anew when the price it asked for has come by then (the
  // build could not know it), and hydrates it otherwise (below).
  for (const { path } of PAGES.filter((p) => p.path !== '/pricing')) {
    await page.goto(path);
    await takenOver(page);
    await expect(page.locator('#root h1'), `the heading of ${path}`).toHaveAttribute('data-parsed');
  }
});

test('/pricing hydrated while its price is on the way: the price lands in the page, and the plans answer a tap', async ({
  page,
  pricing,
}) => {
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      document.querySelector<HTMLElement>('#root h1')!.dataset.parsed = '';
    }),
  );
  const price = await holdRequests(page, '**/api/billing/plans');
  await pricing.open();
  await expect(page.locator('#root h1')).toHaveAttribute('data-parsed');
  // Drawn as the build drew it (no price, and the session was still unknown then); then as it is.
  price.release();
  await expect(pricing.plan('Pro')).toContainText('$10');
  await expect(pricing.contactButton).toBeEnabled();
  await pricing.contactButton.click();
  await pricing.expectToast('Login Required', 'Please log in to select a plan');
});

test('a first visit to a public page runs none of Ionic: it loads with the first menu tap', async ({
  page,
}) => {
  const ionicDefined = () => page.evaluate(() => customElements.get('ion-app') !== undefined);
  for (const path of [...PAGES.map((p) => p.path), '/no-such-page']) {
    await page.goto(path);
    await takenOver(page);
    await page.waitForLoadState('networkidle'); // what loads just after the takeover (the connection mark) has loaded
    expect(await ionicDefined(), `Ionic ran on ${path}`).toBe(false);
  }
  await page.goto('/');
  await takenOver(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect.poll(ionicDefined).toBe(true);
  await expect(page.locator('ion-popover')).toBeVisible();
});

test("a public page's first paint is its whole content, and the app's code is fetched only after it", async ({
  page,
}) => {
  for (const path of PAGES.map((p) => p.path)) {
    await page.goto(path);
    await takenOver(page);
    const { firstContentfulPaint, largestPaint, appScripts } = await page.evaluate(async () => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
      // Largest-paint entries are only handed to an observer (buffered: the ones already recorded).
      const largest = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
      });
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter(
          (entry) =>
            entry.initiatorType !== 'other' && /\/assets\/(?!index-)[\w-]+\.js$/.test(entry.name),
        )
        .map((entry) => ({ name: entry.name, start: entry.startTime }));
      return { firstContentfulPaint: paint, largestPaint: largest, appScripts: scripts };
    });
    // The largest paint is the first one: nothing the app draws is bigger than the prerendered page.
    expect(largestPaint, `${path}: largest paint after the first`).toBe(firstContentfulPaint);
    expect(appScripts.length, `${path}: the app's scripts`).toBeGreaterThan(3);
    for (const script of appScripts)
      expect(
        script.start,
        `${path}: ${script.name} asked for before the first paint`,
      ).toBeGreaterThan(firstContentfulPaint);
  }
});

test('what a visitor types before the app takes the landing page over is kept', async ({
  page,
  landing,
}) => {
  // Hold the app's code back, type into the prerendered field, then let the app start.
  const appCode = await holdRequests(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/', { waitUntil: 'commit' });
  await landing.ideaInput.fill('Robots that fold laundry');
  appCode.release();
  await takenOver(page);
  await expect(landing.ideaInput).toHaveValue('Robots that fold laundry');
  await expect(landing.analyzeButton).toBeEnabled();
  await landing.analyzeButton.click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('/auth is taken over without a layout shift, keeps what was typed before, and signs in', async ({
  page,
  auth,
  newAccount,
  request,
}) => {
  await registerAndLogIn(request, newAccount);
  await observeLayoutShifts(page);
  // Hold the app's code back, type into the prerendered sign-in form, then let the app start.
  const appCode = await holdRequests(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/auth', { waitUntil: 'commit' });
  await auth.loginForm.getByLabel('Username').fill(newAccount.username);
  await auth.loginForm.getByLabel('Password', { exact: true }).fill(newAccount.password);
  appCode.release();
  await takenOver(page);
  await expect(auth.loginForm.getByLabel('Username')).toHaveValue(newAccount.username);
  await expect(
    auth.loginForm.getByLabel('Password', { exact: true }),
    'the field typed in last keeps the focus',
  ).toBeFocused();
  await settle(page);
  expect(await layoutShift(page)).toBeLessThan(0.05);
  await auth.loginForm.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/); // where a sign-in with nowhere else to go leads
});

test('the install offer waits for a second screen: it never pushes the landing page down', async ({
  page,
  landing,
}) => {
  await page.goto('/about');
  await takenOver(page);
  const installBanner = page.getByRole('region', { name: 'Install Pitchpad' });
  // What Chrome fires when the app can be installed (pwaStatus.ts keeps it for the banner).
  await page.evaluate(() => window.dispatchEvent(new Event('beforeinstallprompt')));
  await settle(page);
  await expect(installBanner).toHaveCount(0);

  await page.getByRole('link', { name: 'Analyze my idea' }).click();
  await expect(landing.heading).toBeVisible();
  await expect(installBanner).toBeVisible();
});

test('offline, the service worker answers the public pages with their prerendered HTML', async ({
  page,
  context,
  landing,
}) => {
  await landing.open();
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (
      registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null
    );
  });
  const network = new Network(context);
  await network.goOffline();
  // Each path as typed and as a home-screen icon opens it (with a query string).
  for (const { path, heading } of PAGES.flatMap((p) => [
    p,
    { ...p, path: `${p.path}?from=home-screen` },
  ])) {
    const response = await page.goto(path);
    // The worker's answer is the page itself, its content in the HTML (not the empty shell).
    expect(response?.fromServiceWorker()).toBe(true);
    expect(await response?.text()).toContain(heading.replaceAll("'", '&#x27;'));
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  await network.goOnline();
});

// A signed-in rep's first visit on a phone (no worker yet): the server sends the screen's shell, the
// loading state the build drew, so it paints before any script. A browser is needed for what only
// it does: paint with scripts off, measure layout shifts, keep what was typed in the shell.
const SHELLS = [
  { path: '/chat', shows: 'New Conversation' },
  { path: '/profile', shows: 'What you sell' },
  { path: '/kit', shows: 'Your decks, case studies, pricing sheets and battlecards' },
  { path: '/debrief', shows: 'Debrief a meeting' },
  { path: '/account', shows: 'How you sign in, where you are signed in, and your data.' },
  // A public page with a shell of its own for a rep: the plans, the header signed in.
  { path: '/pricing', shows: 'Your AI Head of Growth, for less than a lunch' },
  // A flow's first step (the home screen's 'Cold email' shortcut), drawn as a subscriber sees it: its
  // first question, before the card that asks it.
  { path: '/chat?flow=email', shows: 'Who are you writing to?' },
] as const;

test("a signed-in rep's first visit paints each screen's shell with JavaScript off, signed in and loading, never offline", async ({
  browser,
  baseURL,
  newAccount,
}) => {
  await withoutJavaScript(browser, baseURL, async (page) => {
    await registerAndLogIn(page.request, newAccount);
    for (const { path, shows } of SHELLS) {
      await page.goto(path);
      await expect(page.getByText(shows, { exact: false }).first(), path).toBeVisible();
      await expect(page.getByRole('button', { name: 'Account menu' }), path).toBeVisible();
      await expect(page.getByRole('link', { name: /Sign In/ }), path).toHaveCount(0);
      await expect(page.getByText(/back online|can’t record|cannot be made/), path).toHaveCount(0);
    }
    await page.goto('/account');
    await expect(page.getByText('Loading your passkeys…')).toBeVisible();
    await page.goto('/chat');
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
  });
});

test.describe('a first visit, before the service worker answers', () => {
  // The worker a first visit installs answers later visits itself: these stay first visits.
  test.use({ serviceWorkers: 'block' });

  test("a signed-in screen's shell is taken over without a layout shift, and a send typed in it is made once", async ({
    page,
    chat,
    newAccount,
  }) => {
    await registerAndLogIn(page.request, newAccount);
    await observeLayoutShifts(page);
    await page.goto('/profile');
    await takenOver(page);
    await expect(page.getByRole('textbox', { name: 'Company', exact: true })).toBeVisible();
    await settle(page);
    expect(await layoutShift(page)).toBeLessThan(0.05);

    // Hold the app's code back, type into the shell's message box, then let the app start.
    const appCode = await holdRequests(page, /\/assets\/index-[^/]+\.js$/);
    await page.goto('/chat', { waitUntil: 'commit' });
    await chat.input.fill('Who should I call first at Freightly?');
    // Typing turned Send on, so Enter is a send: kept until the app can make it.
    await expect(chat.sendButton).toBeEnabled();
    await chat.input.press('Enter');
    appCode.release();
    await takenOver(page);
    await expect(chat.userMessage('Who should I call first at Freightly?')).toHaveCount(1);
    await expect(chat.input).toHaveValue('');
  });

  test("a flow's shell gives way to its first question for a subscriber, and to pricing for a free rep", async ({
    page,
    newAccount,
  }) => {
    await registerAndLogIn(page.request, newAccount);
    const appCode = await holdRequests(page, /\/assets\/index-[^/]+\.js$/);
    await page.goto('/chat?flow=email', { waitUntil: 'commit' });
    await expect(page.getByText("Let's write a cold email that gets a reply.")).toBeVisible();
    appCode.release();
    // The flows are PRO tools: the app sends a free rep to pricing, as from any other way in.
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { name: 'Pro', exact: true })).toBeVisible();

    await upgradeToPro(page.request);
    await observeLayoutShifts(page);
    await page.goto('/chat?flow=email');
    await takenOver(page);
    await expect(page.getByRole('textbox', { name: 'Who are you writing to?' })).toBeVisible();
    await settle(page);
    expect(await layoutShift(page)).toBeLessThan(0.05);
  });

  test("a tap on a signed-in screen's shell before the app has loaded is carried out once it has", async ({
    page,
    chat,
    newAccount,
  }) => {
    await registerAndLogIn(page.request, newAccount);
    const appCode = await holdRequests(page, /\/assets\/index-[^/]+\.js$/);
    await page.goto('/chat', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'replace');
    await chat.toolsButton.click();
    appCode.release();
    await takenOver(page);
    await expect(page.getByRole('dialog', { name: 'Tools and conversations' })).toBeVisible();
  });

  test("a signed-in screen's shell scrolled before the app has loaded stays where the rep scrolled it", async ({
    page,
    newAccount,
  }) => {
    await registerAndLogIn(page.request, newAccount);
    const appCode = await holdRequests(page, /\/assets\/index-[^/]+\.js$/);
    await page.goto('/account', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'replace');
    const scroller = page.locator('.screen-content');
    await scroller.evaluate((element) => element.scrollTo(0, 400));
    appCode.release();
    await takenOver(page);
    await expect(page.getByRole('heading', { name: 'Email', level: 2 })).toBeVisible();
    // Not thrown back to the top (the list above may still grow as its data comes: the browser keeps
    // what the rep was reading in place, which can move the offset a little).
    expect(await scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(300);
  });
});
