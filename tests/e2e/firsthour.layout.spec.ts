import type { Locator, Page } from '@playwright/test';
import { SAMPLE_IDEAS } from '../../web/features/landing/sampleIdeas';
import { expect, test } from './fixtures';
import { registerAndLogIn } from './pages/session';
import { hideKeyboard, showKeyboard } from './support/keyboard';
import { Network } from './support/network';

// A newcomer's first screens on a 320 px phone. A browser is needed: what is cut off, what fits
// beside what and what a toast covers are the real font's widths and the drawn boxes.

test.use({ viewport: { width: 320, height: 568 } });

/** The element's box lies whole on a 320 px screen. */
async function expectWithin320(element: Locator, what: string): Promise<void> {
  await expect(element, what).toBeVisible();
  const box = (await element.boundingBox())!;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(320);
}

/** The header keeps the brand's name, drawn whole, and every control on screen. */
async function expectHeaderFits(page: Page, controls: Locator[], state: string): Promise<void> {
  const name = page.locator('header.app-header .brand__name');
  await expect(name, `'Pitchpad' in the header ${state}`).toHaveText('Pitchpad');
  await expectWithin320(name, `'Pitchpad' ${state}`);
  expect(
    await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
    `'Pitchpad' drawn whole ${state}`,
  ).toBe(true);
  for (const control of controls) await expectWithin320(control, `${control} ${state}`);
}

/** Every placeholder the input shows (the landing's sample ideas) fits it whole, in the placeholder's font. */
function placeholdersThatDoNotFit(input: Locator, samples: readonly string[]): Promise<string[]> {
  return input.evaluate((field, ideas) => {
    const style = getComputedStyle(field);
    const font = getComputedStyle(field, '::placeholder');
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${font.fontWeight} ${font.fontSize} ${font.fontFamily}`;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return ideas.filter((idea) => context.measureText(idea).width > room);
  }, samples);
}

/**
 * Two boxes that share no area. Polled: a header drawn after the toast opened (the chat's, as the
 * registration's welcome shows) moves the toast under it at the toast's next look.
 */
async function expectApart(a: Locator, b: Locator, what: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const [p, q] = [(await a.boundingBox())!, (await b.boundingBox())!];
        const overlap =
          p.x < q.x + q.width &&
          q.x < p.x + p.width &&
          p.y < q.y + q.height &&
          q.y < p.y + p.height;
        return overlap ? `overlap: ${JSON.stringify(p)} and ${JSON.stringify(q)}` : 'apart';
      },
      { message: what, timeout: 5_000 },
    )
    .toBe('apart');
}

test("at 320 px the landing page keeps 'Pitchpad' in the header, shows each sample idea whole and says what to type; a signed-in rep gets 'Analyze', online or off", async ({
  page,
  context,
  landing,
  newAccount,
}) => {
  await landing.open();
  await expectHeaderFits(
    page,
    [landing.signInButton, landing.header.getByRole('button', { name: 'Open menu' })],
    'for a guest',
  );
  await expect(landing.signInButton).toHaveAccessibleName('Sign In / Sign Up');
  expect(await placeholdersThatDoNotFit(landing.ideaInput, SAMPLE_IDEAS)).toEqual([]);

  // Blank: disabled, as the spec says, with the line under it saying what to type.
  const analyze = page.getByRole('button', { name: 'Analyze (without signing up)' });
  await expect(analyze).toBeDisabled();
  await expect(analyze).toHaveAccessibleDescription(
    'Type your idea above, in a sentence, to analyze it.',
  );
  await expect(page.getByText('Type your idea above, in a sentence, to analyze it.')).toBeVisible();
  await landing.typeIdea('Inventory app for cafés');
  await expect(analyze).toBeEnabled();
  await expect(page.getByText('Type your idea above, in a sentence, to analyze it.')).toBeHidden();

  // Signed in: 'Analyze', and the header's history, account and menu buttons beside the name.
  await registerAndLogIn(page.request, newAccount);
  await landing.open();
  await expect(page.getByRole('button', { name: 'Analyze', exact: true })).toBeVisible();
  const signedInControls = [
    landing.header.getByRole('button', { name: /Saved history/ }),
    landing.accountMenuButton,
    landing.header.getByRole('button', { name: 'Open menu' }),
  ];
  await expectHeaderFits(page, signedInControls, 'signed in');
  await page.goto('/chat');
  const message = page.getByRole('textbox', { name: 'Message' });
  await expect(message).toBeVisible();
  expect(await placeholdersThatDoNotFit(message, ['Type your message...'])).toEqual([]);
  await landing.open();
  // Nothing in the header while all is well; offline, its mark joins them and the name stays.
  await expect(landing.syncBadge).toHaveCount(0);
  // The worker keeps the header's code: offline before it controls the page, that code is not here.
  await landing.waitForOfflineReady();
  const network = new Network(context);
  await network.goOffline();
  await expect(landing.syncBadge).toContainText('Offline');
  await expectHeaderFits(page, [landing.syncBadge, ...signedInControls], 'offline');
  await network.goOnline();
  await expect(landing.syncBadge).toHaveCount(0);
});

test('a toast hangs under the headers, leaving their controls and the input bar uncovered, and stays above the on-screen keyboard', async ({
  page,
  auth,
  chat,
  newAccount,
}) => {
  // The new account's welcome, on the chat the registration leads to.
  await auth.open('/auth/register');
  await auth.register(newAccount);
  const toast = page.locator('ion-toast .toast-wrapper');
  await expect(toast).toContainText(`Welcome to Pitchpad, ${newAccount.name.split(' ')[0]}`);
  const headers = [page.locator('header.app-header'), page.locator('header.chat-header')];
  for (const header of headers) await expectApart(toast, header, 'the toast covers a header');
  await expectApart(toast, page.locator('.chat-input'), 'the toast covers the input bar');
  await expectWithin320(toast, 'the toast');

  // The keyboard comes up while it shows: it stays whole above it, clear of the input bar.
  await showKeyboard(page, chat.input);
  await expect
    .poll(() =>
      toast.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const visual = window.visualViewport!;
        return box.top >= visual.offsetTop && box.bottom <= visual.offsetTop + visual.height;
      }),
    )
    .toBe(true);
  await expectApart(toast, page.locator('.chat-input'), 'the toast covers the input bar');
  for (const header of headers) await expectApart(toast, header, 'the toast covers a header');
  await hideKeyboard(page);
});
