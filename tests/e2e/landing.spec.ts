import { expect, test } from './fixtures';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

test("'Analyze (without signing up)' waits for an idea", async ({ page, landing }) => {
  await landing.open();
  await expect(landing.heading).toBeVisible();
  await expect(landing.analyzeButton).toBeDisabled();

  await landing.typeIdea('   ');
  await expect(landing.analyzeButton).toBeDisabled();

  await landing.typeIdea('A marketplace for second-hand lab equipment');
  await expect(landing.analyzeButton).toBeEnabled();

  await landing.analyzeButton.click();
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(await page.evaluate(() => localStorage.getItem('startupIdea'))).toBe(
    'A marketplace for second-hand lab equipment',
  );
});

test('a guest picking a PRO tool is asked to log in, then sent on to pricing', async ({
  page,
  landing,
}) => {
  await landing.open();
  await expect(landing.toolCard('Generate Cold Emails')).toContainText('PRO');
  await landing.toolCard('Generate Cold Emails').click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=pricing$/);
  const pending = await page.evaluate(() => localStorage.getItem('pendingChatDestination'));
  expect(JSON.parse(pending ?? 'null')).toEqual({
    title: 'Generate Cold Emails',
    interviewType: 'email',
  });
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the guest header keeps 'Sign In / Sign Up' and the menu on screen, and the header does not jump when the app takes over", async ({
    page,
    landing,
  }) => {
    await landing.open();
    const signIn = page
      .getByRole('link', { name: 'Sign In / Sign Up' })
      .or(page.getByRole('button', { name: 'Sign In / Sign Up' }))
      .first();
    const menu = page.getByRole('button', { name: 'Open menu' });
    for (const control of [signIn, menu]) {
      await expect(control).toBeVisible();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    // The prerendered header (before the app takes the page over) has the height it has once drawn.
    const drawn = await page
      .locator('.app-header__bar')
      .evaluate((el) => el.getBoundingClientRect().height);
    const context = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false });
    const before = await context.newPage();
    await before.goto(page.url());
    expect(
      await before.locator('.app-header__bar').evaluate((el) => el.getBoundingClientRect().height),
    ).toBe(drawn);
    await context.close();
  });
});
