import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import {
  TOUR_TIMEOUT_MS,
  tourAsFreeUser,
  tourAsGuest,
  tourProFlows,
  tourProTools,
} from './support/tour';

// On a 320×568 phone the header fits, the chat title stays readable,
// and no screen scrolls sideways (document.documentElement.scrollWidth <= 320, and nothing sticks out
// past the edge where Ionic's content would clip it instead).

test.use({ viewport: { width: 320, height: 568 } });

test('at 320×568 no screen a guest sees scrolls sideways', async ({ page }) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourAsGuest(page, (screen) => expectNoSidewaysScroll(page, screen));
});

test('at 320×568 no screen a free user sees scrolls sideways: dashboard, menus, chat, offline mark, drawer, history, checkout', async ({
  page,
  newAccount,
}) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourAsFreeUser(page, newAccount, (screen) => expectNoSidewaysScroll(page, screen));
});

test('at 320×568 no guided flow, result or history screen scrolls sideways', async ({
  page,
  newAccount,
}) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourProFlows(page, newAccount, (screen) => expectNoSidewaysScroll(page, screen), [
    'email',
    'demo',
    'gtmplan',
    'followup',
    'crmnote',
  ]);
});

test('at 320×568 no Pro tool scrolls sideways: competitive intelligence with its matrix, /pro, pricing', async ({
  page,
  newAccount,
}) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourProTools(page, newAccount, (screen) => expectNoSidewaysScroll(page, screen));
});

/** The element's box lies on screen, left to right. */
async function expectOnScreen(control: Locator): Promise<void> {
  await expect(control).toBeVisible();
  const box = (await control.boundingBox())!;
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(320);
}

/** The title's text is shown whole: not cut with an ellipsis. */
function titleFits(page: Page): Promise<boolean> {
  return page
    .locator('header.chat-header .chat-header__title')
    .evaluate((title) => title.scrollWidth <= title.clientWidth);
}

test('at 320×568 the signed-in header fits with the menu button fully on screen, and the chat and flow titles stay readable', async ({
  page,
  flows,
  history,
  newAccount,
}) => {
  await flows.openAsNewProUser(newAccount);
  for (const control of [
    page.getByRole('link', { name: 'Pitchpad home' }),
    history.button,
    flows.accountMenuButton,
    flows.header.getByRole('button', { name: 'Open menu' }),
  ]) {
    await expectOnScreen(control);
  }

  // The chat's title has the width between the Tools and new-chat buttons; the model sits under it.
  await expect(flows.title).toHaveText('New Conversation');
  expect(await titleFits(page)).toBe(true);
  expect((await flows.title.boundingBox())!.width).toBeGreaterThanOrEqual(190);
  const chatHeader = page.locator('header.chat-header');
  for (const control of [
    chatHeader.getByRole('button', { name: 'Tools', exact: true }),
    chatHeader.getByRole('button', { name: 'New Chat' }),
    chatHeader.getByRole('combobox', { name: 'Model' }),
  ]) {
    await expectOnScreen(control);
  }

  // A flow's title stays whole beside its History toggle.
  await flows.openFlow('email');
  await expect(flows.title).toHaveText('Create Cold Email');
  expect(await titleFits(page)).toBe(true);
  await expectOnScreen(chatHeader.getByRole('button', { name: 'Show History' }));
  await expectOnScreen(chatHeader.getByRole('button', { name: 'New Chat' }));
});
