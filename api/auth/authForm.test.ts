import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { buildUser, uniqueCredentials } from '../../tests/factories/users';
import { LOGIN_FAILURES_PER_USERNAME_AND_IP } from '../../domain/limits';

/**
 * The sign-in and registration forms as a prerendered page posts them before the app has taken it
 * over: a plain urlencoded POST from the browser, with no CSRF token (no script has run to fetch
 * one) and the Origin every browser sends on a form POST.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Posted {
  status: number;
  location: string;
  cookies: Map<string, string>;
  body: string;
}

const randomIp = () => `203.0.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** What a browser sends for `<form method="post">`: urlencoded fields, its Origin, its cookies. */
async function postForm(path: string, fields: Record<string, string>, opts: { origin?: string | null; ip?: string; cookies?: Map<string, string> } = {}): Promise<Posted> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': opts.ip ?? randomIp() };
  const origin = opts.origin === undefined ? server.config.appUrl : opts.origin;
  if (origin !== null) headers.origin = origin;
  if (opts.cookies?.size) headers.cookie = [...opts.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(server.url + path, { method: 'POST', headers, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
  const cookies = new Map<string, string>();
  for (const c of res.headers.getSetCookie()) {
    const [pair = ''] = c.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(eq + 1)) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return { status: res.status, location: res.headers.get('location') ?? '', cookies, body: await res.text() };
}

/** Who the cookies of a form's answer sign in as (GET /api/auth/user with them), or null. */
async function signedInAs(cookies: Map<string, string>): Promise<string | null> {
  const client = new TestClient(server.url);
  for (const [name, value] of cookies) client.cookies.set(name, value);
  const user = (await client.get('/api/auth/user')).body as { username: string } | null;
  return user?.username ?? null;
}

const countUsers = async (username: string) =>
  (await server.pool.query('SELECT count(*)::int AS n FROM users WHERE lower(username) = lower($1)', [username])).rows[0].n;

/** The secrets of a form must be nowhere in where it sends the browser. */
function expectNoSecretsIn(location: string, ...secrets: string[]) {
  for (const secret of secrets) {
    expect(location).not.toContain(secret);
    expect(location).not.toContain(encodeURIComponent(secret));
  }
}

describe('POST /api/auth/login/form (the sign-in page before the app takes it over)', () => {
  it('trust: 1. the right password signs in and sends the rep to /chat with a 303 and a session cookie', async () => {
    const user = await buildUser(server);
    const res = await postForm('/api/auth/login/form', { username: user.username, password: user.password });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/chat');
    expect(await signedInAs(res.cookies)).toBe(user.username);
  });

  it('trust: 1. a wrong password goes back to /auth/login with an error code only: no username, no password in the address', async () => {
    const user = await buildUser(server);
    const res = await postForm('/api/auth/login/form', { username: user.username, password: 'wrong-password-1' });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/auth/login?error=invalid-login');
    expectNoSecretsIn(res.location, user.username, 'wrong-password-1');
    expect(await signedInAs(res.cookies)).toBeNull();
  });

  it('trust: 1. an empty form goes back with the first missing field named by its code', async () => {
    const res = await postForm('/api/auth/login/form', { username: '', password: '' });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/auth/login?error=usernameRequired');
  });

  it('trust: 1. a form posted from another site is refused and signs no one in', async () => {
    const user = await buildUser(server);
    for (const origin of ['https://evil.example', null]) {
      const res = await postForm('/api/auth/login/form', { username: user.username, password: user.password }, { origin });
      expect(res.status, `origin ${origin}`).toBe(403);
      expect(JSON.parse(res.body).code).toBe('csrf_failed');
      expect(await signedInAs(res.cookies)).toBeNull();
    }
  });

  it('trust: 1. the login limit counts form attempts: past it even the right password is refused with "too-many"', async () => {
    const user = await buildUser(server);
    const ip = randomIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME_AND_IP; i++) {
      const res = await postForm('/api/auth/login/form', { username: user.username, password: `wrong-${i}-password` }, { ip });
      expect(res.location).toBe('/auth/login?error=invalid-login');
    }
    const refused = await postForm('/api/auth/login/form', { username: user.username, password: user.password }, { ip });
    expect(refused.status).toBe(303);
    expect(refused.location).toBe('/auth/login?error=too-many');
    expect(await signedInAs(refused.cookies)).toBeNull();
    // The JSON sign-in shares the same count.
    const json = await new TestClient(server.url, ip).post('/api/auth/login', { username: user.username, password: user.password });
    expect(json.status).toBe(429);
  });
});

describe('POST /api/auth/register/form (the registration page before the app takes it over)', () => {
  it('trust: 1. a new account is created, signed in, and sent to /chat with a 303', async () => {
    const creds = uniqueCredentials('formreg');
    const res = await postForm('/api/auth/register/form', { name: 'Dana Diaz', ...creds });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/chat');
    expect(await signedInAs(res.cookies)).toBe(creds.username);
    const row = (await server.pool.query('SELECT name, email FROM users WHERE username = $1', [creds.username])).rows[0];
    expect(row).toEqual({ name: 'Dana Diaz', email: creds.email });
  });

  it('trust: 1. a taken username goes back to /auth/register with its code: no name, email or password in the address', async () => {
    const taken = await buildUser(server);
    const creds = { ...uniqueCredentials(), username: taken.username };
    const res = await postForm('/api/auth/register/form', { name: 'Eve Example', ...creds });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/auth/register?error=username-taken');
    expectNoSecretsIn(res.location, 'Eve Example', creds.email, creds.password, creds.username);
    expect(await signedInAs(res.cookies)).toBeNull();
  });

  it('trust: 1. an invalid email goes back with the reason\'s code and creates nothing', async () => {
    const creds = { ...uniqueCredentials(), email: 'not-an-email' };
    const res = await postForm('/api/auth/register/form', creds);
    expect(res.location).toBe('/auth/register?error=emailInvalid');
    expect(await countUsers(creds.username)).toBe(0);
  });

  it('trust: 1. a registration form from another site is refused and creates nothing', async () => {
    const creds = uniqueCredentials();
    const res = await postForm('/api/auth/register/form', creds, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await countUsers(creds.username)).toBe(0);
  });
});

describe('the JSON sign-in the app uses', () => {
  it('still needs its CSRF token: the form path opens no door for a script', async () => {
    const user = await buildUser(server);
    // From our own origin, so only the missing token can be what refuses it.
    const res = await new TestClient(server.url).post('/api/auth/login', { username: user.username, password: user.password }, { csrf: false, origin: server.url });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'csrf_failed' });
  });
});
