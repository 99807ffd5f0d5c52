import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { TestClient } from '../support/client';
import { loggedInClient, uniqueCredentials } from '../factories/users';
import { buildSend } from '../factories/chats';
import { CSRF_HEADER } from '../../domain/contract/errors';

/** Item 12 (part): small leaks — caching of API answers, what health tells, CSRF origins, saved paths. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('Cache-Control on API answers', () => {
  it('every authenticated API answer carries Cache-Control: no-store, errors included', async () => {
    const { client } = await loggedInClient(server);
    const answers = [
      await client.get('/api/auth/user'),
      await client.get('/api/user/subscription'),
      await client.get('/api/chats'),
      await client.get('/api/workflows'),
      await client.get('/api/chats/00000000-0000-7000-8000-000000000000'),
      await client.post('/api/workflows', { id: 'x' }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 404, 400]);
    for (const res of answers) expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a streamed reply is not stored either (no-store beside no-transform)', async () => {
    const { client } = await loggedInClient(server);
    const res = await fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': client.ip,
        'content-type': 'application/json',
        accept: 'text/event-stream',
        [CSRF_HEADER]: await client.token(),
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify(buildSend('Draft a cold email to Dana')),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
    await res.text();
  });

  it("the login's own answer and a guest's answers are not stored either", async () => {
    const creds = uniqueCredentials();
    const guest = new TestClient(server.url);
    expect((await guest.post('/api/auth/register', creds)).headers.get('cache-control')).toBe(
      'no-store',
    );
    const login = await guest.post('/api/auth/login', {
      username: creds.username,
      password: creds.password,
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(
      (await new TestClient(server.url).get('/api/auth/user')).headers.get('cache-control'),
    ).toBe('no-store');
  });
});

describe('GET /api/health', () => {
  it('tells an anonymous caller only that it is up', async () => {
    const res = await new TestClient(server.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

const workflow = (path: string) => ({
  id: `wf_${crypto.randomUUID().replaceAll('-', '').slice(0, 18)}`,
  name: 'Cold Email to Dana',
  workflowType: 'email',
  path,
});

describe('saved-history path', () => {
  it.each([
    ['//evil.example/chat'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['https://evil.example/'],
    ['chat'],
  ])('refuses %j as a saved path with a 400 naming path, and stores nothing', async (path) => {
    const { client, user } = await loggedInClient(server);
    const res = await client.post('/api/workflows', workflow(path));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'invalid_request', message: 'path: must be an app path' });
    expect(
      (
        await server.pool.query('SELECT count(*)::int AS n FROM workflows WHERE user_id = $1', [
          user.id,
        ])
      ).rows[0].n,
    ).toBe(0);
  });

  it('keeps a same-site path', async () => {
    const { client } = await loggedInClient(server);
    const res = await client.post(
      '/api/workflows',
      workflow('/chat/0190a4c2-0000-7000-8000-000000000001?from=history'),
    );
    expect(res.status).toBe(201);
    expect(res.body.path).toBe('/chat/0190a4c2-0000-7000-8000-000000000001?from=history');
  });
});

describe('CSRF origin check in production', () => {
  let prod: TestServer;
  const APP_URL = 'https://pitchpad.example';
  beforeAll(async () => {
    prod = await startTestServer({
      NODE_ENV: 'production',
      APP_URL,
      SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
    });
  });
  afterAll(() => prod?.close());

  it('trusts only APP_URL, never an origin that X-Forwarded-Host claims as our own', async () => {
    const creds = uniqueCredentials();
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const res = await new TestClient(prod.url).post('/api/auth/register', creds, {
      origin: 'https://evil.example',
      headers: forged,
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'csrf_failed', message: 'Cross-origin request refused' });
    expect(
      (
        await prod.pool.query('SELECT count(*)::int AS n FROM users WHERE username = $1', [
          creds.username,
        ])
      ).rows[0].n,
    ).toBe(0);
  });

  it('accepts a request from APP_URL', async () => {
    const res = await new TestClient(prod.url).post('/api/auth/register', uniqueCredentials(), {
      origin: APP_URL,
    });
    expect(res.status).toBe(201);
  });
});
