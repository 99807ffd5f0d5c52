import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { TestClient } from '../support/client';
import { buildUser, uniqueCredentials } from '../factories/users';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai';
import { ideaSummary } from '../factories/ideaAnalysis';

let fake: FakeOpenAI;
let server: TestServer;
/** A deployment on https: its cookies are `__Host-` (api/auth/cookies.ts). */
let secure: TestServer;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  const model = { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test' };
  server = await startTestServer(model);
  secure = await startTestServer({ ...model, APP_URL: 'https://pitchpad.example.com' });
});
afterAll(async () => {
  await server?.close();
  await secure?.close();
  await fake?.close();
});

async function analyze(client: TestClient, idea: string): Promise<number> {
  fake.enqueue({ reply: JSON.stringify(ideaSummary) });
  const res = await client.post('/api/analyze-startup', { idea });
  expect(res.status).toBe(200);
  return res.body.analysisId;
}

/** The ideas in a user's Saved History. */
async function historyOf(client: TestClient): Promise<string[]> {
  const res = await client.get('/api/workflows');
  expect(res.status).toBe(200);
  return res.body.map((w: { name: string }) => w.name);
}

/** Copy a browser's guest cookie (and its signature) into another browser's jar, under `as` names. */
function plantGuestCookie(from: TestClient, to: TestClient, name: string, as = name) {
  to.cookies.set(as, from.cookies.get(name)!);
  to.cookies.set(`${as}.sig`, from.cookies.get(`${name}.sig`)!);
}

const login = (client: TestClient, user: { username: string; password: string }) =>
  client.post('/api/auth/login', { username: user.username, password: user.password });

describe('guest session rotation', () => {
  it("a copy of the guest cookie kept before login reads nothing afterwards and adds nothing to the victim's account", async () => {
    const victim = await buildUser(server);
    const browser = new TestClient(server.url);
    const own = await analyze(browser, 'Victim idea: bakery subscriptions');
    const copy = new TestClient(server.url);
    plantGuestCookie(browser, copy, 'pitchpad_guest');
    expect((await copy.get(`/api/analyses/${own}`)).status).toBe(200); // the same guest session, before login

    expect((await login(browser, victim)).status).toBe(200);
    expect(await historyOf(browser)).toEqual(['Idea: Victim idea: bakery subscriptions']); // carried (regression)
    expect(browser.cookies.has('pitchpad_guest')).toBe(false);
    expect((await copy.get(`/api/analyses/${own}`)).status).toBe(404);

    // The copy is a stranger's guest session now: what it makes never reaches the victim's account.
    await analyze(copy, 'Injected idea');
    await browser.post('/api/auth/logout');
    expect((await login(browser, victim)).status).toBe(200);
    expect(await historyOf(browser)).toEqual(['Idea: Victim idea: bakery subscriptions']);
  });

  it("after logout the browser's guest session is new: a cookie planted while logged in reads nothing", async () => {
    const attacker = new TestClient(server.url);
    await analyze(attacker, 'Attacker idea');
    const victim = await buildUser(server);
    const browser = new TestClient(server.url);
    expect((await login(browser, victim)).status).toBe(200);
    plantGuestCookie(attacker, browser, 'pitchpad_guest');

    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    expect(browser.cookies.has('pitchpad_guest')).toBe(false);
    const afterLogout = await analyze(browser, 'Victim idea after logout');
    expect((await attacker.get(`/api/analyses/${afterLogout}`)).status).toBe(404);
    expect((await browser.get(`/api/analyses/${afterLogout}`)).status).toBe(200);
  });

  it("registration carries the guest's analysis and ends the guest session", async () => {
    const browser = new TestClient(server.url);
    const own = await analyze(browser, 'Dog walking marketplace');
    const copy = new TestClient(server.url);
    plantGuestCookie(browser, copy, 'pitchpad_guest');
    const creds = uniqueCredentials('reg');
    expect((await browser.post('/api/auth/register', creds)).status).toBe(201);
    expect(browser.cookies.has('pitchpad_guest')).toBe(false);
    expect((await copy.get(`/api/analyses/${own}`)).status).toBe(404);
    await analyze(copy, 'Injected after registration');
    expect((await login(browser, creds)).status).toBe(200);
    expect(await historyOf(browser)).toEqual(['Idea: Dog walking marketplace']);
    expect((await browser.get(`/api/analyses/${own}`)).status).toBe(200);
  });

  it("on https, a guest cookie planted from outside the origin carries nothing into the victim's account", async () => {
    const attacker = new TestClient(secure.url);
    const injected = await analyze(attacker, 'Attacker idea: visit evil.example');
    // A sibling subdomain or a plain-http page can set `pitchpad_guest`, but browsers refuse it a
    // `__Host-` cookie; the server reads only the `__Host-` one.
    const browser = new TestClient(secure.url);
    const own = await analyze(browser, 'Victim idea: tiny homes');
    plantGuestCookie(attacker, browser, '__Host-pitchpad_guest', 'pitchpad_guest');
    const victim = await buildUser(secure);
    expect((await login(browser, victim)).status).toBe(200);
    expect(await historyOf(browser)).toEqual(['Idea: Victim idea: tiny homes']);
    expect((await browser.get(`/api/analyses/${injected}`)).status).toBe(404);
    expect((await browser.get(`/api/analyses/${own}`)).status).toBe(200);
  });
});

describe('small leaks and growth', () => {
  it('50 cookieless GETs of /api/csrf-token store no session rows, and their tokens work for a POST', async () => {
    const count = async () =>
      (await server.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM session')).rows[0]!.n;
    const before = await count();
    const visitors = Array.from({ length: 50 }, () => new TestClient(server.url));
    for (const visitor of visitors) await visitor.token();
    expect(visitors.some((v) => v.cookies.has('pitchpad_guest'))).toBe(false);
    const added = (await count()) - before;
    // Other test files may share a real Postgres (TEST_DATABASE_URL); the embedded one is this file's own.
    if (server.config.databaseUrl) expect(added).toBeLessThan(50);
    else expect(added).toBe(0);

    // The tokens hold: a register and a guest's save, each with the token fetched above.
    expect((await visitors[0]!.post('/api/auth/register', uniqueCredentials('csrf'))).status).toBe(
      201,
    );
    expect(
      (await visitors[1]!.post('/api/guest/save-analysis', { email: 'grace@example.com' })).status,
    ).toBe(200);
    // A forged token is still refused.
    expect(
      (
        await visitors[2]!.post(
          '/api/guest/save-analysis',
          { email: 'x@example.com' },
          { csrf: false, headers: { 'x-csrf-token': 'a.b' } },
        )
      ).status,
    ).toBe(403);
  });
});
