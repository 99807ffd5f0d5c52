import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/server';
import { expect, test } from './fixtures';
import { settle } from './support/settle';
import { ChatPage } from './pages/ChatPage';

// A deploy, played by changing the service worker of a copy of the build served by a server of this
// test's own (the shared e2e server must not see a new version under the other specs).
let dist: string;
let server: TestServer;

test.beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'pitchpad-dist-'));
  await cp(join(import.meta.dirname, '../../web/dist'), dist, { recursive: true });
  server = await startTestServer({}, { webDist: dist });
});

test.afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

/** Marks the page's current document, so a reload (a new document) can be told apart. */
const markDocument = (page: Page) =>
  page.evaluate(() => Object.assign(window, { documentMark: true }));
const isSameDocument = (page: Page) => page.evaluate(() => 'documentMark' in window);
const banner = (tab: ChatPage) => tab.page.locator('.app-banner--update');

test("a new version shows 'A new version is ready'; Reload switches to it, never while a message is being typed", async ({
  browser,
  newAccount,
}) => {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.250' },
  });
  const typing = new ChatPage(await context.newPage());
  await typing.openAsNewUser(newAccount);
  await typing.waitForOfflineReady();
  const idle = new ChatPage(await context.newPage());
  await idle.open();
  await expect(idle.input).toBeVisible();
  const chooser = new ChatPage(await context.newPage());
  await chooser.open();
  await expect(chooser.input).toBeVisible();

  await typing.input.fill('Half a thought about the CFO');
  for (const tab of [typing, idle, chooser]) await markDocument(tab.page);

  // Deploy: the worker changes; the app finds it and offers it.
  await appendFile(join(dist, 'sw.js'), '\n// the next version\n');
  // A build writes the compressed copies with it (web/build/precompress.ts); the old ones must go.
  await Promise.all(['sw.js.br', 'sw.js.gz'].map((copy) => rm(join(dist, copy), { force: true })));
  await chooser.page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistration())?.update(),
  );
  for (const tab of [typing, idle, chooser])
    await expect(banner(tab)).toContainText('A new version is ready');
  await typing.page.screenshot({ path: test.info().outputPath('update-prompt.png') });

  // One tab chooses Reload: it switches. The idle tab follows by itself; the tab with a message
  // being typed keeps it, and keeps offering Reload.
  await banner(chooser).getByRole('button', { name: 'Reload' }).click();
  await expect.poll(() => isSameDocument(chooser.page).catch(() => true)).toBe(false);
  await expect.poll(() => isSameDocument(idle.page).catch(() => true)).toBe(false);
  await expect(banner(chooser)).toBeHidden();
  // The idle tab has switched: the typing tab heard the same word, and stays.
  await settle(typing.page);
  expect(await isSameDocument(typing.page)).toBe(true);
  await expect(typing.input).toHaveValue('Half a thought about the CFO');
  await expect(banner(typing)).toBeVisible();

  // Reloading loses nothing: the message being typed was saved as typed.
  await banner(typing).getByRole('button', { name: 'Reload' }).click();
  await expect.poll(() => isSameDocument(typing.page).catch(() => true)).toBe(false);
  await expect(typing.input).toHaveValue('Half a thought about the CFO');
  await expect(banner(typing)).toBeHidden();
  await context.close();
});
