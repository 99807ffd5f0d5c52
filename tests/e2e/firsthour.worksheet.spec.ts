import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { AuthPage } from './pages/AuthPage';
import { OnboardingPage } from './pages/OnboardingPage';
import { AppServer } from './support/appServer';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// A fresh install has no model: the idea analysis is a worksheet. A browser is needed: the story
// crosses pages (the worksheet, registration and back) and what the browser keeps between them.
// This spec runs such a server itself, on a port of its own next to the suite's.

const PORT = Number(process.env.E2E_PORT ?? 8091) + 8;
let server: AppServer;
let dataDir: string;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-firsthour-'));
  server = new AppServer(PORT, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    APP_URL: `http://127.0.0.1:${PORT}`,
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
    LLM_MODELS: undefined,
    // Nothing listens there: no local model either.
    LOCAL_LLM_URL: `http://127.0.0.1:${PORT + 1}/v1`,
  });
  await server.start();
});
test.afterAll(async () => {
  await server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a guest's worksheet names the idea shortly, is there again when /onboarding is reopened, and 'Keep it' carries it through sign-up into the account until logout", async ({
  page,
  newAccount,
}) => {
  const onboarding = new OnboardingPage(page);
  await onboarding.open();
  await onboarding.ideaInput.fill('A mobile app that helps independent gyms reduce member churn');
  await onboarding.generateButton.click();
  const question =
    'Who exactly has the problem behind your app for independent gyms, and how do they solve it today?';
  await expect(page.getByText(question)).toBeVisible();
  const problem = page.getByRole('textbox', { name: /Who exactly has the problem/ });
  await problem.fill('Owners of 1–3 site gyms, with a spreadsheet of lapsed members');

  // Reopened later: the worksheet and the answer, not an empty form.
  await page.goto('/');
  await onboarding.open();
  await expect(page.getByText(question)).toBeVisible();
  await expect(problem).toHaveValue(
    'Owners of 1–3 site gyms, with a spreadsheet of lapsed members',
  );

  // 'Keep it': registration, and back to the worksheet in the new account.
  await page.getByRole('button', { name: 'Keep it: create a free account' }).click();
  await expect(page).toHaveURL(/\/auth\/register\?redirect=onboarding$/);
  await new AuthPage(page).register(newAccount);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText(question)).toBeVisible();
  await expect(problem).toHaveValue(
    'Owners of 1–3 site gyms, with a spreadsheet of lapsed members',
  );
  await expect(page.getByRole('button', { name: 'Keep it: create a free account' })).toHaveCount(0);
  await page.reload();
  await expect(problem).toHaveValue(
    'Owners of 1–3 site gyms, with a spreadsheet of lapsed members',
  );

  // It is the account's now, no longer the device's guest copy: logged out, the next person gets
  // the form (logout deletes the account's copy with its other data: keptWorksheet.test.ts).
  await onboarding.logOutFromMenu();
  // The logout ends before the next visit: a visit made while it runs is still the account's.
  await expect(onboarding.signInButton).toBeVisible();
  await onboarding.open();
  await expect(onboarding.ideaInput).toBeVisible();
  await expect(page.getByText(question)).toHaveCount(0);
});
