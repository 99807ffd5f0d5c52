import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';

/** The header's history button and the Saved History bottom sheet. */
export class HistorySheet extends AppPage {
  get button(): Locator {
    return this.header.getByRole('button', { name: /^Saved history/ });
  }

  get badge(): Locator {
    return this.header.getByTestId('history-badge');
  }

  get sheet(): Locator {
    return this.page.getByRole('dialog', { name: 'Saved History' });
  }

  async open(): Promise<void> {
    await this.button.click();
    await expect(this.sheet).toBeVisible();
  }

  async close(): Promise<void> {
    await this.sheet.getByRole('button', { name: 'Close' }).click();
    await expect(this.sheet).toBeHidden();
  }

  get items(): Locator {
    return this.sheet.locator('.history-item');
  }

  item(name: string): Locator {
    return this.items.filter({ has: this.page.locator('.history-item__name', { hasText: name }) });
  }

  get names(): Locator {
    return this.sheet.locator('.history-item__name');
  }

  async startRename(name: string): Promise<Locator> {
    await this.sheet.getByRole('button', { name: `Rename ${name}`, exact: true }).click();
    const field = this.sheet.getByRole('textbox', { name: 'New name' });
    await expect(field).toBeFocused();
    return field;
  }

  async rename(name: string, to: string): Promise<void> {
    const field = await this.startRename(name);
    await field.fill(to);
    await this.sheet.getByRole('button', { name: 'Save name' }).click();
  }

  async delete(name: string): Promise<void> {
    await this.sheet.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await this.sheet.getByRole('button', { name: 'Delete', exact: true }).click();
  }
}
