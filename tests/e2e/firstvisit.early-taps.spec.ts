import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { AppPage } from './pages/AppPage';
import { OnboardingPage } from './pages/OnboardingPage';
import { registerAndLogIn } from './pages/session';
import { Network, holdRequests } from './support/network';
import { IDEA_SUMMARY, base64 } from './support/scriptedReplies';

/**
 * A first visit on a slow phone: the prerendered page is on screen and the rep types and taps at
 * once, long before the page's scripts have run (here they are held back until the test has
 * tapped). Nothing typed goes into an address the page visits, and every tap ends where it meant
 * to: the sign-in forms are answered by the server itself, the tool cards are links, and a tap that
 * needs the app (Analyze, a plan) is kept and carried out once when the app takes over.
 */

/** What the fake model answers for the idea (base64: the JSON's brackets cannot sit in a [[reply:]]). */
const SUMMARY = { ...IDEA_SUMMARY, marketSize: { ...IDEA_SUMMARY.marketSize, tam: '$2.1B' } };

/**
 * Holds every script of the page (and of the pages it goes on to) back until the test calls the
 * returned release, after its typing and its tap: the app cannot take the page over before then.
 */
async function holdScripts(page: Page): Promise<() => void> {
  const { release } = await holdRequests(page, /\.js(\?|$)/);
  return release;
}

/** Every address the page asked for or went to, from now on. */
function recordAddresses(page: Page): string[] {
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => addresses.push(frame.url()));
  page.on('request', (request: Request) => {
    addresses.push(request.url());
    const location = request.redirectedFrom()?.url();
    if (location) addresses.push(location);
  });
  return addresses;
}

/** No secret in any address, as typed or as a form would encode it. */
function expectNoSecrets(addresses: string[], secrets: Record<string, string>): void {
  expect(addresses.length, 'addresses recorded').toBeGreaterThan(0);
  for (const address of addresses) {
    const decoded = decodeURIComponent(address.replace(/\+/g, ' '));
    for (const [what, secret] of Object.entries(secrets)) {
      expect(decoded.toLowerCase(), `the ${what} in ${address}`).not.toContain(
        secret.toLowerCase(),
      );
    }
  }
}

/**
 * A finger's tap on the control as it is on screen now, on the page still prerendered (its scripts
 * held), and only then the scripts let go: no waiting for the control to be enabled or to answer (a
 * tap that does nothing is what is being tested). A tap that leaves the page (a form the server
 * answers, a link) lets them go once the next page is on its way, so that the page tapped is never
 * taken over; a tap kept for the app leaves the page as it was until then.
 */
async function tapBeforeTakeover(
  page: Page,
  control: Locator,
  releaseScripts: () => void,
  leadsTo?: RegExp,
): Promise<void> {
  await expectPrerendered(page);
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error('the control is not on screen');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  if (leadsTo) await page.waitForURL(leadsTo, { waitUntil: 'commit' });
  else await expectPrerendered(page);
  releaseScripts();
}

/** Sends the form from the field with Enter while the page is still prerendered, then lets the scripts go once the answer's page is on its way. */
async function sendBeforeTakeover(
  page: Page,
  field: Locator,
  releaseScripts: () => void,
  leadsTo: RegExp,
): Promise<void> {
  await expectPrerendered(page);
  await field.press('Enter');
  await page.waitForURL(leadsTo, { waitUntil: 'commit' });
  releaseScripts();
}

async function expectPrerendered(page: Page): Promise<void> {
  await expect(page.locator('#root'), 'the page is still the prerendered one').toHaveAttribute(
    'data-prerendered',
  );
}

async function expectSignedInAtChat(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/chat$/);
  await expect(new AppPage(page).accountMenuButton).toBeVisible();
}

/** Fill the prerendered registration form and tap 'Create account' before the app has taken over. */
async function registerBeforeTakeover(
  page: Page,
  account: { name: string; username: string; email: string; password: string },
  releaseScripts: () => void,
): Promise<void> {
  await page.goto('/auth/register', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Full name').fill(account.name);
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await tapBeforeTakeover(
    page,
    form.getByRole('button', { name: 'Create account' }),
    releaseScripts,
    /\/chat$/,
  );
}

test('sign-in typed and sent with Enter before the script runs signs the rep in at /chat, and the password is in no address', async ({
  page,
  newAccount,
  request,
}) => {
  await registerAndLogIn(request, newAccount);
  const releaseScripts = await holdScripts(page);
  const addresses = recordAddresses(page);
  await page.goto('/auth', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(newAccount.username);
  await form.getByLabel('Password', { exact: true }).fill(newAccount.password);
  await sendBeforeTakeover(
    page,
    form.getByLabel('Password', { exact: true }),
    releaseScripts,
    /\/chat$/,
  );
  await expectSignedInAtChat(page);
  expectNoSecrets(addresses, { password: newAccount.password, username: newAccount.username });
});

test('registration filled and tapped before the script runs creates the account and signs the rep in at /chat; no name, email or password in any address', async ({
  page,
  newAccount,
}) => {
  const releaseScripts = await holdScripts(page);
  const addresses = recordAddresses(page);
  await registerBeforeTakeover(page, newAccount, releaseScripts);
  await expectSignedInAtChat(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.locator('ion-popover.user-menu')).toContainText(newAccount.email);
  expectNoSecrets(addresses, {
    name: newAccount.name,
    email: newAccount.email,
    password: newAccount.password,
    username: newAccount.username,
  });
});

test("the Register tab tapped before the script runs keeps the card's destination: the account made there lands where the card meant", async ({
  page,
  newAccount,
}) => {
  const releaseScripts = await holdScripts(page);
  const addresses = recordAddresses(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expectPrerendered(page);
  await page.locator('.tool-card').filter({ hasText: 'Build Your GTM Plan' }).click();
  await page.waitForURL(/\/auth\/login\?redirect=pricing&tool=gtmplan$/, { waitUntil: 'commit' });
  await expectPrerendered(page);
  // The tab is a plain link until the app runs; the server puts the card's query back.
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.waitForURL(/\/auth\/register\?redirect=pricing&tool=gtmplan$/, {
    waitUntil: 'commit',
  });
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Full name').fill(newAccount.name);
  await form.getByLabel('Username').fill(newAccount.username);
  await form.getByLabel('Email').fill(newAccount.email);
  await form.getByLabel('Password', { exact: true }).fill(newAccount.password);
  await tapBeforeTakeover(
    page,
    form.getByRole('button', { name: 'Create account' }),
    releaseScripts,
    /\/chat\?flow=gtmplan$/,
  );
  // The card's PRO flow, which sends a free account on to pricing: not the chat's empty start.
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('article.plan-card').first()).toBeVisible();
  expectNoSecrets(addresses, {
    name: newAccount.name,
    email: newAccount.email,
    password: newAccount.password,
    username: newAccount.username,
  });
});

test("an account made through the registration form before the script runs is greeted as new in the chat, once: 'Welcome to Pitchpad, Ada'", async ({
  page,
  context,
  newAccount,
}) => {
  const releaseScripts = await holdScripts(page);
  const addresses = recordAddresses(page);
  await registerBeforeTakeover(page, newAccount, releaseScripts);
  await expectSignedInAtChat(page);
  await new AppPage(page).expectToast(
    'Welcome to Pitchpad, Ada',
    'Your account is ready and you are signed in.',
  );
  // Greeted once: the server's mark is spent, and the address never carried anything of it.
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(
    'pitchpad_new_account',
  );
  await expect(page).toHaveURL(/\/chat$/);
  expectNoSecrets(addresses, {
    name: newAccount.name,
    email: newAccount.email,
    password: newAccount.password,
  });
});

test("in the installed app (its worker controls the page), a signed-in rep who opens a card's sign-in page goes on to the card's destination, online and offline, never shown the form", async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  const signInForms: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname.startsWith('/auth'))
      signInForms.push(frame.url());
  });
  // Online: the worker asks the server, which sends the rep on (the free chat's card: the chat).
  await page.goto('/auth/login?redirect=pricing&tool=none');
  await expect(page).toHaveURL(/\/chat$/);
  await expect(chat.input).toBeVisible();
  expect(signInForms, 'sign-in pages shown').toEqual([]);

  // Offline: the worker has only its copy of the page, and the app sends the rep on at once.
  const network = new Network(context);
  await network.goOffline();
  await page.goto('/auth?redirect=dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
  await network.goOnline();
});

test('a wrong password sent before the script runs comes back to the sign-in page with the reason shown, and nothing typed in the address', async ({
  page,
  newAccount,
  request,
}) => {
  await registerAndLogIn(request, newAccount);
  const releaseScripts = await holdScripts(page);
  const addresses = recordAddresses(page);
  await page.goto('/auth/login', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(newAccount.username);
  await form.getByLabel('Password', { exact: true }).fill('not-the-password-9');
  await sendBeforeTakeover(
    page,
    form.getByLabel('Password', { exact: true }),
    releaseScripts,
    /\/auth\/login\?error=invalid-login$/,
  );
  await expect(page).toHaveURL(/\/auth\/login\?error=invalid-login$/);
  await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(
    'Login failed: Invalid username or password',
  );
  expectNoSecrets(addresses, { password: 'not-the-password-9', username: newAccount.username });
});

test("'Analyze (without signing up)' tapped before the script runs starts the analysis of the typed idea once the app takes over, once", async ({
  page,
}) => {
  const idea = `Laundry robots for hotels [[reply64:${base64(SUMMARY)}]]`;
  expect(idea.length, 'fits the landing idea box').toBeLessThanOrEqual(500);
  const analyses: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analyze-startup')
      analyses.push(request.postData() ?? '');
  });
  const releaseScripts = await holdScripts(page);
  const addresses = recordAddresses(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Your startup idea' }).fill(idea);
  await tapBeforeTakeover(
    page,
    page.getByRole('button', { name: 'Analyze (without signing up)' }),
    releaseScripts,
  );
  const onboarding = new OnboardingPage(page);
  await expect(onboarding.heading).toBeVisible();
  await expect(page.locator('.idea-recap__text')).toHaveText(idea);
  await expect(page).toHaveURL(/\/onboarding\?analysis=\d+$/);
  await expect(page.getByTestId('market-TAM')).toContainText('$2.1B');
  expect(analyses.map((body) => JSON.parse(body) as { idea: string })).toEqual([{ idea }]);
  expectNoSecrets(addresses, { idea });
});

test('a landing tool card tapped before the script runs leads to its destination: sign-in, told why', async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await tapBeforeTakeover(
    page,
    page.locator('.tool-card').filter({ hasText: 'Build Your GTM Plan' }),
    releaseScripts,
    /\/auth\/login\?/,
  );
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(
    '“Build Your GTM Plan” is a PRO tool. Log in or create a free account first; then you can upgrade to Pro to use it.',
  );
});

test("a tool card's sign-in sent before the script runs lands where the card meant: its PRO flow, which sends a free account on to pricing", async ({
  page,
  newAccount,
  request,
}) => {
  await registerAndLogIn(request, newAccount);
  const releaseScripts = await holdScripts(page);
  const addresses = recordAddresses(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expectPrerendered(page);
  await page.locator('.tool-card').filter({ hasText: 'Build Your GTM Plan' }).click();
  await page.waitForURL(/\/auth\/login\?redirect=pricing&tool=gtmplan$/, { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(newAccount.username);
  await form.getByLabel('Password', { exact: true }).fill(newAccount.password);
  // The server reads where the card meant from the page's address, which the browser names in the Referer.
  await sendBeforeTakeover(
    page,
    form.getByLabel('Password', { exact: true }),
    releaseScripts,
    /\/chat\?flow=gtmplan$/,
  );
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('article.plan-card').first()).toBeVisible();
  expectNoSecrets(addresses, { password: newAccount.password, username: newAccount.username });
});

test('a signed-in rep who taps a tool card before the script runs is not asked to sign in: the card leads on to its tool', async ({
  page,
  newAccount,
}) => {
  // Signed in on this browser (the page shares these cookies), with no app on the page yet.
  await registerAndLogIn(page.request, newAccount);
  const releaseScripts = await holdScripts(page);
  const addresses = recordAddresses(page);
  await page.goto('/', { waitUntil: 'commit' });
  await tapBeforeTakeover(
    page,
    page.locator('.tool-card').filter({ hasText: 'Competitive Intelligence' }),
    releaseScripts,
    /\/competitive$/,
  );
  // A PRO tool, and this account is free: pricing, told why. Never the sign-in page.
  await expect(page).toHaveURL(/\/pricing$/);
  expect(
    addresses.some((address) => new URL(address).pathname === '/auth/login'),
    'the sign-in page was asked for',
  ).toBe(true);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
});

test('a sign-in form too large for the server, sent before the script runs, comes back to the form with a clear reason, not raw JSON', async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/auth/login', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill('someone');
  // A paste gone wrong: more than the server reads of a form (16 kB).
  await form.getByLabel('Password', { exact: true }).fill('x'.repeat(20_000));
  await sendBeforeTakeover(
    page,
    form.getByLabel('Password', { exact: true }),
    releaseScripts,
    /\/auth\/login\?error=too-large$/,
  );
  await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(
    'Login failed: What you entered was too long to send. Check that each field holds only what it asks for, and try again.',
  );
});

test("'Upgrade to Pro' tapped before the script runs is carried out when the app takes over: a guest is sent to sign in first", async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/pricing', { waitUntil: 'commit' });
  await tapBeforeTakeover(
    page,
    page.getByRole('button', { name: 'Upgrade to Pro' }),
    releaseScripts,
  );
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test("the 404 page's 'Home' tapped before the script runs is carried out when the app draws the page anew", async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/no/such/page', { waitUntil: 'commit' });
  await tapBeforeTakeover(page, page.getByRole('button', { name: 'Home' }), releaseScripts);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Got an idea?' })).toBeVisible();
});

test('a sign-in form posted from another site is refused, and signs no one in', async ({
  page,
  newAccount,
  request,
  baseURL,
}) => {
  await registerAndLogIn(request, newAccount);
  // A page of no site of ours (an opaque origin) posting our sign-in form, as a forged form would.
  await page.setContent(
    `<form method="post" action="${baseURL}/api/auth/login/form"><input name="username"><input name="password"><button>Go</button></form>`,
  );
  await page.locator('input[name=username]').fill(newAccount.username);
  await page.locator('input[name=password]').fill(newAccount.password);
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/api/auth/login/form'),
  );
  await page.getByRole('button', { name: 'Go' }).click();
  expect((await answer).status()).toBe(403);
  const user = await (await page.request.get('/api/auth/user')).json();
  expect(user).toBeNull();
});
