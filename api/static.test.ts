import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { TestClient } from '../tests/support/client';

// A stand-in build of the PWA, so this test does not depend on `vite build`.
const COMPRESSED = {
  'assets/app-9f8e7d.js': `export const lines = [${Array.from({ length: 200 }, (_, i) => `'line ${i}'`).join(', ')}];\n`,
  'app.css': `${Array.from({ length: 100 }, (_, i) => `.c${i} { color: var(--ion-color-primary); }`).join('\n')}\n`,
  'manifest-big.webmanifest': JSON.stringify({ name: 'Pitchpad', description: 'x'.repeat(2000) }),
} as const;
const SHELL = `<!doctype html><title>Pitchpad shell</title>${'<p>first paint</p>'.repeat(100)}`;

function writeCompressed(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

/** A GET that hands back the bytes as sent (fetch would decode them). */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(server.url + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

let dist: string;
let server: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pitchpad-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeCompressed(join(dist, 'index.html'), SHELL);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Pitchpad"}');
  // What the build writes (web/build/precompress.ts): text files with .br and .gz copies beside them.
  for (const [name, text] of Object.entries(COMPRESSED)) writeCompressed(join(dist, name), text);
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

describe('compressed copies from the build', () => {
  it('sends the Brotli copy to a browser that accepts it, with the original media type, and it decodes to the file', async () => {
    const res = await rawGet('/assets/app-9f8e7d.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(COMPRESSED['assets/app-9f8e7d.js']);
  });

  it('keeps the year-long immutable cache on a hashed asset sent compressed', async () => {
    const res = await rawGet('/assets/app-9f8e7d.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('max-age=31536000,immutable');
  });

  it('sends the gzip copy to a client that accepts gzip only', async () => {
    const res = await rawGet('/app.css', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(res.body).toString()).toBe(COMPRESSED['app.css']);
  });

  it('sends the file itself to a client that asks for no encoding', async () => {
    const res = await rawGet('/app.css');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.toString()).toBe(COMPRESSED['app.css']);
    const identity = await rawGet('/app.css', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(COMPRESSED['app.css']);
  });

  it('sends the app shell compressed, at / and as the fallback for any page path', async () => {
    for (const path of ['/', '/index.html', '/dashboard', '/no/such/page']) {
      const res = await rawGet(path, { 'accept-encoding': 'gzip, br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers.vary, path).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.body).toString(), path).toBe(SHELL);
    }
  });

  it('serves a compressed manifest with the manifest media type', async () => {
    const res = await rawGet('/manifest-big.webmanifest', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('application/manifest+json');
  });
});
