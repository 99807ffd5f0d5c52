import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { AppPage } from './pages/AppPage';
import { registerAndLogIn } from './pages/session';
import { upgradeToPro } from './support/billing';
import { expectNoSidewaysScroll } from './support/layout';
import { settle } from './support/settle';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

const unique = () => randomUUID().slice(0, 8);

/** The tools an empty chat offers, in order: the guided flows and competitive intelligence. */
const CHAT_TOOL_TITLES = [
  'Build Your GTM Plan',
  'Refine Your Value Proposition',
  'Define Customer Personas',
  'Handle Objections',
  'Generate Cold Emails',
  'Customer Call Analysis',
  'Follow-up Email',
  'CRM Note',
  'Competitive Intelligence',
];

/** A control a finger can hit: on screen, at least 44×44 px. */
async function expectTappable(control: Locator, page: Page): Promise<void> {
  const box = (await control.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

for (const size of [
  { width: 390, height: 844 },
  { width: 320, height: 568 },
]) {
  test(`at ${size.width} px an empty chat offers the tools as cards and names its Tools button in words; a PRO card leads a free user to the upgrade`, async ({
    page,
    chat,
    newAccount,
  }) => {
    await page.setViewportSize(size);
    await chat.openAsNewUser(newAccount);

    // The header's button says what it holds, and is still a full-size target that fits.
    await expect(page.locator('header.chat-header .chat-header__tools-button')).toHaveText('Tools');
    await expect(chat.toolsButton).toBeVisible();
    // The title keeps the width between the two buttons.
    expect((await chat.title.boundingBox())!.width).toBeGreaterThanOrEqual(190);
    await expectTappable(chat.toolsButton, page);
    await expectTappable(
      page.locator('header.chat-header').getByRole('button', { name: 'New Chat' }),
      page,
    );

    // Under the welcome, the landing page's cards: every tool, marked PRO for a free user.
    await expect(chat.welcome).toContainText('Welcome to Pitchpad!');
    await expect(chat.toolCards).toHaveText(CHAT_TOOL_TITLES.map((title) => new RegExp(title)));
    await expect(chat.toolCards.locator('.pro-badge')).toHaveText(
      CHAT_TOOL_TITLES.map(() => 'PRO'),
    );
    await expectNoSidewaysScroll(page, `the empty chat at ${size.width} px`);

    // The Tools button opens the drawer with the guided flows.
    const drawer = await chat.openSidebar();
    await expect(drawer.getByRole('navigation', { name: 'Guided flows' })).toBeVisible();
    await page.keyboard.press('Escape');

    // A PRO card leads a free user where the drawer's menu does: to the upgrade.
    const card = chat.toolCards.filter({ hasText: 'Generate Cold Emails' });
    await card.scrollIntoViewIfNeeded();
    await card.tap();
    await expect(page).toHaveURL(/\/pricing$/);
  });
}

test("a Pro rep's empty chat offers the tools unmarked, and a card opens its flow in one tap, its first answer ready for typing", async ({
  page,
  chat,
  flows,
  newAccount,
}) => {
  await chat.openAsNewProUser(newAccount);
  await expect(chat.toolCards).toHaveCount(CHAT_TOOL_TITLES.length);
  await expect(chat.toolCards.locator('.pro-badge')).toHaveCount(0);
  const card = chat.toolCards.filter({ hasText: 'Generate Cold Emails' });
  await card.scrollIntoViewIfNeeded();
  await card.tap();
  await expect(page).toHaveURL(/\/chat\?flow=email$/);
  await flows.expectStep('Question 1 of 3', 'Who are you writing to?');
  await expect(flows.answerBox).toBeFocused();
});

test('a signed-in Pro rep goes from the landing page to a generated cold email in at most 4 taps plus the answers', async ({
  page,
  landing,
  flows,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  await upgradeToPro(page.request);
  await landing.open();

  // Every tap of the path is counted here; typing and Enter are the answers.
  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.tap();
  };

  // 1. The landing card opens the flow itself.
  await tap(landing.toolCard('Generate Cold Emails'));
  await expect(page).toHaveURL(/\/pro\/email$/);
  await flows.expectStep('Question 1 of 3', 'Who are you writing to?');
  // The first answer has the focus (no tap into the field) and Enter moves on, answer after answer.
  await expect(flows.answerBox).toBeFocused();
  await page.keyboard.type(
    `Dana Ortiz ${unique()}, VP Sales at Freightly. Just raised a Series B and is hiring 20 reps.`,
  );
  await page.keyboard.press('Enter');
  await flows.expectStep('Question 2 of 3');
  await expect(flows.answerBox).toBeFocused();
  await page.keyboard.type(
    'We cut new-rep ramp time from 6 months to 10 weeks; Acme saw quota attainment up 32%.',
  );
  await page.keyboard.press('Enter');
  await flows.expectStep('Question 3 of 3');
  await expect(flows.answerBox).toBeFocused();
  await page.keyboard.type('cal.com/ada/20min');
  // 2. Generate Email (Enter would do too).
  await tap(flows.button('Generate Email'));

  await expect(flows.replyText()).toContainText('You said: Write a personalized cold email');
  // The link typed without https:// went into the email's answers as a link.
  await expect(page.locator('.chat__messages details.answers-card')).toContainText(
    'https://cal.com/ada/20min',
    { useInnerText: false },
  );
  expect(taps, 'taps from the landing page to the email').toBeLessThanOrEqual(4);
});

test('the booking link must be a link or blank: anything else stays on the step and says what to enter', async ({
  flows,
  newAccount,
}) => {
  await flows.openProToolAsNewUser(newAccount, '/pro/email');
  await flows.answer(`Dana Ortiz ${unique()}, VP Sales at Freightly`);
  await flows.answer('We cut new-rep ramp time from 6 months to 10 weeks');
  await flows.answer('my calendar', 'Generate Email');
  await flows.expectStep('Question 3 of 3');
  await expect(flows.card.getByRole('alert')).toHaveText(
    'Enter a link they can open, like https://cal.com/you/20min, or leave this blank.',
  );
  await expect(flows.answerBox).toHaveAttribute('aria-invalid', 'true');
  await expect(flows.answerBox).toHaveAttribute('inputmode', 'url');
  await flows.answer('https://cal.com/ada/20min', 'Generate Email');
  await expect(flows.replyText()).toContainText('You said: Write a personalized cold email');
});

test("at 320 px the Stop button takes Send's place and leaves the message box its width", async ({
  page,
  chat,
  newAccount,
}) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await chat.openAsNewUser(newAccount);
  const box = page.locator('.chat-input__field');
  const before = (await box.boundingBox())!;

  // A token a second: the reply is still streaming when Stop is tapped, however busy the machine
  // (at 80 ms it once ended just before the tap, which then landed on Send in the same slot).
  await chat.send(
    `Tell the whole story ${unique()} ${'once upon a time there was a sales rep '.repeat(6).trim()} [[delay:1000]]`,
  );
  await expect(chat.stopButton).toBeVisible();
  await expect(chat.sendButton).toHaveCount(0);
  const streaming = (await box.boundingBox())!;
  expect(
    streaming.width,
    'the message box keeps its width while a reply streams',
  ).toBeGreaterThanOrEqual(before.width - 1);
  expect(streaming.width).toBeGreaterThanOrEqual(200);
  await expectTappable(chat.stopButton, page);
  // The rep can write the next message meanwhile.
  await chat.input.fill('And then?');
  await expect(chat.input).toHaveValue('And then?');

  await chat.stopButton.click();
  await expect(chat.stopButton).toBeHidden();
  await expect(chat.sendButton).toBeEnabled();
});

test('the install offer stays off the sign-in screens and shows on the next screen that is the app', async ({
  page,
}) => {
  await page.goto('/about');
  await new AppPage(page).waitForApp();
  const installBanner = page.getByRole('region', { name: 'Install Pitchpad' });
  // What Chrome fires when the app can be installed (features/pwa/pwaStatus.ts keeps it for the banner).
  await page.evaluate(() => window.dispatchEvent(new Event('beforeinstallprompt')));

  // A second screen would show it, but not a sign-in screen: the rep is typing a password there.
  await new AppPage(page).signInButton.click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await settle(page);
  await expect(installBanner).toHaveCount(0);
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await settle(page);
  await expect(installBanner).toHaveCount(0);

  // Back in the app, it shows.
  await page.getByRole('link', { name: 'Pitchpad home' }).click();
  await expect(installBanner).toBeVisible();
});

test('at 320 px a toast leaves the headers, the history sheet and the input bar uncovered', async ({
  page,
  flows,
  history,
  newAccount,
}) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await flows.openAsNewProUser(newAccount);
  await flows.openFlow('email');
  const recipient = `Dana Ortiz ${unique()}`;
  await flows.answerBox.fill(recipient);
  await flows.button('Skip to Email').click();
  await expect(flows.replyText()).toContainText('You said:');
  const toast = page.locator('ion-toast .toast-wrapper');
  await expect(toast).toContainText('Cold Email Generated');
  await expectApart(toast, page.locator('.chat-input'));
  await expectApart(toast, page.locator('header.chat-header'));
  await expectApart(toast, page.locator('header.app-header'));

  await history.open();
  await history.rename(`Cold Email to ${recipient}`, 'Dana: first touch');
  await expect(toast).toContainText('Renamed');
  await expectApart(toast, history.sheet);
});

/** Two boxes that share no area. */
async function expectApart(a: Locator, b: Locator): Promise<void> {
  const [p, q] = [(await a.boundingBox())!, (await b.boundingBox())!];
  const overlap =
    p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
  expect(overlap, `boxes ${JSON.stringify(p)} and ${JSON.stringify(q)} overlap`).toBe(false);
}
