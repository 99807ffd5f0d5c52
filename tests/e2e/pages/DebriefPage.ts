import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';

/**
 * /debrief and the microphone's dialog on a field: recording uses Chromium's fake
 * microphone (playwright.config.ts), a tone, so a recording has real audio.
 */
export class DebriefPage extends AppPage {
  async open(): Promise<void> {
    await this.goto('/debrief');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Debrief a meeting' }),
    ).toBeVisible();
  }

  get meeting(): Locator {
    return this.page.getByRole('textbox', { name: /Who was the meeting with/ });
  }

  /** Record in `scope` (the screen, or the microphone's dialog) until the timer shows `seconds`. */
  async record(scope: Locator, seconds = 2): Promise<void> {
    await scope.getByRole('button', { name: 'Record', exact: true }).click();
    const stop = scope.getByRole('button', { name: 'Stop', exact: true });
    await expect(stop).toBeVisible();
    await expect(scope.locator('.recorder__time')).toContainText(`0:0${seconds}`);
    await stop.click();
  }

  get recordings(): Locator {
    return this.page
      .getByRole('listitem')
      .filter({ has: this.page.locator('.debrief-card__name') });
  }

  recording(name: string): Locator {
    return this.page.locator('.debrief-card').filter({ hasText: name });
  }

  /** The microphone beside a field, and the dialog it opens. */
  async openMicrophone(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Record a voice note' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Record a voice note' });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}
