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

describe('cookies behind https', () => {
  it('marks the session and guest cookies Secure, httpOnly and SameSite=Lax', async () => {
    const client = new TestClient(server.url);
    const token = await client.request('GET', '/api/csrf-token');
    const guest = token.headers.getSetCookie().find((c) => c.startsWith('pitchpad_guest='))!;
    expect(guest).toMatch(/secure/i);
    expect(guest).toMatch(/httponly/i);
    const { user } = await loggedInClient(server);
    const res = await client.post('/api/auth/login', { username: user.username, password: user.password });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('pitchpad_session='))!;
    expect(session).toMatch(/secure/i);
    expect(session).toMatch(/httponly/i);
    expect(session).toMatch(/samesite=lax/i);
  });

  it('accepts requests from the public origin and refuses others', async () => {
    const client = new TestClient(server.url);
    expect((await client.post('/api/auth/logout', undefined, { origin: 'https://pitchpad.example.com' })).status).toBe(200);
    expect((await client.post('/api/auth/logout', undefined, { origin: 'http://pitchpad.example.com' })).status).toBe(403);
  });
});
