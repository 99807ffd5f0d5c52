import type { Page } from '@playwright/test';
import { uniqueCredentials } from '../factories/users';
import { expect, test } from './fixtures';
import { AuthPage, type NewAccount } from './pages/AuthPage';
import { ChatPage } from './pages/ChatPage';
import { FlowPage } from './pages/FlowPage';
import { LandingPage } from './pages/LandingPage';
import { registerAndLogIn, logIn } from './pages/session';
import { expectNoSeriousA11yViolations } from './support/axe';
import { startBareServer, type BareServer } from './support/bareServer';
import { expectOnScreen, hideKeyboard, showKeyboard } from './support/keyboard';
import { expectNoSidewaysScroll } from './support/layout';
import { holdRequests } from './support/network';
import { expectTapTargetsLargeEnough } from './support/tapTargets';

// A fresh install, as a newcomer meets it: no model configured (and nothing at the local model
// address), no operator yet. The server prints a one-time setup link; whoever opens it and signs in
// becomes the operator and connects a model from the browser. This spec runs that server itself
// (support/bareServer.ts) on a port of its own next to the suite's; the suite's fake model server
// (playwright.config.ts) is the model the operator connects.

const SUITE_PORT = Number(process.env.E2E_PORT ?? 8091);
const PORT = SUITE_PORT + 8;
const FAKE_MODEL_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_OPENAI_PORT ?? 8092)}/v1`;

let bare: BareServer;
/** Whoever opens the setup link first: the operator of this server from the second test on. */
const operator: NewAccount = { name: 'Olu Operator', ...uniqueCredentials('olu') };
/** A rep the operator made Pro before the tests (`npm run grant-pro`: payments are not set up here). */
const proRep: NewAccount = { name: 'Ada Founder', ...uniqueCredentials('ada') };

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  bare = await startBareServer(PORT, { proAccount: proRep, clientIp: '203.0.113.251' });
});
test.afterAll(async () => {
  await bare?.stop();
});

/** The setup link's token, from the server's start-up lines. */
function setupToken(): string {
  const token = /\/setup\?token=([\w-]+)/.exec(bare.server.log)?.[1];
  if (!token) throw new Error(`no setup link in the start-up lines:\n${bare.server.log}`);
  return token;
}

/** A red toast: something went wrong. None may show for the known no-model setup. */
const redToast = (page: Page) => page.locator('ion-toast[color="danger"]');

test('a fresh server with no model says so before the tap: on the landing analyze box (without moving the page) and in the chat, with no red error', async ({
  page,
  newAccount,
}) => {
  const noModel = 'No AI model is connected: you get a worksheet built from your answers.';

  // The landing page is prerendered and cannot know: the note appears once the server has said so,
  // in a spot kept for it from the first paint, so nothing below it moves.
  const capabilities = await holdRequests(page, '**/api/capabilities');
  const landing = new LandingPage(page);
  await page.goto('/');
  await landing.waitForApp();
  const tools = page.locator('section.tools');
  const before = await tools.boundingBox();
  await expect(page.getByRole('note')).toHaveCount(0);
  capabilities.release();
  const note = page.getByRole('note').filter({ hasText: 'No AI model is connected' });
  await expect(note).toHaveText(noModel);
  await expect(note).toBeInViewport();
  expect(await tools.boundingBox()).toEqual(before);
  // A guest is no operator: nothing to connect.
  await expect(page.getByRole('link', { name: 'Connect a model' })).toHaveCount(0);

  // The chat, for a rep: what a reply is, in the empty chat, before the first send.
  const chat = new ChatPage(page);
  await chat.openAsNewUser(newAccount);
  const chatNote = page.locator('.chat__empty').getByRole('note');
  await expect(chatNote).toHaveText(
    'No AI model is connected: replies are drafts built from your answers, not AI answers.',
  );
  await expect(page.getByRole('link', { name: 'Connect a model' })).toHaveCount(0);
  await chat.send('How do I price a pilot?');
  await expect(chat.replies).toHaveCount(1);
  await expect(chat.replyText()).not.toBeEmpty();
  // Said once, before the tap; the conversation itself has room (the reply is labelled a draft).
  await expect(page.getByRole('note').filter({ hasText: 'No AI model is connected' })).toHaveCount(
    0,
  );
  await expect(redToast(page)).toHaveCount(0);
});

test("with no model, a flow's last step says the rep gets a draft built from their answers, and competitive intelligence says it needs a model before the tap", async ({
  page,
}) => {
  await logIn(page.request, proRep);
  const flows = new FlowPage(page);
  const draftNote = flows.card.getByRole('note');
  await flows.openFlow('email');
  // Not on the way: only where the rep is about to ask for the result.
  await expect(draftNote).toHaveCount(0);
  await flows.answer('Dana Ortiz, VP Sales at Freightly. Just raised a Series B');
  await flows.answer('We cut new-rep ramp time from 6 months to 10 weeks');
  await expect(flows.button('Generate Email')).toBeVisible();
  await expect(draftNote).toHaveText(
    "No AI model is connected: you'll get a draft built from your answers.",
  );
  await expect(draftNote).toBeInViewport();

  await page.goto('/competitive');
  const researchNote = page.getByRole('note').filter({ hasText: 'No AI model is connected' });
  await expect(researchNote).toHaveText(
    "No AI model is connected: competitor research needs one, so it can't run yet.",
  );
  await page
    .getByLabel('Product or market to analyze')
    .fill('Scheduling software for dental clinics');
  await expect(page.getByRole('button', { name: 'Analyze Competitors' })).toBeDisabled();
  await expect(redToast(page)).toHaveCount(0);
});

test('a wrong setup link is refused in plain words, and the address never keeps a token', async ({
  page,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  await page.goto('/setup?token=not-the-token');
  // The token leaves the address (and the history) at once.
  await expect(page).toHaveURL(/\/setup$/);
  await expect(
    page.getByRole('heading', { name: 'Set up Pitchpad: you become its operator' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Become the operator' }).click();
  await expect(page.getByRole('alert')).toContainText('This setup link is not valid');
  await expect(page.getByRole('alert')).toContainText('used already');
});

test('the setup link makes the user who registers there the operator and opens Settings → Model; a second visitor is told an operator exists', async ({
  page,
  browser,
}) => {
  await page.goto(`/setup?token=${encodeURIComponent(setupToken())}`);
  await expect(page).toHaveURL(/\/setup$/);
  await expect(
    page.getByRole('heading', { name: 'Set up Pitchpad: you become its operator' }),
  ).toBeVisible();

  // The usual account forms, which bring the visitor back here.
  await page.getByRole('link', { name: 'Create account' }).click();
  const auth = new AuthPage(page);
  await auth.register(operator);
  const settingsHeading = page.getByRole('heading', { name: 'Model', exact: true });
  await expect(auth.loginForm.or(settingsHeading)).toBeVisible();
  if (await auth.loginForm.isVisible()) await auth.logIn(operator.username, operator.password);

  await expect(page).toHaveURL(/\/settings\/model$/);
  await expect(settingsHeading).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'No AI model is connected.' }),
  ).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('setupToken'))).toBeNull();

  // The account menu leads the operator here.
  await page.goto('/dashboard');
  const menu = await auth.openAccountMenu();
  await menu.getByText('Settings').click();
  await expect(page).toHaveURL(/\/settings\/model$/);

  // The link works once: someone else opening it meets the operator who exists.
  const other = await browser.newContext({
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const stranger = await other.newPage();
  await stranger.goto(`/setup?token=${encodeURIComponent(setupToken())}`);
  await expect(stranger.getByRole('alert')).toContainText('This Pitchpad already has an operator');
  await expect(stranger.getByRole('link', { name: 'Create account' })).toHaveCount(0);
  // And a rep who finds Settings → Model is told who can change it.
  await registerAndLogIn(stranger.request, { name: 'Rita Rep', ...uniqueCredentials('rita') });
  await stranger.goto('/settings/model');
  await expect(
    stranger.getByRole('heading', { name: 'Only the operator can change this' }),
  ).toBeVisible();
  await expect(stranger.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  await other.close();
});

test('the operator connects the fake model from Settings → Model on a phone: Test lists its models, Save, and the next chat answer comes from the model without a restart', async ({
  page,
}) => {
  await logIn(page.request, operator);
  const chat = new ChatPage(page);
  await chat.open();
  // The operator sees the way to fix it where the notice is.
  await expect(
    page.locator('.chat__empty').getByRole('link', { name: 'Connect a model' }),
  ).toBeVisible();
  await page.locator('.chat__empty').getByRole('link', { name: 'Connect a model' }).click();
  await expect(page).toHaveURL(/\/settings\/model$/);

  await expectNoSeriousA11yViolations(page, 'Settings → Model');
  await expectTapTargetsLargeEnough(page, 'Settings → Model');

  await page.getByRole('radio', { name: /OpenAI-compatible server/ }).check();
  const baseUrl = page.getByRole('textbox', { name: 'Base URL' });
  // With the keyboard up, the field being typed into stays in view.
  await showKeyboard(page, baseUrl);
  await baseUrl.fill(FAKE_MODEL_URL);
  await expectOnScreen(baseUrl, 'the Base URL field with the keyboard up');
  await hideKeyboard(page);

  const modelForm = page.getByRole('form', { name: 'Model settings' });
  await modelForm.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.getByText('Connected. The server offers 1 model.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'gpt-4o' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Default model' })).toHaveValue('gpt-4o');
  await expectNoSeriousA11yViolations(page, 'Settings → Model after a test');

  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(page, 'Settings → Model at 320 px');
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(chat.toast).toContainText('Model saved');
  await expect(modelForm.getByRole('status').filter({ hasText: 'Connected.' })).toContainText(
    'gpt-4o',
  );

  // The speech model for debriefs is the chat model's server now; one button tests it.
  const speech = page.getByRole('form', { name: 'Speech model (voice debriefs)' });
  await expect(speech.getByRole('status').first()).toContainText(
    `Debriefs are transcribed with whisper-1 at ${FAKE_MODEL_URL}`,
  );
  await speech.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(speech.getByText('The speech server answered: whisper-1 is ready.')).toBeVisible();

  // The next chat answer is the model's (the fake echoes), with no restart, and the notice is gone.
  await chat.open();
  await expect(chat.input).toBeVisible();
  await expect(page.locator('.chat__empty').getByRole('note')).toHaveCount(0);
  await chat.send('hello from the operator');
  await expect(chat.replyText()).toContainText('You said: hello from the operator');
});
