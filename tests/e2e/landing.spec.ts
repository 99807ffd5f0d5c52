import { expect, test } from './fixtures';

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
  expect(await page.evaluate(() => localStorage.getItem('startupIdea'))).toBe('A marketplace for second-hand lab equipment');
});

test('a guest picking a PRO tool is asked to log in, then sent on to pricing', async ({ page, landing }) => {
  await landing.open();
  await expect(landing.toolCard('Generate Cold Emails')).toContainText('PRO');
  await landing.toolCard('Generate Cold Emails').click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=pricing$/);
  const pending = await page.evaluate(() => localStorage.getItem('pendingChatDestination'));
  expect(JSON.parse(pending ?? 'null')).toEqual({ title: 'Generate Cold Emails', interviewType: 'email' });
});
