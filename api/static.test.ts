import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { TestClient } from '../tests/support/client';

// A stand-in build of the PWA, so this test does not depend on `vite build`.
let dist: string;
let server: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pitchpad-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Pitchpad shell</title>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Pitchpad"}');
  server = await startTestServer({}, { webDist: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the PWA', () => {
  it('serves the app shell at / without long caching', async () => {
    const res = await new TestClient(server.url).get('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Pitchpad shell');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers any page path with the shell, so the client router shows the page or its 404 screen', async () => {
    for (const path of ['/dashboard', '/auth/login?redirect=pricing', '/no/such/page']) {
      const res = await new TestClient(server.url).get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Pitchpad shell');
    }
  });

  it('caches hashed assets for a year, and 404s a missing one instead of sending the shell', async () => {
    const hit = await new TestClient(server.url).get('/assets/index-abc123.js');
    expect(hit.status).toBe(200);
    expect(hit.headers.get('cache-control')).toContain('immutable');
    expect((await new TestClient(server.url).get('/assets/gone-123.js')).status).toBe(404);
  });

  it('serves the manifest with its media type', async () => {
    const res = await new TestClient(server.url).get('/manifest.webmanifest');
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
  });

  it('keeps files outside the build out of reach', async () => {
    const res = await new TestClient(server.url).get('/../package.json');
    expect(res.text).not.toContain('"dependencies"');
  });
});
