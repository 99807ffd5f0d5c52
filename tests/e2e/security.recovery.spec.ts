import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { AppServer } from './support/appServer';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// The server dies while a reply is streaming and comes back minutes later; the app, left open all
// along, notices by itself and shows the reply (or a way on) in that chat, with no reload. This spec
// runs its own app server (support/appServer.ts), which it kills and restarts on the same port and
// database; the model is the suite's fake (playwright.config.ts). The page's clock stands in for
// the minutes away: the app's retries wait on timers, which the test moves on instead of waiting.

/** Next to the suite's ports (E2E_PORT and the two fakes), so parallel runs never share it. */
const PORT = Number(process.env.E2E_RECOVERY_PORT ?? Number(process.env.E2E_PORT ?? 8091) + 5);
const FAKE_OPENAI_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_OPENAI_PORT ?? 8092)}/v1`;
/**
 * How many tries the app makes while the server is away: its backoff (1, 2, 4, 8, 16 s) has then
 * reached its 30 s ceiling, longer than an old client kept trying at short intervals.
 */
const TRIES_WHILE_DOWN = 6;

let dataDir: string;
let server: AppServer;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  // On disk, so what the server stored survives its death.
  dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-recovery-'));
  server = new AppServer(PORT, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    OPENAI_BASE_URL: FAKE_OPENAI_URL,
    OPENAI_API_KEY: 'sk-e2e',
    LLM_MODELS: 'gpt-4o,gpt-4o-mini',
  });
  await server.start();
});
test.afterAll(async () => {
  await server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the server dies mid-reply and is back after a while: the open chat shows the reply kept so far and Regenerate, with no reload', async ({
  page,
  chat,
  newAccount,
}) => {
  await page.clock.install();
  await chat.openAsNewUser(newAccount);
  const words =
    'Walk me through a deal desk review for a six figure renewal with procurement, legal, security and finance all asking for changes';
  // The fake model answers "You said: <words>", one token every 300 ms.
  await chat.send(`${words} [[delay:300]]`);
  await expect(chat.replyText()).toContainText('You said: Walk me');
  // The server saves a streaming reply about once a second: it holds some of it before it dies.
  const chatId = chat.chatId();
  await expect
    .poll(async () => {
      const stored = (await (await page.request.get(`/api/chats/${chatId}`)).json()) as {
        messages: Array<{ role: string; content: string }>;
      };
      return stored.messages.find((m) => m.role === 'assistant')?.content ?? '';
    })
    .toContain('You said: Walk me');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // Each try the app makes to pick the reply up again is a request that finds nothing listening.
  let failed = 0;
  page.on('requestfailed', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat') failed += 1;
  });
  await server.kill();
  const shownWhenCut = (await chat.replyText().textContent()) ?? '';
  expect(shownWhenCut.length).toBeLessThan(`You said: ${words}`.length);
  // The cut stream and the app's first try, made at once, fail on their own.
  await expect.poll(() => failed).toBeGreaterThanOrEqual(2);
  const before = failed;

  // The minutes away, on the page's clock: each jump fires the app's next retry.
  for (let tries = 1; tries <= TRIES_WHILE_DOWN; tries++) {
    await page.clock.fastForward(30_000);
    await expect.poll(() => failed - before).toBeGreaterThanOrEqual(tries);
  }
  await server.start();

  // At its next retry, at the latest 30 s on: what the server kept, with the way on.
  const reply = chat.replies.last();
  await page.clock.fastForward(30_000);
  await expect(reply.getByRole('button', { name: 'Regenerate' })).toBeVisible();
  await expect(chat.replyText()).toContainText('You said: Walk me');
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);

  // And the way on works: a whole new reply.
  await reply.getByRole('button', { name: 'Regenerate' }).click();
  await expect(chat.replyText()).toHaveText(`You said: ${words}`, { timeout: 60_000 });
  await expect(chat.replies).toHaveCount(1);
});
