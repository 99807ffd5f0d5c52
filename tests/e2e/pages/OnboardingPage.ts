import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';

export type AnalysisTab = 'Market Size' | 'Value Prop' | 'Pricing' | 'YC Checklist';

/** /onboarding: the idea analysis, its four tabs and the guest save prompt. */
export class OnboardingPage extends AppPage {
  async open(query = ''): Promise<void> {
    await this.page.goto(`/onboarding${query}`);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Build a Go-to-Market Plan' });
  }

  get ideaInput(): Locator {
    return this.page.getByRole('textbox', { name: 'Your startup idea' });
  }

  get generateButton(): Locator {
    return this.page.getByRole('button', { name: 'Generate GTM Analysis' });
  }

  get analysing(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Analyzing your idea' });
  }

  get formError(): Locator {
    return this.page.getByRole('form', { name: 'Startup idea' }).getByRole('alert');
  }

  tab(name: AnalysisTab): Locator {
    return this.page.getByRole('tab', { name });
  }

  get panel(): Locator {
    return this.page.getByRole('tabpanel');
  }

  /** Opens a result tab and waits for its panel. */
  async showTab(name: AnalysisTab): Promise<Locator> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
    return this.panel;
  }

  marketFigure(key: 'TAM' | 'SAM' | 'SOM'): Locator {
    return this.page.getByTestId(`market-${key}`);
  }

  ycItem(key: 'market' | 'problem' | 'solution' | 'differentiation' | 'traction'): Locator {
    return this.page.getByTestId(`yc-${key}`);
  }

  get shareButton(): Locator {
    return this.page.getByRole('button', { name: 'Share with co-founder' });
  }

  get exploreButton(): Locator {
    return this.page.getByRole('button', { name: 'Explore deeper analysis' });
  }

  get savePrompt(): Locator {
    return this.page.getByRole('dialog', { name: 'Want to save this analysis?' });
  }

  get saveEmail(): Locator {
    return this.savePrompt.getByRole('textbox', { name: 'Email' });
  }

  get updatesCheckbox(): Locator {
    return this.savePrompt.getByRole('checkbox', { name: 'Send me updates' });
  }

  get saveButton(): Locator {
    return this.savePrompt.getByRole('button', { name: 'Save Analysis' });
  }
}
