import { defineConfig } from '@playwright/test';
import { launchOptions } from './tests/e2e/support/browser';

// Report requests made by service workers to `context.route` (Chromium), so offline tests can cut
// them too (tests/e2e/support/network.ts). Read when the browser starts.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

/** A fixed port of its own, so the e2e server never collides with `npm start` on 8080. */
const PORT = Number(process.env.E2E_PORT ?? 8091);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// The fakes sit on the next two ports, so two runs on different E2E_PORTs never share a fake.
const FAKE_OPENAI_PORT = Number(process.env.E2E_FAKE_OPENAI_PORT ?? PORT + 1);
const FAKE_OPENAI_URL = `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`;
const FAKE_STRIPE_PORT = Number(process.env.E2E_FAKE_STRIPE_PORT ?? PORT + 2);
// The specs read the fakes' ports from the environment (workers load this file too).
process.env.E2E_FAKE_OPENAI_PORT = String(FAKE_OPENAI_PORT);
process.env.E2E_FAKE_STRIPE_PORT = String(FAKE_STRIPE_PORT);
// The HubSpot fake: its consent page, token endpoint and API on one port; the CRM stories read its
// notes through its test routes (tests/fakes/hubspot-server.ts).
const FAKE_HUBSPOT_PORT = Number(process.env.E2E_FAKE_HUBSPOT_PORT ?? PORT + 10);
process.env.E2E_FAKE_HUBSPOT_PORT = String(FAKE_HUBSPOT_PORT);
const FAKE_HUBSPOT_URL = `http://127.0.0.1:${FAKE_HUBSPOT_PORT}`;
// The push service's fake: a story makes a browser's subscription there and reads what the app sent.
const FAKE_PUSH_PORT = Number(process.env.E2E_FAKE_PUSH_PORT ?? PORT + 11);
process.env.E2E_FAKE_PUSH_PORT = String(FAKE_PUSH_PORT);
// Web research: a SearXNG-compatible fake whose results are the pages of a fixture site.
const FAKE_WEB_RESEARCH_PORT = Number(process.env.E2E_FAKE_WEB_RESEARCH_PORT ?? PORT + 12);
process.env.E2E_FAKE_WEB_RESEARCH_PORT = String(FAKE_WEB_RESEARCH_PORT);
const HUBSPOT_APP = { id: 'hubspot-e2e-client', secret: 'hubspot-e2e-secret' };
/** The Stripe fake; tests pay checkouts through it (tests/e2e/support/accounts.ts). */
const FAKE_STRIPE_URL = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_secret';

/** The walk of every screen of a fresh install. */
const FRESH_INSTALL = /firstrun\.walk\.spec\.ts$/;
/** The specs whose stories run in order, each on a server it starts itself. */
const OWN_SERVERS = /(phone\.bare-server|model\.setup|auth\.reset)\.spec\.ts$/;

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
  // One retry: on CI's slow, shared machine a story now and then misses a wait by a second, and one
  // such miss among ~220 stories would land nothing. The report lists a test that passed only on its
  // retry as 'flaky', so it is seen and mended, not hidden; a real failure fails both tries.
  retries: 1,
  // A whole story (a flow offline, a reload, a second device) takes 15 s on a quiet machine and
  // twice that with the other worker busy on the same two cores. CI's machine took 24 min over the
  // suite that takes 14 here with two busy loops beside it, so a check waits up to 15 s.
  // Nothing here times the app: a test that needs a state to last holds its request
  // (support/network.ts holdRequests), it does not race a fake delay.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    ['./tests/e2e/support/slowest.reporter.ts'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
  ],
  // The walk of a fresh install (three stories in order on a server of their own, in the full
  // browser) is the suite's longest job, about three minutes on one worker, and the specs that run
  // their stories in order on a server of their own come next. Playwright queues jobs by project,
  // then by browser settings, so left among the rest such a job ran after every other story while
  // the other worker sat idle at the end: in projects of their own, listed first, they start at
  // once and the other stories run beside them.
  projects: [
    { name: 'fresh install', testMatch: FRESH_INSTALL },
    { name: 'own servers', testMatch: OWN_SERVERS },
    { name: 'stories', testIgnore: [FRESH_INSTALL, OWN_SERVERS] },
  ],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    // A trace records the page all along (snapshots, a screencast): a third of the suite's CPU when
    // every story kept one. A failure's retry records it, and a real failure fails both tries.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The distribution's Chromium: its headless shell, or the full browser (support/browser.ts).
    launchOptions,
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
      // The Stripe API fake (tests/fakes/stripe.ts): customers, checkout sessions, the billing portal,
      // subscriptions; POST /__test/checkout/<id>/pay pays a session and sends the app its signed webhooks.
      command: `npx tsx tests/fakes/stripe-server.ts ${FAKE_STRIPE_PORT} ${BASE_URL} ${STRIPE_WEBHOOK_SECRET}`,
      url: `${FAKE_STRIPE_URL}/__test/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The HubSpot fake (tests/fakes/hubspot.ts): OAuth consent, tokens, records, notes.
      command: `npx tsx tests/fakes/hubspot-server.ts ${FAKE_HUBSPOT_PORT} ${HUBSPOT_APP.id} ${HUBSPOT_APP.secret}`,
      url: `${FAKE_HUBSPOT_URL}/__test/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The Web Push service fake (tests/fakes/pushService.ts): subscriptions made for a story, the
      // app's messages decrypted and checked as a browser's push service would.
      command: `npx tsx tests/fakes/push-server.ts ${FAKE_PUSH_PORT}`,
      url: `http://127.0.0.1:${FAKE_PUSH_PORT}/__test/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Research's search engine and the pages it finds (tests/fakes/web-research-server.ts).
      command: `npx tsx tests/fakes/web-research-server.ts ${FAKE_WEB_RESEARCH_PORT}`,
      url: `http://127.0.0.1:${FAKE_WEB_RESEARCH_PORT}/__test/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The compiled server `npm start` runs (`npm run test:e2e` builds it with the app).
      command: 'node --enable-source-maps dist/server/main.js',
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
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_PRICE_ID: 'price_e2e_pro_monthly',
        STRIPE_API_URL: FAKE_STRIPE_URL,
        HUBSPOT_CLIENT_ID: HUBSPOT_APP.id,
        HUBSPOT_CLIENT_SECRET: HUBSPOT_APP.secret,
        HUBSPOT_API_URL: FAKE_HUBSPOT_URL,
        HUBSPOT_AUTH_URL: FAKE_HUBSPOT_URL,
        // The calendar stories serve their fake calendar, and the push service's fake, on this machine.
        FETCH_ALLOW_LOOPBACK: 'true',
        WEB_SEARCH_ENGINE: 'searxng',
        WEB_SEARCH_URL: `http://127.0.0.1:${FAKE_WEB_RESEARCH_PORT}`,
      },
      // Always a fresh server: its in-memory database (and its sign-up rate limit) starts empty each run.
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
