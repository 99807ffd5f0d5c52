import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';

/** The checkout screens: the embedded form (/checkout), the hosted page and the result page. */
export class CheckoutPage extends AppPage {
  async open(path = '/checkout'): Promise<void> {
    await this.page.goto(path);
  }

  /** Stripe.js comes from Stripe's host, out of reach here; this makes its load fail at once, as a blocker would. */
  async blockStripeJs(): Promise<void> {
    await this.page.route('https://js.stripe.com/**', (route) => route.abort());
  }

  get loading(): Locator {
    return this.page.getByText('Setting up checkout...');
  }

  get errorHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Checkout Error' });
  }

  get errorMessage(): Locator {
    return this.page.getByTestId('checkout-error-message');
  }

  get backToPricing(): Locator {
    return this.page.getByRole('link', { name: 'Back to Pricing' });
  }

  get summaryPrice(): Locator {
    return this.page.getByTestId('plan-summary-price');
  }

  get continueButton(): Locator {
    return this.page.getByRole('button', { name: 'Continue to secure checkout' });
  }

  async openResult(sessionId?: string): Promise<void> {
    await this.page.goto(
      sessionId ? `/checkout/completed?session_id=${sessionId}` : '/checkout/completed',
    );
  }

  resultHeading(name: 'Payment Successful!' | 'Payment Issue'): Locator {
    return this.page.getByRole('heading', { name });
  }

  resultLink(name: 'Get Started' | 'Return Home' | 'Try Again' | 'Go to Dashboard'): Locator {
    return this.page.getByRole('link', { name });
  }
}
