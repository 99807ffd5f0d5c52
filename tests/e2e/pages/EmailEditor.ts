import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** 'Edit before sending': the editor over an email result, with the coach's score. */
export class EmailEditor {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Edit email' });
  }

  get subject(): Locator {
    return this.dialog.getByRole('textbox', { name: 'Subject' });
  }

  get body(): Locator {
    return this.dialog.getByRole('textbox', { name: 'Body' });
  }

  /** The score, as a screen reader reads it: '91 out of 100, Strong'. */
  get score(): Locator {
    return this.dialog.getByRole('meter', { name: 'Coach score' });
  }

  get fixes(): Locator {
    return this.dialog.locator('.email-coach__fix');
  }

  /** Opens the editor from a result's actions ('Edit'). */
  async openFrom(actions: Locator): Promise<void> {
    await actions.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(this.dialog).toBeVisible();
  }

  async expectScore(score: number, word: string): Promise<void> {
    await expect(this.score).toHaveAttribute('aria-valuetext', `${score} out of 100, ${word}`);
    await expect(this.score).toHaveText(String(score));
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }

  async cancel(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }
}
