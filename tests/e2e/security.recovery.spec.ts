import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { AppServer } from './support/appServer';

// Issue 11, item 15: the server dies while a reply is streaming and comes back minutes later; the
// app, left open all along, notices by itself and shows the reply (or a way on) in that chat, with
// no reload. This spec runs its own app server (support/appServer.ts), which it kills and restarts
// on the same port and database; the model is the suite's fake (playwright.config.ts).

/** Next to the suite's ports (E2E_PORT and the two fakes), so parallel runs never share it. */
const PORT = Number(process.env.E2E_RECOVERY_PORT ?? Number(process.env.E2E_PORT ?? 8091) + 5);
const FAKE_OPENAI_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_OPENAI_PORT ?? 8092)}/v1`;
/** How long the server stays away: longer than the old client kept trying at short intervals. */
const DOWN_MS = 45_000;

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

test('security: 15. the server dies mid-reply and is back after a while: the open chat shows the reply kept so far and Regenerate, with no reload', async ({
  page,
  chat,
  newAccount,
}) => {
  test.setTimeout(DOWN_MS + 150_000);
  await chat.openAsNewUser(newAccount);
  const words =
    'Walk me through a deal desk review for a six figure renewal with procurement, legal, security and finance all asking for changes';
  // The fake model answers "You said: <words>", one token every 300 ms.
  await chat.send(`${words} [[delay:300]]`);
  await expect(chat.replyText()).toContainText('You said: Walk me');
  // The server saves a streaming reply about once a second: let it keep some of it.
  await page.waitForTimeout(1500);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  await server.kill();
  const shownWhenCut = (await chat.replyText().textContent()) ?? '';
  expect(shownWhenCut.length).toBeLessThan(`You said: ${words}`.length);

  await page.waitForTimeout(DOWN_MS);
  await server.start();

  // Within a minute of the server's return: what the server kept, with the way on.
  const reply = chat.replies.last();
  await expect(reply.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 60_000 });
  await expect(chat.replyText()).toContainText('You said: Walk me');
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);

  // And the way on works: a whole new reply.
  await reply.getByRole('button', { name: 'Regenerate' }).click();
  await expect(chat.replyText()).toHaveText(`You said: ${words}`, { timeout: 60_000 });
  await expect(chat.replies).toHaveCount(1);
});
