import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { buildUser, loggedInClient, uniqueCredentials } from '../../tests/factories/users';
import { LOGIN_FAILURES_PER_USERNAME_AND_IP } from '../../domain/limits';

/**
 * The sign-in and registration forms as a prerendered page posts them before the app has taken it
 * over: a plain urlencoded POST from the browser, with no CSRF token (no script has run to fetch
 * one) and the Origin every browser sends on a form POST.
 */
let server: TestServer;
// A stand-in build holding the prerendered sign-in pages (web/build/prerender.ts writes the real ones).
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pitchpad-auth-pages-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Pitchpad shell</title>');
  const pages = {
    '/auth': 'auth.html',
    '/auth/login': 'auth-login.html',
    '/auth/register': 'auth-register.html',
  };
  for (const file of Object.values(pages))
    writeFileSync(
      join(dist, file),
      '<!doctype html><div id="root" data-prerendered><h1>Welcome back</h1></div>',
    );
  writeFileSync(
    join(dist, 'prerendered.json'),
    JSON.stringify({ pages, notFound: 'index.html', appRoutes: ['/auth', '/auth/$tab', '/chat'] }),
  );
  server = await startTestServer({}, { webDist: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Posted {
  status: number;
  location: string;
  cookies: Map<string, string>;
  /** The Set-Cookie headers as sent, a cleared cookie's too. */
  setCookies: string[];
  body: string;
}

const randomIp = () => `203.0.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** What a browser sends for `<form method="post">`: urlencoded fields, its Origin, its cookies. */
async function postForm(
  path: string,
  fields: Record<string, string>,
  opts: {
    origin?: string | null;
    ip?: string;
    cookies?: Map<string, string>;
    referer?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Posted> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    'x-forwarded-for': opts.ip ?? randomIp(),
    ...opts.headers,
  };
  const origin = opts.origin === undefined ? server.config.appUrl : opts.origin;
  if (origin !== null) headers.origin = origin;
  // The page the form was on: with our Referrer-Policy (same-origin) the browser names it in full.
  if (opts.referer)
    headers.referer = opts.referer.startsWith('/')
      ? server.config.appUrl + opts.referer
      : opts.referer;
  if (opts.cookies?.size)
    headers.cookie = [...opts.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  const cookies = new Map<string, string>();
  for (const c of res.headers.getSetCookie()) {
    const [pair = ''] = c.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(eq + 1)) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return {
    status: res.status,
    location: res.headers.get('location') ?? '',
    cookies,
    setCookies: res.headers.getSetCookie(),
    body: await res.text(),
  };
}

/** Who the cookies of a form's answer sign in as (GET /api/auth/user with them), or null. */
async function signedInAs(cookies: Map<string, string>): Promise<string | null> {
  const client = new TestClient(server.url);
  for (const [name, value] of cookies) client.cookies.set(name, value);
  const user = (await client.get('/api/auth/user')).body as { username: string } | null;
  return user?.username ?? null;
}

const countUsers = async (username: string) =>
  (
    await server.pool.query(
      'SELECT count(*)::int AS n FROM users WHERE lower(username) = lower($1)',
      [username],
    )
  ).rows[0].n;

/** The secrets of a form must be nowhere in where it sends the browser. */
function expectNoSecretsIn(location: string, ...secrets: string[]) {
  for (const secret of secrets) {
    expect(location).not.toContain(secret);
    expect(location).not.toContain(encodeURIComponent(secret));
  }
}

describe('POST /api/auth/login/form (the sign-in page before the app takes it over)', () => {
  it('the right password signs in and sends the rep to /chat with a 303 and a session cookie', async () => {
    const user = await buildUser(server);
    const res = await postForm('/api/auth/login/form', {
      username: user.username,
      password: user.password,
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/chat');
    expect(await signedInAs(res.cookies)).toBe(user.username);
  });

  it('a wrong password goes back to /auth/login with an error code only: no username, no password in the address', async () => {
    const user = await buildUser(server);
    const res = await postForm('/api/auth/login/form', {
      username: user.username,
      password: 'wrong-password-1',
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/auth/login?error=invalid-login');
    expectNoSecretsIn(res.location, user.username, 'wrong-password-1');
    expect(await signedInAs(res.cookies)).toBeNull();
  });

  it('an empty form goes back with the first missing field named by its code', async () => {
    const res = await postForm('/api/auth/login/form', { username: '', password: '' });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/auth/login?error=usernameRequired');
  });

  it('a form posted from another site is refused and signs no one in', async () => {
    const user = await buildUser(server);
    for (const origin of ['https://evil.example', null]) {
      const res = await postForm(
        '/api/auth/login/form',
        { username: user.username, password: user.password },
        { origin },
      );
      expect(res.status, `origin ${origin}`).toBe(403);
      expect(JSON.parse(res.body).code).toBe('csrf_failed');
      expect(await signedInAs(res.cookies)).toBeNull();
    }
  });

  it('the login limit counts form attempts: past it even the right password is refused with "too-many"', async () => {
    const user = await buildUser(server);
    const ip = randomIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME_AND_IP; i++) {
      const res = await postForm(
        '/api/auth/login/form',
        { username: user.username, password: `wrong-${i}-password` },
        { ip },
      );
      expect(res.location).toBe('/auth/login?error=invalid-login');
    }
    const refused = await postForm(
      '/api/auth/login/form',
      { username: user.username, password: user.password },
      { ip },
    );
    expect(refused.status).toBe(303);
    expect(refused.location).toBe('/auth/login?error=too-many');
    expect(await signedInAs(refused.cookies)).toBeNull();
    // The JSON sign-in shares the same count.
    const json = await new TestClient(server.url, ip).post('/api/auth/login', {
      username: user.username,
      password: user.password,
    });
    expect(json.status).toBe(429);
  });
});

describe('POST /api/auth/register/form (the registration page before the app takes it over)', () => {
  it('a new account is created, signed in, and sent to /chat with a 303', async () => {
    const creds = uniqueCredentials('formreg');
    const res = await postForm('/api/auth/register/form', { name: 'Dana Diaz', ...creds });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/chat');
    expect(await signedInAs(res.cookies)).toBe(creds.username);
    const row = (
      await server.pool.query('SELECT name, email FROM users WHERE username = $1', [creds.username])
    ).rows[0];
    expect(row).toEqual({ name: 'Dana Diaz', email: creds.email });
  });

  it("the new account is marked for the app's welcome by a short-lived cookie its script reads; a login is not", async () => {
    const creds = uniqueCredentials('formwelcome');
    const res = await postForm('/api/auth/register/form', { name: 'Ada Lovelace', ...creds });
    expect(res.location).toBe('/chat');
    const mark = res.setCookies.find((c) => c.startsWith('pitchpad_new_account='));
    const { id } = (
      await server.pool.query('SELECT id FROM users WHERE username = $1', [creds.username])
    ).rows[0];
    expect(mark).toMatch(new RegExp(`^pitchpad_new_account=${id};`));
    const expires = Date.parse(/expires=([^;]+)/i.exec(mark!)?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan(200_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(300_000);
    expect(mark).not.toMatch(/httponly/i);
    expect(mark).toMatch(/samesite=lax/i);
    const login = await postForm('/api/auth/login/form', {
      username: creds.username,
      password: creds.password,
    });
    expect(login.location).toBe('/chat');
    expect(login.setCookies.some((c) => c.startsWith('pitchpad_new_account='))).toBe(false);
  });

  it('a taken username goes back to /auth/register with its code: no name, email or password in the address', async () => {
    const taken = await buildUser(server);
    const creds = { ...uniqueCredentials(), username: taken.username };
    const res = await postForm('/api/auth/register/form', { name: 'Eve Example', ...creds });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/auth/register?error=username-taken');
    expectNoSecretsIn(res.location, 'Eve Example', creds.email, creds.password, creds.username);
    expect(await signedInAs(res.cookies)).toBeNull();
  });

  it("an invalid email goes back with the reason's code and creates nothing", async () => {
    const creds = { ...uniqueCredentials(), email: 'not-an-email' };
    const res = await postForm('/api/auth/register/form', creds);
    expect(res.location).toBe('/auth/register?error=emailInvalid');
    expect(await countUsers(creds.username)).toBe(0);
  });

  it('a registration form from another site is refused and creates nothing', async () => {
    const creds = uniqueCredentials();
    const res = await postForm('/api/auth/register/form', creds, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(await countUsers(creds.username)).toBe(0);
  });
});

describe('the JSON sign-in the app uses', () => {
  it('still needs its CSRF token: the form path opens no door for a script', async () => {
    const user = await buildUser(server);
    // From our own origin, so only the missing token can be what refuses it.
    const res = await new TestClient(server.url).post(
      '/api/auth/login',
      { username: user.username, password: user.password },
      { csrf: false, origin: server.url },
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'csrf_failed' });
  });
});

/** A tool card's link, as the landing page writes it (web/features/landing/toolCardDestination.ts). */
const cardPage = (tool: string, tab = 'login') =>
  `/auth/${tab}?${new URLSearchParams({ redirect: 'pricing', tool })}`;

describe('where the forms send the rep: where the sign-in page they were on says (its Referer)', () => {
  it("a sign-in from a tool card's page lands where the card meant, as the app's own sign-in does, and never off the site", async () => {
    const user = await buildUser(server);
    for (const [tool, destination] of [
      ['gtmplan', '/chat?flow=gtmplan'],
      ['email', '/chat?flow=email'],
      ['competitive', '/competitive'],
      ['none', '/chat'],
    ] as const) {
      const res = await postForm(
        '/api/auth/login/form',
        { username: user.username, password: user.password },
        { referer: cardPage(tool) },
      );
      expect(res.status, tool).toBe(303);
      expect(res.location, tool).toBe(destination);
      expect(await signedInAs(res.cookies)).toBe(user.username);
    }
    // Never off the site, nor anywhere the app does not have, whatever the address says.
    const referers = [
      `/auth/login?redirect=${encodeURIComponent('//evil.example/x')}`,
      `/auth/login?redirect=${encodeURIComponent('/\\evil.example')}`,
      `/auth/login?redirect=${encodeURIComponent('pricing/../..//evil.example')}`,
      `/auth/login?redirect=${encodeURIComponent('https://evil.example')}`,
      '/auth/login?redirect=evil.example',
      '/auth/login?redirect=auth%2Flogin',
      // Not the sign-in page, or not our origin: its query is not read at all.
      '/pricing?redirect=dashboard',
      `https://evil.example${cardPage('gtmplan')}`,
    ];
    for (const referer of referers) {
      const res = await postForm(
        '/api/auth/login/form',
        { username: user.username, password: user.password },
        { referer },
      );
      expect(res.location, referer).toBe('/chat');
    }
  });

  it("a registration from a tool card's page, or from one that names where to go next, lands there", async () => {
    const res = await postForm('/api/auth/register/form', uniqueCredentials('cardreg'), {
      referer: cardPage('demo', 'register'),
    });
    expect(res.location).toBe('/chat?flow=demo');
    const next = await postForm('/api/auth/register/form', uniqueCredentials('nextreg'), {
      referer: `/auth/register?${new URLSearchParams({ redirect: 'onboarding?analysis=42' })}`,
    });
    expect(next.location).toBe('/onboarding?analysis=42');
  });

  it('a refused form goes back to the page it came from with where the rep was going still in its address', async () => {
    const user = await buildUser(server);
    const res = await postForm(
      '/api/auth/login/form',
      { username: user.username, password: 'wrong-password-1' },
      { referer: cardPage('gtmplan') },
    );
    expect(res.location).toBe('/auth/login?redirect=pricing&tool=gtmplan&error=invalid-login');
    const retry = await postForm(
      '/api/auth/login/form',
      { username: user.username, password: user.password },
      { referer: res.location },
    );
    expect(retry.location).toBe('/chat?flow=gtmplan');
  });
});

describe('the sign-in pages for a rep who is already signed in', () => {
  it("opening a tool card's sign-in page signed in sends the rep on with a 303 to the card's destination, kept by no cache", async () => {
    const { client } = await loggedInClient(server);
    for (const [path, destination] of [
      [cardPage('gtmplan'), '/chat?flow=gtmplan'],
      [cardPage('competitive', 'register'), '/competitive'],
      ['/auth?redirect=dashboard', '/dashboard'],
      ['/auth/login/', '/chat'],
      ['/Auth/Register?redirect=%2F%2Fevil.example', '/chat'],
    ] as const) {
      const res = await client.get(path);
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location'), path).toBe(destination);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('vary'), path).toMatch(/\bCookie\b/);
    }
  });

  it('a guest gets the page itself, which no shared cache may keep for anyone else', async () => {
    for (const path of [cardPage('gtmplan'), '/auth/register', '/auth']) {
      const res = await new TestClient(server.url).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text).toContain('<h1>Welcome back</h1>');
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
      expect(res.headers.get('vary'), path).toMatch(/\bCookie\b/);
    }
    // A session that has ended is a guest's too.
    const { client } = await loggedInClient(server);
    await client.post('/api/auth/logout');
    expect((await client.get(cardPage('gtmplan'))).status).toBe(200);
  });
});

/** A page of the app as the browser names it in a Referer: on the host it asked. */
const appPage = (path: string) => server.url + path;

describe("a tab of the sign-in page tapped before the app runs (a plain link, without its page's query)", () => {
  it("the Register tab on a tool card's sign-in page is sent back to itself with the card's query, so its form lands where the card meant", async () => {
    const guest = new TestClient(server.url);
    const opened = await guest.request('GET', '/auth/register', undefined, {
      headers: { referer: appPage(`${cardPage('gtmplan')}&error=invalid-login`) },
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/auth/register?redirect=pricing&tool=gtmplan');
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('vary')).toMatch(/\bReferer\b/);
    // The form on that page names it in its Referer, and the new account lands on the card's tool.
    const creds = uniqueCredentials('tabreg');
    const registered = await postForm(
      '/api/auth/register/form',
      { name: 'Tab Tapper', ...creds },
      { referer: opened.headers.get('location')! },
    );
    expect(registered.location).toBe('/chat?flow=gtmplan');
    // The Login tab back, likewise; a signed-in rep is sent on to the card's destination at once.
    const back = await guest.request('GET', '/auth/login', undefined, {
      headers: { referer: appPage('/auth/register?redirect=pricing&tool=competitive') },
    });
    expect(back.headers.get('location')).toBe('/auth/login?redirect=pricing&tool=competitive');
    const { client } = await loggedInClient(server);
    const signedIn = await client.request('GET', '/auth/register', undefined, {
      headers: { referer: appPage(cardPage('competitive')) },
    });
    expect(signedIn.headers.get('location')).toBe('/competitive');
  });

  it('the page is served as it is when it names where to go, or when the link came from no sign-in page of ours', async () => {
    const guest = new TestClient(server.url);
    for (const [path, referer] of [
      ['/auth/register', undefined],
      ['/auth/register', appPage('/pricing?redirect=pricing&tool=gtmplan')],
      ['/auth/register', `https://elsewhere.example${cardPage('gtmplan')}`],
      ['/auth/register?redirect=dashboard', appPage(cardPage('gtmplan'))],
      ['/auth/login', appPage('/auth/register')],
    ] as const) {
      const res = await guest.request('GET', path, undefined, {
        headers: referer ? { referer } : {},
      });
      expect(res.status, `${path} from ${referer}`).toBe(200);
      expect(res.text).toContain('<h1>Welcome back</h1>');
    }
  });
});

describe('the sign-in pages while a logout made offline waits (the page marks it in a cookie)', () => {
  it('a rep whose logout still waits gets the sign-in page, not a 303 into the app the waiting logout is about to close', async () => {
    const { user, client } = await loggedInClient(server);
    client.cookies.set('pitchpad_logout_pending', String(user.id));
    for (const path of ['/auth/login', cardPage('gtmplan'), '/auth']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text).toContain('<h1>Welcome back</h1>');
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
    }
    // Another user's mark is not this session's: sent on as before.
    client.cookies.set('pitchpad_logout_pending', String(user.id + 100_000));
    expect((await client.get('/auth/login')).status).toBe(303);
  });

  it('a login ends the session the logout waited for, and takes the mark away', async () => {
    const user = await buildUser(server);
    const res = await postForm(
      '/api/auth/login/form',
      { username: user.username, password: user.password },
      { cookies: new Map([['pitchpad_logout_pending', '12345']]) },
    );
    expect(res.status).toBe(303);
    const cleared = res.setCookies.find((c) => c.startsWith('pitchpad_logout_pending='));
    expect(cleared).toMatch(/^pitchpad_logout_pending=;.*expires=Thu, 01 Jan 1970/i);
  });
});

describe('GET /api/auth/session (how long ago the current session began)', () => {
  it('says whose session the cookie holds and how long ago it began, so a logout queued before it never ends it', async () => {
    expect((await new TestClient(server.url).get('/api/auth/session')).body).toBeNull();
    const user = await buildUser(server);
    const form = await postForm('/api/auth/login/form', {
      username: user.username,
      password: user.password,
    });
    const client = new TestClient(server.url);
    for (const [name, value] of form.cookies) client.cookies.set(name, value);
    const fresh = (await client.get('/api/auth/session')).body as {
      userId: number;
      startedMsAgo: number;
    };
    expect(fresh.userId).toBe(user.id);
    expect(fresh.startedMsAgo).toBeGreaterThanOrEqual(0);
    expect(fresh.startedMsAgo).toBeLessThan(60_000);
    // An hour later, by the database's clock:
    await server.pool.query(
      "UPDATE user_session SET created_at = created_at - interval '1 hour' WHERE user_id = $1",
      [user.id],
    );
    const later = (await client.get('/api/auth/session')).body as { startedMsAgo: number };
    expect(later.startedMsAgo).toBeGreaterThanOrEqual(3_600_000);
    expect(later.startedMsAgo).toBeLessThan(3_660_000);
  });
});

describe('a form body the server cannot read', () => {
  it('one too large goes back to its form with ?error=too-large (and where the rep was going), never JSON', async () => {
    const huge = 'x'.repeat(20_000);
    for (const [path, tab] of [
      ['/api/auth/login/form', 'login'],
      ['/api/auth/register/form', 'register'],
    ] as const) {
      const res = await postForm(
        path,
        { username: 'someone', password: huge },
        { referer: cardPage('gtmplan', tab) },
      );
      expect(res.status, path).toBe(303);
      expect(res.location, path).toBe(`/auth/${tab}?redirect=pricing&tool=gtmplan&error=too-large`);
      expect(res.body, path).not.toContain('{');
    }
  });

  it('one in an encoding it cannot read goes back to its form with ?error=failed', async () => {
    const res = await postForm(
      '/api/auth/login/form',
      { username: 'someone', password: 'password-1' },
      { headers: { 'content-encoding': 'klingon' } },
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe('/auth/login?error=failed');
  });
});
