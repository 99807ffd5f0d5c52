import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';

export class LandingPage extends AppPage {
  /** Opens / and waits until the app has taken the prerendered page over (a tap before that is kept for it, or is a link). */
  async open(): Promise<void> {
    await this.page.goto('/');
    await this.waitForApp();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Got an idea?' });
  }

  get ideaInput(): Locator {
    return this.page.getByRole('textbox', { name: 'Your startup idea' });
  }

  /** 'Analyze (without signing up)' for a guest, 'Analyze' for a rep who is signed in. */
  get analyzeButton(): Locator {
    return this.page.getByRole('button', { name: /^Analyze( \(without signing up\))?$/ });
  }

  async typeIdea(idea: string): Promise<void> {
    await this.ideaInput.fill(idea);
  }

  toolCard(title: string): Locator {
    return this.page.locator('.tool-card').filter({ hasText: title });
  }
}
