import { defineConfig } from '@playwright/test';

/** A fixed port of its own, so the e2e server never collides with `npm start` on 8080. */
const PORT = Number(process.env.E2E_PORT ?? 8091);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Browser end-to-end tests: the built app (web/dist, from `vite build`) served by the real API on a
 * throwaway in-memory database, driven in the system Chromium on a phone-sized viewport.
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
  webServer: {
    command: 'npx tsx api/main.ts',
    url: `${BASE_URL}/api/health`,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'warn' },
    // Always a fresh server: its in-memory database (and its sign-up rate limit) starts empty each run.
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
