import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';
import type { NewAccount } from './AuthPage';
import { upgradeToPro } from '../support/billing';
import { registerAndLogIn } from './session';

/** /competitive: the description form, the analysis (grid, matrix, insights) and its actions. */
export class CompetitivePage extends AppPage {
  /** A new user who pays for Pro (competitive intelligence is a PRO tool), on the tool's page. */
  async openAsNewProUser(account: NewAccount): Promise<void> {
    await registerAndLogIn(this.page.request, account);
    await upgradeToPro(this.page.request);
    await this.page.goto('/competitive');
    await expect(this.heading).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Competitive Intelligence', level: 1 });
  }

  get description(): Locator {
    return this.page.getByRole('textbox', { name: 'Product or market to analyze' });
  }

  get analyzeButton(): Locator {
    return this.page.getByRole('button', { name: 'Analyze Competitors' });
  }

  async analyze(text: string): Promise<void> {
    await this.description.fill(text);
    await this.analyzeButton.click();
  }

  get ask(): Locator {
    return this.page.locator('.competitive-ask__bubble');
  }

  get spinner(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Analyzing competitors' });
  }

  get grid(): Locator {
    return this.page.getByRole('list', { name: 'Competitors' });
  }

  get cards(): Locator {
    return this.grid.locator('.competitor-card');
  }

  get matrix(): Locator {
    return this.page.getByRole('region', { name: 'Comparison matrix' });
  }

  get insights(): Locator {
    return this.page.locator('.competitive-insights li');
  }

  get error(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'Analysis Failed' });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }
}
