import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';

export class PricingPage extends AppPage {
  async open(): Promise<void> {
    await this.page.goto('/pricing');
    await this.waitForApp();
  }

  plan(name: 'Pro' | 'Team'): Locator {
    return this.page
      .locator('article.plan-card')
      .filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  get upgradeButton(): Locator {
    return this.plan('Pro').getByRole('button', { name: 'Upgrade to Pro' });
  }

  get currentPlanButton(): Locator {
    return this.plan('Pro').getByRole('button', { name: 'Current Plan' });
  }

  get contactButton(): Locator {
    return this.plan('Team').getByRole('button', { name: 'Contact Pitchpad' });
  }

  get teamDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Work With Us' });
  }
}
