import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  FLOW_HALVES,
  TOUR_TIMEOUT_MS,
  tourAsFreeUser,
  tourAsGuest,
  tourProFlows,
  tourProTools,
} from './support/tour';

// Point 10 of the phone review: axe-core finds no serious or critical problem on any screen (text
// contrast of 4.5:1 included: toasts, type badges, section labels), signed out, free and Pro.

test('phone: 10. axe-core finds nothing serious on the screens a guest sees: landing, menu, about, pricing, sign-in, register, 404, idea analysis', async ({
  page,
}) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourAsGuest(page, (screen) => expectNoSeriousA11yViolations(page, screen));
});

test('phone: 10. axe-core finds nothing serious on a free user’s screens: dashboard, account and mobile menus, chat with a streamed reply, a queued message, drawer, history, toasts, checkout pages', async ({
  page,
  newAccount,
}) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourAsFreeUser(page, newAccount, (screen) => expectNoSeriousA11yViolations(page, screen));
});

for (const flows of FLOW_HALVES) {
  test(`phone: 10. axe-core finds nothing serious in the guided flows (${flows.join(', ')}), their results and the history with saved workflows`, async ({
    page,
    newAccount,
  }) => {
    test.setTimeout(TOUR_TIMEOUT_MS);
    await tourProFlows(
      page,
      newAccount,
      (screen) => expectNoSeriousA11yViolations(page, screen),
      flows,
    );
  });
}

test('phone: 10. axe-core finds nothing serious on a Pro user’s screens: competitive intelligence with its matrix, /pro, pricing, payment result', async ({
  page,
  newAccount,
}) => {
  test.setTimeout(TOUR_TIMEOUT_MS);
  await tourProTools(page, newAccount, (screen) => expectNoSeriousA11yViolations(page, screen));
});

test('phone: 10. the account button is named by what it shows, the menus are labelled dialogs, and a wide table or code block scrolls from the keyboard', async ({
  page,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  // 'Ada Founder' shows as 'AF': the button's name starts with it, so a voice user can say what they see.
  await expect(chat.accountMenuButton).toHaveAccessibleName('AF, Account menu');
  const accountMenu = await chat.openAccountMenu();
  await expect(accountMenu).toHaveAttribute('role', 'dialog');
  await expect(accountMenu).toHaveAttribute('aria-modal', 'true');
  await expect(accountMenu).toHaveAccessibleName('Account');
  await page.keyboard.press('Escape');
  await chat.header.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-modal', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  const table =
    '| Segment | TAM | SAM | SOM | Notes |\n| --- | --- | --- | --- | --- |\n| Plumbing firms with 2 to 20 vans | $5,000,000,000 | $1,200,000,000 | $60,000,000 | Winter churn |';
  const code =
    '```\nconst pipeline = leads.filter((lead) => lead.score > 80).map((lead) => lead.email).slice(0, 100);\n```';
  // Base64: the input bar is one line, and a table needs several.
  await chat.send(
    `A table and code [[reply64:${Buffer.from(`${table}\n\n${code}`).toString('base64')}]]`,
  );
  const reply = chat.replies.last();
  for (const region of [
    reply.getByRole('region', { name: 'Table' }),
    reply.getByRole('region', { name: 'Code' }),
  ]) {
    await expect(region).toBeVisible();
    // It is wider than the bubble, so it scrolls: and it takes the focus, so arrow keys scroll it.
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  }
});
