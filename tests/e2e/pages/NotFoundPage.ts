import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';

export class NotFoundPage extends AppPage {
  get title(): Locator {
    return this.page.getByRole('heading', { name: '404 Page Not Found' });
  }

  get explanation(): Locator {
    return this.page.getByText(
      'The page you are looking for might be misconfigured or temporarily unavailable.',
    );
  }

  get path(): Locator {
    return this.page.getByTestId('not-found-path');
  }

  get query(): Locator {
    return this.page.getByTestId('not-found-query');
  }

  button(name: 'Home' | 'Back' | 'Retry'): Locator {
    return this.page.getByRole('button', { name });
  }
}
