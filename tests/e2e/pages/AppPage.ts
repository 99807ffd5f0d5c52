import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { waitForWorker } from '../support/network';

/** What every screen shares: the header, its menus and the toast. */
export class AppPage {
  constructor(readonly page: Page) {}

  /** A prerendered page (/, /about, /pricing, 404) is live once the app has taken it over (web/boot.tsx). */
  async waitForApp(): Promise<void> {
    await expect(this.page.locator('#root')).not.toHaveAttribute('data-prerendered');
  }

  /**
   * Opens a screen and waits until the app draws it: a signed-in screen first paints its shell
   * (web/build/prerender.ts), which keeps a tap and what is typed, but not a picked file.
   */
  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await this.waitForApp();
  }

  /** Waits until the service worker controls the page: from then on the app starts offline. */
  async waitForOfflineReady(): Promise<void> {
    await waitForWorker(this.page);
  }

  get header(): Locator {
    return this.page.locator('header.app-header');
  }

  get signInButton(): Locator {
    return this.header.getByRole('link', { name: 'Sign In / Sign Up' });
  }

  get accountMenuButton(): Locator {
    return this.header.getByRole('button', { name: 'Account menu' });
  }

  /** The header's connection mark: 'Offline' or 'N waiting'; none while all is well. */
  get syncBadge(): Locator {
    return this.header.locator('.sync-badge');
  }

  /** The one toast on screen (there is one at a time). */
  get toast(): Locator {
    return this.page.locator('ion-toast');
  }

  async expectToast(header: string, message?: string): Promise<void> {
    await expect(this.toast).toContainText(header);
    if (message) await expect(this.toast).toContainText(message);
  }

  async openAccountMenu(): Promise<Locator> {
    await this.accountMenuButton.click();
    const menu = this.page.locator('ion-popover.user-menu');
    await expect(menu).toBeVisible();
    return menu;
  }

  async goToDashboardFromMenu(): Promise<void> {
    const menu = await this.openAccountMenu();
    await menu.getByText('Dashboard').click();
    await expect(this.page).toHaveURL(/\/dashboard$/);
  }

  async logOutFromMenu(): Promise<void> {
    const menu = await this.openAccountMenu();
    await menu.getByText('Logout').click();
  }
}
