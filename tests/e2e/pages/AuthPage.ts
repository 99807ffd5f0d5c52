import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';

export interface NewAccount {
  name: string;
  username: string;
  email: string;
  password: string;
}

export class AuthPage extends AppPage {
  /** The auth pages are prerendered: the app takes the page over before a test reads or measures it. */
  async open(path = '/auth'): Promise<void> {
    await this.page.goto(path);
    await this.waitForApp();
  }

  tab(name: 'Login' | 'Register'): Locator {
    return this.page.getByRole('tab', { name });
  }

  async showTab(name: 'Login' | 'Register'): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  get loginForm(): Locator {
    return this.page.getByRole('form', { name: 'Login' });
  }

  get registerForm(): Locator {
    return this.page.getByRole('form', { name: 'Register' });
  }

  /** The field with its label, in the form on screen. */
  field(label: 'Full name' | 'Username' | 'Email' | 'Password'): Locator {
    return this.page
      .locator('form.auth-form .text-field')
      .filter({ has: this.page.getByLabel(label, { exact: true }) });
  }

  /** The error shown under a field (announced with the field: its description). */
  fieldError(label: 'Full name' | 'Username' | 'Email' | 'Password'): Locator {
    return this.field(label).locator('.text-field__error');
  }

  async register(account: NewAccount): Promise<void> {
    await this.showTab('Register');
    const form = this.registerForm;
    await form.getByLabel('Full name').fill(account.name);
    await form.getByLabel('Username').fill(account.username);
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Create account' }).click();
  }

  async logIn(username: string, password: string): Promise<void> {
    const form = this.loginForm;
    await expect(form).toBeVisible();
    if (username) await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
}
