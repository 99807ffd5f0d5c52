import { expect, test } from './fixtures';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// The screens' axe-core and tap-target checks walk every screen in screens.spec.ts; here, what a
// tour cannot see: the names of the menus and the keyboard reaching wide content.

test('the account button is named by what it shows, the menus are labelled dialogs, and a wide table or code block scrolls from the keyboard', async ({
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
