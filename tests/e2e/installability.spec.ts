import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures';

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

interface Manifest {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  shortcuts: Array<{ name: string; url: string }>;
  share_target?: { action: string; method?: string; params: Record<string, string> };
}

// Chromium's own installability check answers 'in-incognito' in a normal (throwaway) context, so
// this runs in a persistent profile of its own (stack-notes 'Playwright here').
test('Chromium finds the built app installable, and the manifest has what the home screen needs', async ({
  baseURL,
}) => {
  const launch = test.info().project.use.launchOptions ?? {};
  const profile = await mkdtemp(join(tmpdir(), 'pitchpad-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: launch.executablePath,
    args: launch.args,
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    // A controlling service worker is part of what makes the app installable (and start offline).
    await page.waitForFunction(
      async () =>
        (await navigator.serviceWorker.ready).active !== null &&
        navigator.serviceWorker.controller !== null,
    );

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);

    const { url, data } = (await cdp.send('Page.getAppManifest')) as { url: string; data: string };
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    const manifest = JSON.parse(data) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Pitchpad',
      short_name: 'Pitchpad',
      start_url: '/chat',
      scope: '/',
      display: 'standalone',
      theme_color: '#4f38e8',
      background_color: '#f6f5ff',
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', type: 'image/png' }),
        expect.objectContaining({ sizes: '512x512', type: 'image/png', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    for (const icon of manifest.icons)
      expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['New chat', '/chat'],
      ['Cold email', '/chat?flow=email'],
    ]);
    // Sharing from another app opens /share with the shared parts as search params.
    expect(manifest.share_target).toEqual({
      action: '/share',
      method: 'GET',
      params: { title: 'title', text: 'text', url: 'url' },
    });

    // iOS ignores the manifest's icons and display mode: the page's own tags say them.
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/icons/apple-touch-icon-180.png',
    );
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute(
      'content',
      'yes',
    );
    await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute(
      'content',
      'Pitchpad',
    );
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#4f38e8');
    expect((await page.request.get('/icons/apple-touch-icon-180.png')).status()).toBe(200);

    // The worker script is never cached by the browser, so a deploy reaches installed apps.
    const worker = await page.request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
