import { expect, type Page } from '@playwright/test';

/** Waits until the meeting's card on /meetings says its brief is made (the server makes it in the background). */
export async function waitForBrief(page: Page, title: string): Promise<void> {
  const card = page.locator('.meeting-card').filter({ hasText: title });
  await expect(async () => {
    await page.reload();
    await expect(card).toContainText('Prep brief ready', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}
