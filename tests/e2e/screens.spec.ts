import { test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectTapTargetsLargeEnough } from './support/tapTargets';
import {
  FLOW_HALVES,
  TOUR_TIMEOUT_MS,
  tourAsGuest,
  tourAsFreeUser,
  tourProFlows,
  tourProTools,
  type ScreenCheck,
} from './support/tour';

// Every screen a rep reaches on a phone, walked once, with two checks on each: axe-core finds no
// serious or critical problem (text contrast of 4.5:1 included: toasts, type badges, section
// labels), and every control a finger can tap is at least 44×44 CSS px (support/tapTargets.ts says
// what counts; a link inside a sentence is exempt, as WCAG 2.5.8 allows). A browser is what lays
// the screens out and computes their colours.

function accessibleAndTappable(
  page: Parameters<typeof expectTapTargetsLargeEnough>[0],
): ScreenCheck {
  return async (screen) => {
    await expectNoSeriousA11yViolations(page, screen);
    await expectTapTargetsLargeEnough(page, screen);
  };
}

test('every screen a guest sees is accessible and tappable: landing, menu, about, pricing, sign-in, register, 404, idea analysis', async ({
  page,
}) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourAsGuest(page, accessibleAndTappable(page));
});

test('every screen a free user sees is accessible and tappable: dashboard, menus, chat with a streamed and a queued message, drawer, history, toasts, checkout', async ({
  page,
  newAccount,
}) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourAsFreeUser(page, newAccount, accessibleAndTappable(page));
});

for (const flows of FLOW_HALVES) {
  test(`the guided flows (${flows.join(', ')}), their results and the history are accessible and tappable`, async ({
    page,
    newAccount,
  }) => {
    test.setTimeout(TOUR_TIMEOUT_MS);
    await tourProFlows(page, newAccount, accessibleAndTappable(page), flows);
  });
}

test("a Pro user's tools are accessible and tappable: competitive intelligence with its matrix, /pro, pricing, payment result", async ({
  page,
  newAccount,
}) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourProTools(page, newAccount, accessibleAndTappable(page));
});
