import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';

export class DashboardPage extends AppPage {
  async open(): Promise<void> {
    await this.page.goto('/dashboard');
  }

  /** The value shown next to an account label (Email, Username, Member Since). */
  detail(label: 'Email' | 'Username' | 'Member Since'): Locator {
    return this.page
      .locator('.account__row')
      .filter({ has: this.page.locator('dt', { hasText: label }) })
      .locator('dd');
  }

  usageCard(
    label: 'Total Chats' | 'Ideas Analyzed' | 'Time Saved' | 'AI allowance today',
  ): Locator {
    return this.page.getByTestId(`usage-${label}`);
  }

  get subscription(): Locator {
    return this.page.locator('section.subscription');
  }
}
