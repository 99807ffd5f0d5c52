import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';

/** /kit: the rep's sales kit, its files and the ones on their way. */
export class KitPage extends AppPage {
  async openFromUserMenu(): Promise<void> {
    const menu = await this.openAccountMenu();
    await menu.getByText('Sales kit').click();
    await expect(this.page).toHaveURL(/\/kit$/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sales kit' })).toBeVisible();
  }

  /** Pick a file with the browser's file chooser, as a finger on 'Add a file' does. */
  async addFile(name: string, mimeType: string, bytes: Uint8Array): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: 'Add a file' }).click();
    await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(bytes) });
  }

  get files(): Locator {
    return this.page.getByRole('list', { name: 'Your files' });
  }

  file(name: string): Locator {
    return this.files.getByRole('listitem').filter({ hasText: name });
  }

  /** Delete a stored file, confirming in the dialog. */
  async deleteFile(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Delete “${name}”?` });
    await expect(dialog).toContainText('Its passages leave every answer at once.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
  }
}
