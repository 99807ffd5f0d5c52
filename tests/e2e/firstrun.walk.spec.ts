import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page, Request } from '@playwright/test';
import { FORGOT_PAGE, RESET_PAGE } from '../../domain/passwordReset';
import { FLOWS } from '../../domain/playbooks';
import { expect, test } from './fixtures';
import { AppPage } from './pages/AppPage';
import { AuthPage } from './pages/AuthPage';
import { ChatPage } from './pages/ChatPage';
import { DebriefPage } from './pages/DebriefPage';
import { HistorySheet } from './pages/HistorySheet';
import { OnboardingPage } from './pages/OnboardingPage';
import { registerAndLogIn } from './pages/session';
import { AppServer } from './support/appServer';
import { fullBrowser } from './support/browser';
import {
  expectDisabledButtonsExplained,
  expectNoSettingNames,
  findSettingNames,
  findUnexplainedDisabledButtons,
} from './support/rules';
import { settle } from './support/settle';

// Every screen of a fresh install, walked on a phone by a guest, a new rep and the operator, with two
// rules checked on each (support/rules.ts). A browser is needed because the rules are about what a
// rep sees rendered: text drawn from the server's answers, toasts inside Ionic's shadow roots,
// buttons disabled by their state.
//
// - No setting's name: no name of .env.example (any `NAME=` line, commented out or not) or of
//   api/config.ts's environment schema, read when the test runs, as a whole word in capitals in the
//   page's rendered text, the text inside open shadow roots, the document's title, or the title,
//   aria-label, alt, placeholder or value of a rendered element.
// - No disabled button without its reason: every visible disabled button (a disabled <button>, one
//   in a disabled fieldset, an <ion-button disabled>, or a button with aria-disabled="true") has an
//   aria-describedby naming an element that is rendered, at least 2×2 px, and holds text. One still
//   disabled after two seconds counts; one disabled for a moment while its request is on its way
//   does not.
//
// Findings are soft: a story goes on to the end and its report lists every screen that broke a rule.
//
// The server is this spec's own and runs as an install does: NODE_ENV=production (so with no
// SMTP_URL there is no mail at all, rather than development's .eml files), no model key or address
// (production looks for no local model either), no Stripe keys, no speech model, its own embedded
// database in a temporary folder. Each story walks every address the router knows and each guided
// flow; a route added to web/routes that this walk does not list fails the guest's story until it
// is added here. Where each address led each visitor is in the report's annotations.

// The debrief's recorder needs a microphone (Chromium's fake one), which only the full browser has.
test.use(fullBrowser);

const PORT = Number(process.env.E2E_PORT ?? 8091) + 4;
const ORIGIN = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: ORIGIN, viewport: { width: 390, height: 844 } });
// In order, on one server: the operator's story claims the server last, so the guest and the rep
// see it as it is before anyone has opened the setup link. (After a failed story the next worker
// starts a fresh server, which is a fresh install again.)
test.describe.configure({ mode: 'default' });

let server: AppServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-firstrun-'));
  server = new AppServer(PORT, {
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    APP_URL: ORIGIN,
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    LOG_LEVEL: 'warn',
    // Each test comes from an address of its own (fixtures.ts), as behind an install's proxy.
    TRUST_PROXY: 'true',
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
    LLM_MODELS: undefined,
    LOCAL_LLM_URL: undefined,
    TRANSCRIBE_BASE_URL: undefined,
    TRANSCRIBE_API_KEY: undefined,
    TRANSCRIBE_MODEL: undefined,
    STRIPE_SECRET_KEY: undefined,
    STRIPE_PUBLISHABLE_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
    STRIPE_PRICE_ID: undefined,
    STRIPE_API_URL: undefined,
    SMTP_URL: undefined,
    MAIL_FROM: undefined,
  });
  await server.start();
});

test.afterAll(async () => {
  await server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Each guided flow's address, from the flows themselves, so a new flow is walked too. */
const FLOW_ADDRESSES = Object.keys(FLOWS).map((type) => `/chat?flow=${type}`);

/**
 * Every route of web/routes and an address that opens it. The keys are the routes' `path`s as
 * written there; `routePathsInRouter` reads those, so the guest's story sees if one is missing.
 */
const ROUTES: Record<string, string[]> = {
  '/': ['/'],
  about: ['/about'],
  pricing: ['/pricing'],
  auth: ['/auth'],
  $tab: ['/auth/login', '/auth/register'],
  [FORGOT_PAGE]: [FORGOT_PAGE],
  [RESET_PAGE]: [`${RESET_PAGE}?token=not-a-real-token`],
  callback: ['/callback'],
  chat: ['/chat'],
  onboarding: ['/onboarding'],
  pro: ['/pro'],
  'pro/email': ['/pro/email'],
  'pro/gtm-advisor': ['/pro/gtm-advisor'],
  checkout: ['/checkout?plan=pro&billing=monthly'],
  'checkout/embedded': ['/checkout/embedded'],
  'checkout/completed': ['/checkout/completed', '/checkout/completed?session_id=cs_made_up'],
  'simple-checkout': ['/simple-checkout'],
  'stripe-checkout': ['/stripe-checkout'],
  'checkout-pro': ['/checkout-pro'],
  'checkout-auth': ['/checkout-auth'],
  'login-pro': ['/login-pro'],
  competitive: ['/competitive'],
  dashboard: ['/dashboard'],
  profile: ['/profile'],
  debrief: ['/debrief'],
  share: [
    '/share?title=Freightly&text=Dana%20wants%20a%20pilot&url=https%3A%2F%2Ffreightly.example',
  ],
  setup: ['/setup', '/setup?token=not-a-real-token'],
  'settings/model': ['/settings/model'],
  'settings/plans': ['/settings/plans'],
  'settings/connections': ['/settings/connections'],
  'settings/web-search': ['/settings/web-search'],
  meetings: ['/meetings'],
  'meetings/$meetingId': ['/meetings/no-such-meeting'],
  search: ['/search', '/search?q=pricing&kind=kit'],
  research: ['/research', '/research?subject=Freightly'],
  'research/$researchId': ['/research/00000000-0000-4000-8000-000000000000'],
  kit: ['/kit'],
  account: ['/account'],
};

/** The `path`s the route files of web/routes declare: literals, unions of literals, and the two constants above. */
function routePathsInRouter(): string[] {
  const dir = join(import.meta.dirname, '..', '..', 'web', 'routes');
  const constants: Record<string, string> = { FORGOT_PAGE, RESET_PAGE };
  const paths: string[] = [];
  for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const [, declared] of source.matchAll(/\bpath:\s*([^,)\n]+)/g)) {
      const literals = [...declared!.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
      if (literals.length) paths.push(...literals);
      else if (declared!.trim() !== 'path') {
        const constant = constants[declared!.trim()];
        if (!constant) throw new Error(`${file}: a route path this walk cannot read: ${declared}`);
        paths.push(constant);
      }
    }
  }
  return [...new Set(paths)].toSorted();
}

/** Every address of the walk: each route's, then each guided flow's. */
const ADDRESSES = [
  ...Object.values(ROUTES).flat(),
  ...FLOW_ADDRESSES,
  `/no-such-page-${randomUUID().slice(0, 8)}`,
];

/** Each story's page, and its calls to the API still waiting for an answer. */
const apiCallsWaiting = new WeakMap<Page, Set<Request>>();

/** Counts the page's calls to the API from now on, for `waitForScreenAtRest`. */
function countApiCalls(page: Page): void {
  const calls = new Set<Request>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.add(request);
  });
  page.on('requestfinished', (request) => calls.delete(request));
  page.on('requestfailed', (request) => calls.delete(request));
  apiCallsWaiting.set(page, calls);
}

/**
 * Waits until the screen's calls to the API have been answered (what the server says, such as
 * whether a model or a speech model is there, is drawn from them) and nothing moves any more.
 */
async function waitForScreenAtRest(page: Page): Promise<void> {
  await expect
    .poll(() => apiCallsWaiting.get(page)?.size ?? 0, {
      message: 'the API has answered the screen',
    })
    .toBe(0);
  await settle(page);
}

/** Both rules, on the screen on display once it is at rest. */
async function checkScreen(page: Page, where: string): Promise<void> {
  await waitForScreenAtRest(page);
  await expectNoSettingNames(page, where);
  await expectDisabledButtonsExplained(page, where);
}

/**
 * Opens `address` as this visitor, waits until the screen it lands on has drawn (its heading, the
 * chat's message box or a flow's card; no loading screen) and returns where it landed.
 */
async function openScreen(page: Page, who: string, address: string): Promise<string> {
  await page.goto(address);
  await new AppPage(page).waitForApp();
  const drawn: Locator = page
    .locator('h1:visible, form.interview-card:visible')
    .or(page.getByRole('textbox', { name: 'Message', exact: true }))
    .first();
  await expect(drawn, `${who}: ${address} draws a screen`).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
  const landed = new URL(page.url());
  return `${landed.pathname}${landed.search}`;
}

/**
 * Walks every address, checking each screen it lands on once (a signed-in rep's /auth, /callback
 * and /chat all land on the chat), and notes in the report where each address led this visitor.
 */
async function walkEveryAddress(page: Page, who: string): Promise<void> {
  const landings: string[] = [];
  const checked = new Set<string>();
  for (const address of ADDRESSES) {
    const landed = await openScreen(page, who, address);
    landings.push(landed === address ? address : `${address} → ${landed}`);
    if (checked.has(landed)) continue;
    checked.add(landed);
    await checkScreen(
      page,
      `${who}: ${address}${landed === address ? '' : ` (landed on ${landed})`}`,
    );
  }
  test.info().annotations.push({ type: `${who} walked`, description: landings.join('\n') });
}

/** The header's menus (the mobile menu, and the account menu when signed in), over the about page. */
async function walkMenus(page: Page, who: string, signedIn: boolean): Promise<void> {
  const app = new AppPage(page);
  await page.goto('/about');
  await app.waitForApp();
  if (signedIn) {
    const menu = await app.openAccountMenu();
    await checkScreen(page, `${who}: the account menu`);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }
  await app.header.getByRole('button', { name: 'Open menu' }).click();
  const mobileMenu = page.locator('ion-popover.mobile-menu');
  await expect(mobileMenu).toBeVisible();
  await checkScreen(page, `${who}: the mobile menu`);
  await page.keyboard.press('Escape');
  await expect(mobileMenu).toBeHidden();
}

/**
 * The rules see what they are for, so a walk that finds nothing means the screens are clean. Put
 * on a page for a moment: a setting's name in a paragraph and inside a shadow root (where an Ionic
 * toast draws its message) are found, and so is a disabled button without its reason; the same
 * button with its reason beside it is not.
 */
async function expectTheRulesToCatchWhatTheyAreFor(page: Page): Promise<void> {
  await page.goto('/about');
  await new AppPage(page).waitForApp();
  await page.evaluate(() => {
    const probe = document.createElement('section');
    probe.id = 'rules-probe';
    probe.innerHTML =
      '<p>Ask for OPENAI_API_KEY</p><button type="button" disabled>Go</button>' +
      '<button type="button" disabled aria-describedby="rules-probe-why">Send</button>' +
      '<p id="rules-probe-why">Type a message first.</p>';
    document.querySelector('main')!.prepend(probe);
    // Drawn inside a shadow root, as an Ionic toast draws its message.
    const toast = document.createElement('div');
    toast.className = 'rules-probe-toast';
    toast.attachShadow({ mode: 'open' }).innerHTML = '<p>Set SMTP_URL first</p>';
    probe.append(toast);
  });
  await expect
    .poll(() => findSettingNames(page))
    .toEqual([
      expect.stringMatching(/^OPENAI_API_KEY in the page/),
      expect.stringMatching(/^SMTP_URL in the shadow root of <div.rules-probe-toast>/),
    ]);
  expect(await findUnexplainedDisabledButtons(page)).toEqual(['<button> “Go”']);
}

/** The profile's 'Fill from text' with no model: the empty sheet, then what reading the text says. */
async function fillProfileFromText(page: Page, who: string): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Fill from text' }).click();
  const sheet = page.getByRole('dialog', { name: 'Fill from text' });
  await expect(sheet).toBeVisible();
  await checkScreen(page, `${who}: the profile's Fill from text, empty`);
  await sheet.getByRole('textbox').fill('Freightly: route planning for regional hauliers.');
  await sheet.getByRole('button', { name: 'Read my fields' }).click();
  await expect(sheet.getByRole('alert')).toBeVisible();
  await checkScreen(page, `${who}: the profile's Fill from text without a model`);
  await page.keyboard.press('Escape');
}

/** The idea analysis with no model: the worksheet it gives instead. */
async function analyzeAnIdea(page: Page, who: string): Promise<void> {
  const onboarding = new OnboardingPage(page);
  await onboarding.open();
  await expect(onboarding.heading).toBeVisible();
  await onboarding.ideaInput.fill(
    `A marketplace for used lab equipment ${randomUUID().slice(0, 8)}`,
  );
  await onboarding.generateButton.click();
  await expect(page.getByRole('note').filter({ hasText: 'Worksheet' })).toBeVisible();
  await checkScreen(page, `${who}: the idea analysis without a model`);
}

/** A chat message with no model, and the answer the server gives instead. */
async function chatWithoutAModel(page: Page, who: string): Promise<void> {
  const chat = new ChatPage(page);
  await chat.open();
  await checkScreen(page, `${who}: an empty chat`);
  await chat.send('What should I say to a CFO who thinks we are too expensive?');
  await expect(chat.replyText()).not.toBeEmpty();
  await expect(chat.stopButton).toHaveCount(0);
  await checkScreen(page, `${who}: the chat's answer without a model`);

  // The drawer of tools and conversations (a word typed first, so the drawer is all that is new),
  // and the saved history from the header, over the dashboard.
  await chat.input.fill('And the next step?');
  await chat.openSidebar();
  await checkScreen(page, `${who}: the tools and conversations drawer`);
  await page.keyboard.press('Escape');
  await page.goto('/dashboard');
  const history = new HistorySheet(page);
  await history.open();
  await checkScreen(page, `${who}: the saved history`);
  await history.close();
}

test('a guest walks every screen of a fresh install and reads no setting name and no unexplained disabled button', async ({
  page,
}) => {
  test.setTimeout(300_000);
  countApiCalls(page);
  expect(server.log, 'the server runs with no model').toContain('model:    Offline drafter');
  expect(server.log, 'the server runs with no mail').toContain('password reset by email is off');
  expect(Object.keys(ROUTES).toSorted(), 'every route of web/routes is walked').toEqual(
    routePathsInRouter(),
  );
  await expectTheRulesToCatchWhatTheyAreFor(page);
  // Signed-in screens send a guest to sign in: the walk checks the screen each one lands on.
  await walkEveryAddress(page, 'a guest');
  await walkMenus(page, 'a guest', false);
  // The landing's idea box, empty: its Analyze is disabled, and says why beside it.
  await page.goto('/');
  await new AppPage(page).waitForApp();
  await page.getByRole('textbox').first().fill('');
  await checkScreen(page, 'a guest: the landing with an empty idea box');
  await analyzeAnIdea(page, 'a guest');
});

test('a new rep walks every screen of a fresh install, chats, records a debrief and analyzes an idea, and reads no setting name and no unexplained disabled button', async ({
  page,
  context,
  newAccount,
}) => {
  test.setTimeout(300_000);
  countApiCalls(page);
  await registerAndLogIn(page.request, newAccount);
  await walkEveryAddress(page, 'a rep');
  await walkMenus(page, 'a rep', true);
  await chatWithoutAModel(page, 'a rep');

  // A debrief recorded where transcription is not set up: the recording's card, after Transcribe.
  await context.grantPermissions(['microphone'], { origin: ORIGIN });
  const debrief = new DebriefPage(page);
  await debrief.open();
  await debrief.meeting.fill('Freightly');
  await checkScreen(page, 'a rep: the debrief with a meeting name');
  await debrief.record(page.locator('.debrief-new'));
  const card = debrief.recording('Meeting with Freightly');
  await expect(card).toBeVisible();
  await checkScreen(page, 'a rep: a recording on the phone');
  await card.getByRole('button', { name: 'Transcribe' }).click();
  await expect(card.getByRole('alert')).toBeVisible();
  await checkScreen(page, 'a rep: a recording with no speech model to transcribe it');

  await fillProfileFromText(page, 'a rep');
  await analyzeAnIdea(page, 'a rep');
});

test('the operator opens the setup link of a fresh install, creates the account, walks every screen and the settings, and reads no setting name and no unexplained disabled button', async ({
  page,
  newAccount,
}) => {
  test.setTimeout(300_000);
  countApiCalls(page);
  const token = /\/setup\?token=([\w-]+)/.exec(server.log)?.[1];
  expect(token, 'the setup link among the start-up lines').toBeTruthy();

  // The setup link, opened signed out as an operator does first: create the account, come back
  // and be made the operator, then land on Settings → Model.
  await page.goto(`/setup?token=${token}`);
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { name: 'First, your account' })).toBeVisible();
  await checkScreen(page, 'the operator: the setup link, signed out');
  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(new AuthPage(page).registerForm).toBeVisible();
  await checkScreen(page, 'the operator: creating the account');
  await new AuthPage(page).register(newAccount);
  await expect(page).toHaveURL(/\/settings\/model$/);
  await expect(page.getByRole('heading', { name: 'Model', level: 1 })).toBeVisible();
  await checkScreen(page, 'the operator: Settings → Model, just made the operator');

  await walkEveryAddress(page, 'the operator');
  // Settings → Plans, changed and changed back: the screen with its toast (drawn in a shadow root).
  await page.goto('/settings/plans');
  await page.getByRole('radio', { name: /Only the accounts I grant/ }).check();
  await new AppPage(page).expectToast('Plans saved');
  await checkScreen(page, 'the operator: Settings → Plans, saved');
  await page.getByRole('radio', { name: /Every account gets every tool/ }).check();
  // Settings → Connections: a HubSpot app entered in the browser is offered on the account page.
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Connections' })).toContainText(
    'Settings → Connections',
  );
  await page.goto('/settings/connections');
  const hubspot = page.getByRole('form', { name: 'HubSpot' });
  await hubspot.getByLabel('Client id').fill('walk-client-id');
  await hubspot.getByLabel('Client secret').fill('walk-client-secret');
  await hubspot.getByRole('button', { name: 'Save HubSpot' }).click();
  await new AppPage(page).expectToast('HubSpot saved');
  await checkScreen(page, 'the operator: Settings → Connections, saved');
  await page.goto('/account');
  await expect(
    page.getByRole('region', { name: 'Connections' }).getByRole('button', {
      name: 'Connect HubSpot',
    }),
  ).toBeVisible();
  await checkScreen(page, 'the operator: the account page offering HubSpot');
  await walkMenus(page, 'the operator', true);
  await chatWithoutAModel(page, 'the operator');
});
