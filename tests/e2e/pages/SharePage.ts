import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';

export type ShareChoiceLabel =
  'Cold email to this person' | 'Analyze this call' | 'Handle this objection' | 'Ask Pitchpad';

/** /share: where another app's share sheet lands (the manifest's share_target). */
export class SharePage extends AppPage {
  /** Opens /share as Android's share sheet does: GET with the shared parts as search params. */
  async openShared(shared: { title?: string; text?: string; url?: string }): Promise<void> {
    const params = new URLSearchParams(
      Object.entries(shared).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    await this.page.goto(`/share?${params.toString()}`);
    await expect(this.heading).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'What should Pitchpad do with this?' });
  }

  /** The preview of what was shared. */
  get preview(): Locator {
    return this.page.locator('.share-preview__text');
  }

  get choices(): Locator {
    return this.page.getByRole('list', { name: 'Use it for' }).getByRole('button');
  }

  choice(label: ShareChoiceLabel): Locator {
    return this.choices.filter({ hasText: label });
  }

  /** The PRO/FREE mark on each choice, in order ('' where there is none). */
  async marks(): Promise<string[]> {
    return this.choices.evaluateAll((buttons) =>
      buttons.map((button) => button.querySelector('.pro-badge')?.textContent ?? ''),
    );
  }

  get signInNote(): Locator {
    return this.page.locator('.share-callout');
  }

  async choose(label: ShareChoiceLabel): Promise<void> {
    await this.choice(label).click();
  }
}
