import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { TestClient } from '../tests/support/client';
import { loggedInClient } from '../tests/factories/users';
import { prerenderedPages } from './prerendered';

// A stand-in build with prerendered pages and their manifest (web/build/prerender.ts writes the real one).
let dist: string;
let server: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pitchpad-prerendered-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Pitchpad shell</title>');
  for (const [file, heading] of [
    ['landing.html', 'Got an idea?'],
    ['about.html', 'About Pitchpad'],
    ['pricing.html', 'Pricing'],
    ['404.html', '404 Page Not Found'],
    ['shell-profile.html', 'What you sell'],
    ['shell-chat.html', 'New Conversation'],
    ['shell-flow-email.html', 'Cold email'],
    ['shell-pricing.html', 'Pricing, for a rep'],
  ]) {
    writeFileSync(
      join(dist, file as string),
      `<!doctype html><div id="root" data-prerendered><h1>${heading}</h1></div>`,
    );
  }
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(
    join(dist, 'prerendered.json'),
    JSON.stringify({
      pages: { '/': 'landing.html', '/about': 'about.html', '/pricing': 'pricing.html' },
      shells: {
        '/profile': 'shell-profile.html',
        '/chat': 'shell-chat.html',
        '/chat?flow=email': 'shell-flow-email.html',
        '/pricing': 'shell-pricing.html',
      },
      bareShells: ['/chat'],
      notFound: '404.html',
      appRoutes: [
        '/',
        '/about',
        '/pricing',
        '/auth',
        '/auth/$tab',
        '/dashboard',
        '/profile',
        '/chat',
      ],
    }),
  );
  server = await startTestServer({}, { webDist: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the prerendered public pages', () => {
  it('answers /, /about and /pricing with their own HTML, never cached long', async () => {
    for (const [path, heading, caching] of [
      ['/', 'Got an idea?', 'no-cache'],
      ['/about', 'About Pitchpad', 'no-cache'],
      ['/about/', 'About Pitchpad', 'no-cache'],
      ['/About', 'About Pitchpad', 'no-cache'],
      // A rep with a session gets pricing's shell instead: the answer is per visitor.
      ['/pricing?ref=mail', 'Pricing', 'private, no-cache'],
    ]) {
      const res = await new TestClient(server.url).get(path!);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain(`<h1>${heading}</h1>`);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control'), path).toBe(caching);
    }
  });

  it('answers the screens the client router knows with the app shell', async () => {
    // The client router matches paths case-insensitively: so does the server.
    for (const path of ['/dashboard', '/Dashboard', '/auth', '/auth/login?redirect=pricing']) {
      const res = await new TestClient(server.url).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('Pitchpad shell');
    }
  });

  it('answers any other path with the 404 page and status 404', async () => {
    for (const path of ['/no/such/page?x=1', '/dashboard/extra', '/auth/login/more']) {
      const res = await new TestClient(server.url).get(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).toContain('404 Page Not Found');
      expect(res.headers.get('content-type')).toContain('text/html');
    }
  });

  it('still serves the files of the build and a JSON 404 for unknown API paths', async () => {
    const asset = await new TestClient(server.url).get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log(1)');
    const api = await new TestClient(server.url).get('/api/no-such-route');
    expect(api.status).toBe(404);
    expect((api.body as { code: string }).code).toBe('not_found');
  });

  it('answers a signed-in screen with its shell when the browser has a session, the empty app shell when not', async () => {
    const { client } = await loggedInClient(server);
    for (const path of ['/profile', '/Profile/', '/profile?field=company']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('<h1>What you sell</h1>');
      // A cache between must not hand one visitor's answer to the other.
      expect(res.headers.get('vary'), path).toMatch(/cookie/i);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
    }
    // A guest's cookies (the guest session, the CSRF secret) are no session: the app's start page.
    const guest = new TestClient(server.url);
    await guest.token();
    expect(guest.cookies.size).toBeGreaterThan(0);
    const asGuest = await guest.get('/profile');
    expect(asGuest.status).toBe(200);
    expect(asGuest.text).toContain('Pitchpad shell');
    expect(asGuest.headers.get('vary')).toMatch(/cookie/i);
    expect(asGuest.headers.get('cache-control')).toBe('private, no-cache');
    // The chat's shell is a new conversation; a flow's first step has its own; a chat named in the
    // query, a flow with no shell or more in the query is another screen.
    expect((await client.get('/chat')).text).toContain('<h1>New Conversation</h1>');
    expect((await client.get('/chat?flow=email')).text).toContain('<h1>Cold email</h1>');
    expect((await guest.get('/chat?flow=email')).text).toContain('Pitchpad shell');
    for (const path of [
      '/chat?chat=0190d1a2-0000-7000-8000-000000000001',
      '/chat?flow=demo',
      '/chat?flow=email&chat=0190d1a2-0000-7000-8000-000000000001',
    ])
      expect((await client.get(path)).text, path).toContain('Pitchpad shell');
    // A public page with a shell of its own: the rep's shell, the guest's page; one answer per cookie.
    const pricing = await client.get('/pricing');
    expect(pricing.text).toContain('<h1>Pricing, for a rep</h1>');
    expect(pricing.headers.get('vary')).toMatch(/cookie/i);
    const pricingAsGuest = await guest.get('/pricing');
    expect(pricingAsGuest.text).toContain('<h1>Pricing</h1>');
    expect(pricingAsGuest.headers.get('vary')).toMatch(/cookie/i);
    // The other public pages are the same for everyone, signed in or not.
    const landing = await client.get('/');
    expect(landing.text).toContain('<h1>Got an idea?</h1>');
    expect(landing.headers.get('vary') ?? '').not.toMatch(/cookie/i);
  });

  it('refuses a manifest of the wrong shape, naming the file', () => {
    const bad = mkdtempSync(join(tmpdir(), 'pitchpad-prerendered-bad-'));
    try {
      writeFileSync(
        join(bad, 'prerendered.json'),
        JSON.stringify({ pages: { '/': 1 }, notFound: '404.html', appRoutes: [] }),
      );
      expect(() => prerenderedPages(bad)).toThrow(/prerendered\.json is not a prerender manifest/);
      writeFileSync(
        join(bad, 'prerendered.json'),
        JSON.stringify({ pages: {}, shells: { '/chat': 2 }, notFound: '404.html', appRoutes: [] }),
      );
      expect(() => prerenderedPages(bad)).toThrow(/prerendered\.json is not a prerender manifest/);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
