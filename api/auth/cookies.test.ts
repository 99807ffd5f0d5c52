import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { loggedInClient } from '../../tests/factories/users';
import { TestClient } from '../../tests/support/client';

// A deployment whose public origin is https (TLS ends at a proxy in front of the app).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ APP_URL: 'https://pitchpad.example.com' });
});
afterAll(() => server?.close());

/** The browser's rules for a `__Host-` cookie: Secure, Path=/, no Domain (so no other host can set it). */
function expectHostOnly(setCookie: string | undefined) {
  expect(setCookie).toBeDefined();
  expect(setCookie).toMatch(/;\s*secure/i);
  expect(setCookie).toMatch(/;\s*path=\/(;|$)/i);
  expect(setCookie).not.toMatch(/domain=/i);
  expect(setCookie).toMatch(/httponly/i);
  expect(setCookie).toMatch(/samesite=lax/i);
}

describe('cookies behind https', () => {
  it('names the session, guest and CSRF cookies __Host- (Secure, Path=/, no Domain, httpOnly, SameSite=Lax)', async () => {
    const client = new TestClient(server.url);
    const token = await client.request('GET', '/api/csrf-token');
    expectHostOnly(token.headers.getSetCookie().find((c) => c.startsWith('__Host-pitchpad_csrf=')));
    const guest = await client.post('/api/guest/save-analysis', { email: 'ada@example.com' });
    expectHostOnly(
      guest.headers.getSetCookie().find((c) => c.startsWith('__Host-pitchpad_guest=')),
    );
    const { user } = await loggedInClient(server);
    const res = await client.post('/api/auth/login', {
      username: user.username,
      password: user.password,
    });
    expectHostOnly(
      res.headers.getSetCookie().find((c) => c.startsWith('__Host-pitchpad_session=')),
    );
    // Login ends the guest session: its cookie is cleared with the same attributes, or a browser would ignore the clearing.
    const cleared = res.headers
      .getSetCookie()
      .filter((c) => c.startsWith('__Host-pitchpad_guest=;'));
    expect(cleared.length).toBeGreaterThan(0);
    for (const c of cleared) expectHostOnly(c);
    expect((await client.get('/api/auth/user')).body.username).toBe(user.username);
  });

  it('accepts requests from the public origin and refuses others', async () => {
    const client = new TestClient(server.url);
    expect(
      (await client.post('/api/auth/logout', undefined, { origin: 'https://pitchpad.example.com' }))
        .status,
    ).toBe(200);
    expect(
      (await client.post('/api/auth/logout', undefined, { origin: 'http://pitchpad.example.com' }))
        .status,
    ).toBe(403);
  });
});
