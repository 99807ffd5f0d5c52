import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /api/health', () => {
  it('answers without a session that it is up, and nothing more', async () => {
    const res = await new TestClient(server.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('GET /api/csrf-token', () => {
  it("keeps a guest's secret in an httpOnly cookie, not in the session table, and is never cached", async () => {
    const client = new TestClient(server.url);
    const res = await client.get('/api/csrf-token');
    expect(res.status).toBe(200);
    expect(res.body.csrfToken).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.getSetCookie().find((c) => c.startsWith('pitchpad_csrf='))).toMatch(
      /httponly/i,
    );
    expect(res.text).not.toContain(client.cookies.get('pitchpad_csrf'));
    expect(client.cookies.has('pitchpad_guest')).toBe(false);
  });
});

describe('unknown paths', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await new TestClient(server.url).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'not_found',
      message: 'API route GET /api/no-such-thing not found',
    });
  });

  it('answers an unknown API POST with a JSON 404 after the CSRF check', async () => {
    const res = await new TestClient(server.url).post('/api/no-such-thing', {});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('security headers', () => {
  it('sends a CSP that allows Stripe and nothing else from outside', async () => {
    const res = await new TestClient(server.url).get('/api/health');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
