import { defineConfig } from '@playwright/test';

/** A fixed port of its own, so the e2e server never collides with `npm start` on 8080. */
const PORT = Number(process.env.E2E_PORT ?? 8091);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const FAKE_OPENAI_PORT = Number(process.env.E2E_FAKE_OPENAI_PORT ?? 8092);
const FAKE_OPENAI_URL = `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`;

/**
 * Browser end-to-end tests: the built app (web/dist, from `vite build`) served by the real API on a
 * throwaway in-memory database and the fake model server, driven in the system Chromium on a
 * phone-sized viewport.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Two workers fit the 2-core machines; each test makes its own users, so tests share nothing.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // No browser download works here: use the distribution's Chromium (README).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: [
    {
      // The fake OpenAI-compatible model server (tests/fakes/openai.ts): replies 'You said: …' word by
      // word, with faults and delays scripted inside the message ([[delay:80]], [[fail:401]]...).
      command: `npx tsx tests/fakes/openai-server.ts ${FAKE_OPENAI_PORT}`,
      url: `${FAKE_OPENAI_URL}/models`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npx tsx api/main.ts',
      url: `${BASE_URL}/api/health`,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        // Each test comes from its own X-Forwarded-For address (tests/e2e/fixtures.ts), so the real
        // sign-up and login limits stay on without tests using each other's allowance.
        TRUST_PROXY: 'true',
        OPENAI_BASE_URL: FAKE_OPENAI_URL,
        OPENAI_API_KEY: 'sk-e2e',
        LLM_MODELS: 'gpt-4o,gpt-4o-mini',
      },
      // Always a fresh server: its in-memory database (and its sign-up rate limit) starts empty each run.
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
