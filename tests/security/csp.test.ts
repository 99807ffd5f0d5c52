import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { TestClient } from '../support/client';
import { createHash } from 'node:crypto';
import { EARLY_TAP_SCRIPT } from '../../domain/contract/earlyTapScript';
import { FRAME_BODY_SCRIPT, FRAME_HEAD_SCRIPT } from '../../domain/contract/frameScript';

/** Item 10 (part): the page may load images only from itself, data:/blob: URLs and Stripe. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** The CSP's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Content-Security-Policy', () => {
  it.each(['/api/health', '/'])(
    "img-src on %s allows self, data:, blob: and Stripe's hosts, not any https: URL",
    async (path) => {
      const res = await new TestClient(server.url).get(path);
      const imgSrc = directives(res.headers.get('content-security-policy')!).get('img-src');
      expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https://*.stripe.com']);
    },
  );

  it('plays audio from this site and the phone’s own recordings (blob:) only', async () => {
    const csp = directives(
      (await new TestClient(server.url).get('/')).headers.get('content-security-policy')!,
    );
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
  });

  it('nothing else opens the page to images or scripts from anywhere', async () => {
    const csp = directives(
      (await new TestClient(server.url).get('/')).headers.get('content-security-policy')!,
    );
    expect(csp.get('default-src')).toEqual(["'self'"]);
    for (const [name, values] of csp) expect(values, name).not.toContain('https:');
    for (const [name, values] of csp) expect(values, name).not.toContain('*');
  });

  it("allows no inline script but the prerendered pages' tap keeper and the home screen frame's two, by the hashes of their exact texts", async () => {
    const csp = directives(
      (await new TestClient(server.url).get('/')).headers.get('content-security-policy')!,
    );
    const hashes = [EARLY_TAP_SCRIPT, FRAME_HEAD_SCRIPT, FRAME_BODY_SCRIPT].map(
      (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
    );
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', ...hashes]);
  });

  it("sends Referrer-Policy same-origin: our own pages' form POSTs name their origin (no-referrer would send Origin: null)", async () => {
    const res = await new TestClient(server.url).get('/');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });
});
