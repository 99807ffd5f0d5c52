import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { TestClient } from '../support/client';
import { buildUser, uniqueCredentials } from '../factories/users';
import { PASSWORD_MAX } from '../../domain/limits';
import { isCommonPassword } from '../../api/auth/passwords';

/** Item 11: passwords and usernames, the same rules at register and login. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const register = (body: Record<string, unknown>) =>
  new TestClient(server.url).post('/api/auth/register', body);
const logIn = (username: string, password: string) =>
  new TestClient(server.url).post('/api/auth/login', { username, password });
const storedUsernames = async (email: string) =>
  (
    await server.pool.query<{ username: string }>('SELECT username FROM users WHERE email = $1', [
      email,
    ])
  ).rows.map((r) => r.username);

describe('passwords', () => {
  it.each(['password', 'Password1', 'BASEBALL', 'qwertyuiop', 'iloveyou1', 'trustno1'])(
    'refuses the common password %s at register, naming the field, and writes nothing',
    async (password) => {
      const creds = { ...uniqueCredentials(), password };
      const res = await register(creds);
      expect(res.status).toBe(400);
      const why = 'This password is one of the most common ones and easy to guess. Choose another.';
      expect(res.body).toEqual({
        code: 'invalid_request',
        message: `password: ${why}`,
        fields: { password: why },
      });
      expect(await storedUsernames(creds.email)).toEqual([]);
    },
  );

  it('ships a list of the 10,000 most common passwords', () => {
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('correct-horse-battery-staple-42')).toBe(false);
  });

  it.each([
    [
      'the username',
      (c: { username: string }) => c.username.toUpperCase(),
      'password: Password must not be the same as your username',
    ],
    [
      'the email',
      (c: { email: string }) => c.email.toUpperCase(),
      'password: Password must not be the same as your email',
    ],
  ])(
    'refuses a password equal to %s (in any case) at register',
    async (_label, passwordOf, message) => {
      const creds = uniqueCredentials();
      const res = await register({ ...creds, password: passwordOf(creds) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'invalid_request',
        message,
        fields: { password: message.replace('password: ', '') },
      });
      expect(await storedUsernames(creds.email)).toEqual([]);
    },
  );

  it(`refuses a password over ${PASSWORD_MAX} characters at register and at login alike`, async () => {
    const creds = uniqueCredentials();
    const tooLong = `${creds.password}-${'x'.repeat(PASSWORD_MAX)}`;
    const why = `Password must be at most ${PASSWORD_MAX} characters`;
    const message = {
      code: 'invalid_request',
      message: `password: ${why}`,
      fields: { password: why },
    };
    expect((await register({ ...creds, password: tooLong })).body).toEqual(message);
    expect(await storedUsernames(creds.email)).toEqual([]);
    expect((await logIn(creds.username, tooLong)).body).toEqual(message);
  });

  it(`a password of exactly ${PASSWORD_MAX} characters accepted at register logs in`, async () => {
    const creds = uniqueCredentials();
    const password = `${creds.password}-`.padEnd(PASSWORD_MAX, 'q');
    expect((await register({ ...creds, password })).status).toBe(201);
    expect((await logIn(creds.username, password)).status).toBe(200);
  });

  it('refuses a password under 8 characters at login as at register', async () => {
    const alice = await buildUser(server);
    const res = await logIn(alice.username, 'short');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'invalid_request',
      message: 'password: Password must be at least 8 characters',
      fields: { password: 'Password must be at least 8 characters' },
    });
  });
});

describe('usernames', () => {
  it.each([
    ['a zero-width space', '\u200b'],
    ['a right-to-left override', '\u202e'],
    ['a zero-width joiner', '\u200d'],
    ['a bell (control) character', '\u0007'],
  ])(
    'refuses a username holding %s, naming the field, and writes nothing',
    async (_label, char) => {
      const creds = uniqueCredentials();
      const res = await register({
        ...creds,
        username: `${creds.username.slice(0, 6)}${char}${creds.username.slice(6)}`,
      });
      expect(res.status).toBe(400);
      const why =
        'Username may not contain control or invisible characters (such as zero-width or text-direction marks)';
      expect(res.body).toEqual({
        code: 'invalid_request',
        message: `username: ${why}`,
        fields: { username: why },
      });
      expect(await storedUsernames(creds.email)).toEqual([]);
    },
  );

  it('keeps a username NFKC-normalised: full-width letters are the same name, at register and login', async () => {
    const creds = uniqueCredentials('nfkc');
    // 'ｎｆｋｃ' is full-width NFKC-equal to 'nfkc'.
    const wide = creds.username.replace('nfkc', 'ｎｆｋｃ');
    const res = await register({ ...creds, username: wide });
    expect(res.status).toBe(201);
    expect(res.body.user.username).toBe(creds.username);
    expect(await storedUsernames(creds.email)).toEqual([creds.username]);
    expect((await logIn(creds.username, creds.password)).status).toBe(200);
    expect((await logIn(wide, creds.password)).status).toBe(200);
    const again = await register({ ...uniqueCredentials(), username: creds.username });
    expect(again.body).toEqual({
      code: 'conflict',
      message: 'That username is already taken',
      fields: { username: 'That username is already taken' },
    });
  });

  it("a look-alike name with a compatibility ligature is taken by the plain one ('ﬁona' is 'fiona')", async () => {
    const creds = uniqueCredentials('fiona');
    expect((await register(creds)).status).toBe(201);
    const res = await register({
      ...uniqueCredentials(),
      username: creds.username.replace('fi', '\ufb01'),
    });
    expect(res.status).toBe(409);
  });
});
