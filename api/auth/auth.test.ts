import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { buildUser, loggedInClient, uniqueCredentials } from '../../tests/factories/users';
import { sessionIdOf } from './lucia';
import {
  LOGIN_FAILURES_PER_USERNAME_AND_IP,
  REGISTRATIONS_PER_USERNAME,
} from '../../domain/limits';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** The form's view of a 'field: why' message: { field: why }. */
const fieldOf = (message: string) => {
  const [field, why] = message.split(/: (.*)/s);
  return { [field!]: why };
};

const countUsers = async (username: string) =>
  (
    await server.pool.query(
      'SELECT count(*)::int AS n FROM users WHERE lower(username) = lower($1)',
      [username],
    )
  ).rows[0].n;

describe('POST /api/auth/register', () => {
  it('creates the account, answers with the user and signs it in (no second trip through the login tab)', async () => {
    const client = new TestClient(server.url);
    const creds = uniqueCredentials('alice');
    const res = await client.post('/api/auth/register', { ...creds, name: 'Alice Adams' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      username: creds.username,
      email: creds.email,
      name: 'Alice Adams',
      subscriptionTier: 'none',
      subscriptionActive: false,
      authProvider: 'local',
    });
    expect(new Date(res.body.user.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const row = (
      await server.pool.query('SELECT password FROM users WHERE username = $1', [creds.username])
    ).rows[0];
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect((await client.get('/api/auth/user')).body).toMatchObject({
      username: creds.username,
      name: 'Alice Adams',
    });
  });

  it('treats the name as optional', async () => {
    const res = await new TestClient(server.url).post('/api/auth/register', uniqueCredentials());
    expect(res.status).toBe(201);
    expect(res.body.user.name).toBeNull();
  });

  it.each([
    [
      'a username under 3 characters',
      { username: 'ab' },
      'username: Username must be at least 3 characters',
    ],
    [
      'a username over 50 characters',
      { username: 'x'.repeat(51) },
      'username: Username must be at most 50 characters',
    ],
    ['a missing username', { username: undefined }, 'username: Username is required'],
    ['an invalid email', { email: 'not-an-email' }, 'email: Enter a valid email address'],
    ['a missing email', { email: undefined }, 'email: Email is required'],
    [
      'a password under 8 characters',
      { password: 'short' },
      'password: Password must be at least 8 characters',
    ],
    ['a missing password', { password: undefined }, 'password: Password is required'],
  ])(
    'refuses %s with a 400 naming the field (for the form, beside the field), and writes nothing',
    async (_label, change, message) => {
      const creds = { ...uniqueCredentials(), ...change };
      const res = await new TestClient(server.url).post('/api/auth/register', creds);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_request', message, fields: fieldOf(message) });
      if (typeof creds.username === 'string') expect(await countUsers(creds.username)).toBe(0);
    },
  );

  it('accepts usernames of exactly 3 and 50 characters', async () => {
    const short = uniqueCredentials();
    expect(
      (
        await new TestClient(server.url).post('/api/auth/register', {
          ...short,
          username: `a${short.username.slice(-2)}`,
        })
      ).status,
    ).toBe(201);
    const long = uniqueCredentials();
    expect(
      (
        await new TestClient(server.url).post('/api/auth/register', {
          ...long,
          username: long.username.padEnd(50, 'z'),
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const res = await new TestClient(server.url).post('/api/auth/register', '{"username": ');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
  });

  it('answers 409 for a taken username, in any case', async () => {
    const bob = await buildUser(server);
    const res = await new TestClient(server.url).post('/api/auth/register', {
      ...uniqueCredentials(),
      username: bob.username.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'conflict',
      message: 'That username is already taken',
      fields: { username: 'That username is already taken' },
    });
  });

  it('answers 409 for a taken email, in any case', async () => {
    const bob = await buildUser(server);
    const creds = { ...uniqueCredentials(), email: bob.email.toUpperCase() };
    const res = await new TestClient(server.url).post('/api/auth/register', creds);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'conflict',
      message: 'An account with that email already exists',
      fields: { email: 'An account with that email already exists' },
    });
    expect(await countUsers(creds.username)).toBe(0);
  });

  it('refuses a request without a CSRF token (403) and writes nothing', async () => {
    const creds = uniqueCredentials();
    const res = await new TestClient(server.url).post('/api/auth/register', creds, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('csrf_failed');
    expect(await countUsers(creds.username)).toBe(0);
  });

  it('refuses a forged CSRF token (403)', async () => {
    const client = new TestClient(server.url);
    await client.token();
    const creds = uniqueCredentials();
    const res = await client.post('/api/auth/register', creds, {
      csrf: false,
      headers: { 'x-csrf-token': 'forged.token' },
    });
    expect(res.status).toBe(403);
    expect(await countUsers(creds.username)).toBe(0);
  });

  it("refuses another browser's token: tokens are bound to the session", async () => {
    const mallory = new TestClient(server.url);
    const stolen = await mallory.token();
    const creds = uniqueCredentials();
    const res = await new TestClient(server.url).post('/api/auth/register', creds, {
      csrf: false,
      headers: { 'x-csrf-token': stolen },
    });
    expect(res.status).toBe(403);
    expect(await countUsers(creds.username)).toBe(0);
  });

  it('refuses a foreign Origin even with a valid token (403)', async () => {
    const creds = uniqueCredentials();
    const res = await new TestClient(server.url).post('/api/auth/register', creds, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'csrf_failed', message: 'Cross-origin request refused' });
    expect(await countUsers(creds.username)).toBe(0);
  });

  it('accepts its own Origin', async () => {
    const res = await new TestClient(server.url).post('/api/auth/register', uniqueCredentials(), {
      origin: server.url,
    });
    expect(res.status).toBe(201);
  });

  it('rate-limits registrations per IP with a 429', async () => {
    const client = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await client.post('/api/auth/register', { ...uniqueCredentials(), password: 'x' })).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('rate-limits sign-ups for one username across IPs, so taken names cannot be probed', async () => {
    const { username } = uniqueCredentials();
    const statuses: number[] = [];
    for (let i = 0; i <= REGISTRATIONS_PER_USERNAME; i++) {
      statuses.push(
        (
          await new TestClient(server.url).post('/api/auth/register', {
            ...uniqueCredentials(),
            username,
          })
        ).status,
      );
    }
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, REGISTRATIONS_PER_USERNAME)).toEqual(
      Array(REGISTRATIONS_PER_USERNAME - 1).fill(409),
    );
    expect(statuses[REGISTRATIONS_PER_USERNAME]).toBe(429);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in, sets an httpOnly SameSite=Lax session cookie and answers with the user', async () => {
    const alice = await buildUser(server, { name: 'Alice' });
    const client = new TestClient(server.url);
    const res = await client.post('/api/auth/login', {
      username: alice.username,
      password: alice.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: alice.id,
      username: alice.username,
      email: alice.email,
      name: 'Alice',
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pitchpad_session='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/secure/i); // Secure only in production
    expect((await client.get('/api/auth/user')).body).toMatchObject({
      id: alice.id,
      username: alice.username,
    });
  });

  it('accepts the username in any case', async () => {
    const alice = await buildUser(server);
    const res = await new TestClient(server.url).post('/api/auth/login', {
      username: alice.username.toUpperCase(),
      password: alice.password,
    });
    expect(res.status).toBe(200);
  });

  it('answers a wrong password and an unknown username the same way (401)', async () => {
    const alice = await buildUser(server);
    const wrong = await new TestClient(server.url).post('/api/auth/login', {
      username: alice.username,
      password: 'not-the-password',
    });
    const unknown = await new TestClient(server.url).post('/api/auth/login', {
      username: 'nobody_at_all',
      password: 'whatever1',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'unauthorized', message: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith('pitchpad_session='))).toBe(false);
  });

  it.each([
    ['a missing username', { password: 'x' }, 'username: Username is required'],
    ['a blank username', { username: '  ', password: 'x' }, 'username: Username is required'],
    ['a missing password', { username: 'someone' }, 'password: Password is required'],
    [
      'a non-string password',
      { username: 'someone', password: 12345678 },
      'password: Password is required',
    ],
    [
      'a password under 8 characters',
      { username: 'someone', password: 'short' },
      'password: Password must be at least 8 characters',
    ],
    [
      'a password over 256 characters',
      { username: 'someone', password: 'x'.repeat(257) },
      'password: Password must be at most 256 characters',
    ],
  ])('refuses %s with a 400', async (_label, body, message) => {
    const res = await new TestClient(server.url).post('/api/auth/login', body);
    expect(res.status).toBe(400);
    // The first problem in the message; every field's (a short password too) in `fields`.
    expect(res.body).toMatchObject({ code: 'invalid_request', message, fields: fieldOf(message) });
  });

  it('refuses a login without a CSRF token (403) and sets no session', async () => {
    const alice = await buildUser(server);
    const client = new TestClient(server.url);
    const res = await client.post(
      '/api/auth/login',
      { username: alice.username, password: alice.password },
      { csrf: false },
    );
    expect(res.status).toBe(403);
    expect(client.cookies.has('pitchpad_session')).toBe(false);
    expect((await client.get('/api/auth/user')).body).toBeNull();
  });

  it('answers the 11th failed login for one username from one IP within the window with 429', async () => {
    const alice = await buildUser(server);
    const client = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_FAILURES_PER_USERNAME_AND_IP; i++) {
      statuses.push(
        (
          await client.post('/api/auth/login', {
            username: alice.username,
            password: `wrong-${i}-pass`,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, LOGIN_FAILURES_PER_USERNAME_AND_IP)).toEqual(
      Array(LOGIN_FAILURES_PER_USERNAME_AND_IP).fill(401),
    );
    const last = await client.post('/api/auth/login', {
      username: alice.username,
      password: alice.password,
    });
    expect(statuses[LOGIN_FAILURES_PER_USERNAME_AND_IP]).toBe(429);
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('rate_limited');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('clears the failure count after a successful login', async () => {
    const alice = await buildUser(server);
    const client = new TestClient(server.url);
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME_AND_IP - 1; i++)
      await client.post('/api/auth/login', { username: alice.username, password: 'wrong-pass' });
    expect(
      (await client.post('/api/auth/login', { username: alice.username, password: alice.password }))
        .status,
    ).toBe(200);
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME_AND_IP - 1; i++) {
      expect(
        (await client.post('/api/auth/login', { username: alice.username, password: 'wrong-pass' }))
          .status,
      ).toBe(401);
    }
  });

  it('rotates the CSRF token at login: a token from before no longer works, the new one does', async () => {
    const alice = await buildUser(server);
    const client = new TestClient(server.url);
    const guestToken = await client.token();
    await client.post('/api/auth/login', { username: alice.username, password: alice.password });
    const stale = await client.post('/api/auth/logout', undefined, {
      csrf: false,
      headers: { 'x-csrf-token': guestToken },
    });
    expect(stale.status).toBe(403);
    expect((await client.get('/api/auth/user')).body.username).toBe(alice.username);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
  });

  it("refuses Bob's CSRF token on Alice's session", async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    const bobToken = await bob.client.token();
    const res = await alice.client.post('/api/auth/logout', undefined, {
      csrf: false,
      headers: { 'x-csrf-token': bobToken },
    });
    expect(res.status).toBe(403);
    expect((await alice.client.get('/api/auth/user')).body.username).toBe(alice.user.username);
  });

  it('rotates the session: the session held before logging in no longer works', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const client = new TestClient(server.url);
    await client.post('/api/auth/login', { username: alice.username, password: alice.password });
    const before = client.cookies.get('pitchpad_session')!;
    await client.post('/api/auth/login', { username: bob.username, password: bob.password });
    const after = client.cookies.get('pitchpad_session')!;
    expect(after).not.toBe(before);
    const replay = new TestClient(server.url);
    replay.cookies.set('pitchpad_session', before);
    expect((await replay.get('/api/auth/user')).body).toBeNull();
    expect(
      (
        await server.pool.query('SELECT count(*)::int AS n FROM user_session WHERE id = $1', [
          sessionIdOf(before),
        ])
      ).rows[0].n,
    ).toBe(0);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session on the server and in the browser', async () => {
    const { client } = await loggedInClient(server);
    const sessionId = client.cookies.get('pitchpad_session')!;
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await client.get('/api/auth/user')).body).toBeNull();
    expect(
      (
        await server.pool.query('SELECT count(*)::int AS n FROM user_session WHERE id = $1', [
          sessionIdOf(sessionId),
        ])
      ).rows[0].n,
    ).toBe(0);
  });

  it('refuses a logout without a CSRF token (403) and keeps the session', async () => {
    const { client, user } = await loggedInClient(server);
    expect((await client.post('/api/auth/logout', undefined, { csrf: false })).status).toBe(403);
    expect((await client.get('/api/auth/user')).body.username).toBe(user.username);
  });

  it('is harmless without a session', async () => {
    expect((await new TestClient(server.url).post('/api/auth/logout')).status).toBe(200);
  });
});

describe('GET /api/auth/user', () => {
  it('answers JSON null with no session', async () => {
    const res = await new TestClient(server.url).get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(res.text).toBe('null');
  });

  it('answers null for an unknown session cookie and clears it', async () => {
    const client = new TestClient(server.url);
    client.cookies.set('pitchpad_session', 'not-a-real-session');
    const res = await client.get('/api/auth/user');
    expect(res.body).toBeNull();
    expect(client.cookies.has('pitchpad_session')).toBe(false);
  });
});

describe('a password hash never leaves the server', () => {
  it('appears in no auth or user response', async () => {
    const creds = uniqueCredentials();
    const client = new TestClient(server.url);
    const texts = [
      (await client.post('/api/auth/register', creds)).text,
      (await client.post('/api/auth/login', { username: creds.username, password: creds.password }))
        .text,
      (await client.get('/api/auth/user')).text,
      (await client.get('/api/user/subscription')).text,
      (await client.get('/api/user/usage')).text,
    ];
    const hash = (
      await server.pool.query('SELECT password FROM users WHERE username = $1', [creds.username])
    ).rows[0].password;
    for (const text of texts) {
      expect(text).not.toContain(hash);
      expect(text).not.toMatch(/argon2|"password"/);
    }
  });
});
