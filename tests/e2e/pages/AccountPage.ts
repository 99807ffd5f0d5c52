import { expect } from '@playwright/test';
import type { Download, Locator } from '@playwright/test';
import { AppPage } from './AppPage';

/** /account: export and delete. */
export class AccountPage extends AppPage {
  async open(): Promise<void> {
    await this.goto('/account');
    await expect(this.page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  }

  get downloadLink(): Locator {
    return this.page.getByRole('link', { name: 'Download my data' });
  }

  /** Tap 'Download my data' and wait for the browser's download. */
  async download(): Promise<Download> {
    const started = this.page.waitForEvent('download');
    await this.downloadLink.click();
    return started;
  }

  get deleteButton(): Locator {
    return this.page.getByRole('button', { name: 'Delete my account' });
  }

  /** The 'Delete your account' section (the Password and Email sections ask for the password too). */
  get deleteSection(): Locator {
    return this.page.getByRole('region', { name: 'Delete your account' });
  }

  get passwordField(): Locator {
    return this.deleteSection.getByLabel('Current password', { exact: true });
  }

  /** ConfirmIdentity's button, in the delete section's step that asks who it is. */
  get usePasskeyButton(): Locator {
    return this.deleteSection.getByRole('button', { name: 'Use a passkey instead' });
  }

  get continueButton(): Locator {
    return this.page.getByRole('button', { name: 'Continue' });
  }

  get warning(): Locator {
    return this.page.getByRole('alertdialog');
  }

  get deleteEverything(): Locator {
    return this.page.getByRole('button', { name: 'Delete everything' });
  }

  /** 'Delete my account', the password, Continue: the last warning shows. */
  async confirmWith(password: string): Promise<void> {
    await this.deleteButton.click();
    await this.passwordField.fill(password);
    await this.continueButton.click();
    await expect(this.warning).toBeVisible();
  }
}
