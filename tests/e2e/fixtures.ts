import { expect, test as base } from '@playwright/test';
import { uniqueCredentials } from '../factories/users';
import { AuthPage, type NewAccount } from './pages/AuthPage';
import { ChatPage } from './pages/ChatPage';
import { CompetitivePage } from './pages/CompetitivePage';
import { DashboardPage } from './pages/DashboardPage';
import { FlowPage } from './pages/FlowPage';
import { HistorySheet } from './pages/HistorySheet';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PricingPage } from './pages/PricingPage';

interface Pages {
  landing: LandingPage;
  auth: AuthPage;
  dashboard: DashboardPage;
  chat: ChatPage;
  flows: FlowPage;
  competitive: CompetitivePage;
  history: HistorySheet;
  notFound: NotFoundPage;
  pricing: PricingPage;
  /** A fresh, never-registered account for this test. */
  newAccount: NewAccount;
  /** Fails the test on an uncaught page error or a console error (a crash or a CSP violation). */
  failOnPageErrors: void;
}

/** A documentation-range IP (RFC 5737) per test: the server trusts X-Forwarded-For in e2e, so per-IP limits are per test. */
const randomIp = () => `203.0.113.${1 + Math.floor(Math.random() * 254)}`;

export const test = base.extend<Pages>({
  // oxlint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  extraHTTPHeaders: async ({}, use) => use({ 'x-forwarded-for': randomIp() }),
  landing: async ({ page }, use) => use(new LandingPage(page)),
  auth: async ({ page }, use) => use(new AuthPage(page)),
  dashboard: async ({ page }, use) => use(new DashboardPage(page)),
  chat: async ({ page }, use) => use(new ChatPage(page)),
  flows: async ({ page }, use) => use(new FlowPage(page)),
  competitive: async ({ page }, use) => use(new CompetitivePage(page)),
  history: async ({ page }, use) => use(new HistorySheet(page)),
  notFound: async ({ page }, use) => use(new NotFoundPage(page)),
  pricing: async ({ page }, use) => use(new PricingPage(page)),
  // oxlint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  newAccount: async ({}, use) => use({ name: 'Ada Founder', ...uniqueCredentials('ada') }),
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        // A failed request (e.g. the 401 a wrong password gets) is logged by the browser itself, not
        // by us, as is a worker script it could not fetch with no signal; so is Chromium's note that
        // a test's context, which is incognito, has no Push API (the app's subscribe is refused, as
        // on any browser without a push service).
        const text = message.text();
        if (
          message.type() === 'error' &&
          !text.startsWith('Failed to load resource') &&
          text !== 'An unknown error occurred when fetching the script.' &&
          !text.startsWith('Chrome currently does not support the Push API in incognito mode')
        )
          errors.push(`console: ${text}`);
      });
      await use();
      expect(errors, 'the page reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
