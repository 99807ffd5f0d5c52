import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { TestClient } from '../support/client';
import { buildUser, uniqueCredentials } from '../factories/users';
import {
  LOGIN_ATTEMPTS_PER_IP,
  LOGIN_ATTEMPTS_PER_USERNAME,
  LOGIN_FAILURES_PER_USERNAME_AND_IP,
} from '../../domain/limits';

/**
 * Item 2: failed logins limit the one who fails, never the account's owner signing in with the
 * right password from another network; brute force stays bounded per IP and per username.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const logIn = (client: TestClient, username: string, password: string) =>
  client.post('/api/auth/login', { username, password });

describe('login limits', () => {
  it('11+ failed logins for victim from other addresses do not stop victim signing in from a fresh address', async () => {
    const victim = await buildUser(server, { username: `victim_${uniqueCredentials().username}` });
    const statuses: number[] = [];
    // Several attackers, each well past the old per-username limit of 10 together.
    const attackers = [
      new TestClient(server.url),
      new TestClient(server.url),
      new TestClient(server.url),
    ];
    for (let i = 0; i < 15; i++)
      statuses.push((await logIn(attackers[i % 3]!, victim.username, `wrong-guess-${i}`)).status);
    expect(statuses).toEqual(Array(15).fill(401));
    const owner = new TestClient(server.url);
    const res = await logIn(owner, victim.username, victim.password);
    expect(res.status).toBe(200);
    expect((await owner.get('/api/auth/user')).body.username).toBe(victim.username);
  });

  it('one address guessing one account gets 429, and the owner still gets in from elsewhere', async () => {
    const victim = await buildUser(server);
    const attacker = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_FAILURES_PER_USERNAME_AND_IP; i++)
      statuses.push((await logIn(attacker, victim.username, `wrong-guess-${i}`)).status);
    expect(statuses.slice(0, LOGIN_FAILURES_PER_USERNAME_AND_IP)).toEqual(
      Array(LOGIN_FAILURES_PER_USERNAME_AND_IP).fill(401),
    );
    expect(statuses[LOGIN_FAILURES_PER_USERNAME_AND_IP]).toBe(429);
    // Even the right password is refused to the attacker's address now: guessing it there proves nothing.
    const refused = await logIn(attacker, victim.username, victim.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again later.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await logIn(new TestClient(server.url), victim.username, victim.password)).status).toBe(
      200,
    );
  });

  it('one address spraying many usernames gets 429 after the per-IP allowance', async () => {
    const attacker = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_ATTEMPTS_PER_IP; i++)
      statuses.push((await logIn(attacker, uniqueCredentials().username, 'wrong-guess-1')).status);
    expect(statuses.slice(0, LOGIN_ATTEMPTS_PER_IP)).toEqual(
      Array(LOGIN_ATTEMPTS_PER_IP).fill(401),
    );
    expect(statuses[LOGIN_ATTEMPTS_PER_IP]).toBe(429);
  }, 60_000);

  it('many addresses guessing one account are bounded: past the per-username ceiling every try is 429, except from a browser the owner signed in on before', async () => {
    const victim = await buildUser(server);
    // The owner signed in on their phone last week (it keeps the account's device cookie), and out.
    const phone = new TestClient(server.url);
    expect((await logIn(phone, victim.username, victim.password)).status).toBe(200);
    expect((await phone.post('/api/auth/logout')).status).toBe(200);
    const statuses: number[] = [];
    // Each address stays under its own limits; together they reach the account's ceiling.
    const perAddress = LOGIN_FAILURES_PER_USERNAME_AND_IP - 1;
    // The owner's own sign-in counted as one of the account's attempts.
    const guesses = LOGIN_ATTEMPTS_PER_USERNAME - 1;
    for (let i = 0; i < guesses; i += perAddress) {
      const attacker = new TestClient(server.url);
      for (let j = 0; j < perAddress && i + j < guesses; j++)
        statuses.push((await logIn(attacker, victim.username, `wrong-${i}-${j}`)).status);
    }
    expect(statuses).toEqual(Array(guesses).fill(401));
    expect(
      (await logIn(new TestClient(server.url), victim.username, 'one-more-guess')).status,
    ).toBe(429);
    expect((await logIn(new TestClient(server.url), victim.username, victim.password)).status).toBe(
      429,
    );
    const rows = await server.pool.query(
      'SELECT count(*)::int AS n FROM user_session WHERE user_id = $1',
      [victim.id],
    );
    expect(rows.rows[0].n).toBe(0);
    // The owner's phone, now on another network, still gets in: its device cookie names the account.
    const phoneElsewhere = new TestClient(server.url);
    for (const [name, value] of phone.cookies) phoneElsewhere.cookies.set(name, value);
    expect((await logIn(phoneElsewhere, victim.username, victim.password)).status).toBe(200);
    // A device cookie is bound to its account: it does not lift another account's ceiling.
    expect([...phone.cookies.keys()]).toContain('pitchpad_device');
  }, 120_000);

  it('addresses of one IPv6 /64 count as one client: rotating through it does not escape the per-address limit', async () => {
    const victim = await buildUser(server);
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_FAILURES_PER_USERNAME_AND_IP; i++) {
      statuses.push(
        (
          await logIn(
            new TestClient(server.url, `${prefix}::${(i + 1).toString(16)}`),
            victim.username,
            `wrong-guess-${i}`,
          )
        ).status,
      );
    }
    expect(statuses.slice(0, LOGIN_FAILURES_PER_USERNAME_AND_IP)).toEqual(
      Array(LOGIN_FAILURES_PER_USERNAME_AND_IP).fill(401),
    );
    expect(statuses[LOGIN_FAILURES_PER_USERNAME_AND_IP]).toBe(429);
  });

  it("a refused attacker adds nothing to the account's count, so one address cannot lock the owner out", async () => {
    const victim = await buildUser(server);
    const attacker = new TestClient(server.url);
    // Far more tries than the account's ceiling, all from one address: all but the first few are refused there.
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_IP; i++)
      await logIn(attacker, victim.username, `wrong-${i}`);
    const key = `login:user:${victim.username.toLowerCase()}`;
    const counted = (
      await server.pool.query('SELECT count::int AS n FROM rate_limits WHERE key = $1', [key])
    ).rows[0].n;
    expect(counted).toBe(LOGIN_FAILURES_PER_USERNAME_AND_IP);
    expect((await logIn(new TestClient(server.url), victim.username, victim.password)).status).toBe(
      200,
    );
  }, 60_000);
});
