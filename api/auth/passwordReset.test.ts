import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailTestServer, startTestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { buildUser, loggedInClient, uniqueCredentials } from '../../tests/factories/users';
import { simpleParser, type AddressObject } from 'mailparser';
import { loadConfig } from '../config';
import { createMailer } from '../mail';
import { captureLog } from '../../tests/support/logs';
import { resetEmail } from './passwordReset.routes';
import type { CaughtMail } from '../../tests/fakes/smtp';
import { FIELD_MESSAGES } from '../../domain/accountFields';
import { COMMON_PASSWORD } from '../../domain/contract/authForm';
import { PASSWORD_RESETS_PER_EMAIL, PASSWORD_RESETS_PER_IP } from '../../domain/limits';
import {
  RESET_LINK_DEAD,
  RESET_LINK_SENT,
  RESET_OFF,
  RESET_TOO_MANY,
} from '../../domain/passwordReset';

const server = await startMailTestServer('Pitchpad <reset@example.com>');
const { mail } = server;
afterAll(() => server.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The token of the reset link in an email (the plain text's link, which the HTML's must equal). */
function linkIn(message: CaughtMail, appUrl = server.config.appUrl): string {
  const match = new RegExp(`${appUrl}/auth/reset\\?token=([\\w-]+)`).exec(message.text);
  if (!match) throw new Error(`no reset link in: ${message.text}`);
  expect(message.html).toContain(match[0]);
  return match[1]!;
}

/** Ask for a link for `email` and read it from the email that arrives. */
async function requestLink(email: string, client = new TestClient(server.url)) {
  const res = await client.post('/api/auth/forgot', { email });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: RESET_LINK_SENT });
  return linkIn(await mail.next(email));
}

const logIn = (username: string, password: string) =>
  new TestClient(server.url).post('/api/auth/login', { username, password });

const resetRows = async (userId: number) =>
  (await server.pool.query('SELECT * FROM password_resets WHERE user_id = $1', [userId])).rows;

/** Mail that reached `email` since the test began (the catcher keeps everything). */
const mailTo = (email: string) => mail.messages.filter((m) => m.to.includes(email));

/** Long enough for a message the app would send to have arrived at the catcher on loopback. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('password reset by email', () => {
  it('emails a link that sets a new password, ends every session and signs this device in', async () => {
    const { user, client: before } = await loggedInClient(server);
    expect((await before.get('/api/user/subscription')).status).toBe(200);

    const browser = new TestClient(server.url);
    const res = await browser.post('/api/auth/forgot', { email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: RESET_LINK_SENT });
    const message = await mail.next(user.email);
    expect(message.from).toContain('reset@example.com');
    expect(message.subject).toBe('Reset your Pitchpad password');
    expect(message.text).toContain('30 minutes');
    const token = linkIn(message);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Only the hash is kept.
    const [row] = await resetRows(user.id);
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const newPassword = 'a-brand-new-secret-9';
    const reset = await browser.post('/api/auth/reset', { token, password: newPassword });
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ id: user.id, username: user.username });
    expect((await browser.get('/api/auth/user')).body).toMatchObject({ id: user.id });

    // The session from before is gone; only the browser that reset is signed in.
    expect((await before.get('/api/user/subscription')).status).toBe(401);
    const sessions = await server.pool.query('SELECT id FROM user_session WHERE user_id = $1', [
      user.id,
    ]);
    expect(sessions.rows).toHaveLength(1);
    expect(await resetRows(user.id)).toEqual([]);

    expect((await logIn(user.username, user.password)).status).toBe(401);
    expect((await logIn(user.username, newPassword)).status).toBe(200);
    const stored = await server.pool.query('SELECT password FROM users WHERE id = $1', [user.id]);
    expect(stored.rows[0].password).toMatch(/^\$argon2id\$/);

    // Used once: the same link again changes nothing.
    const replay = await new TestClient(server.url).post('/api/auth/reset', {
      token,
      password: 'yet-another-secret-7',
    });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(RESET_LINK_DEAD);
    expect((await logIn(user.username, newPassword)).status).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const user = await buildUser(server);
    const token = await requestLink(user.email);
    // 31 minutes later, by the database's clock.
    await server.pool.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [user.id],
    );
    const res = await new TestClient(server.url).post('/api/auth/reset', {
      token,
      password: 'a-brand-new-secret-9',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(RESET_LINK_DEAD);
    expect((await logIn(user.username, user.password)).status).toBe(200);
  });

  it('a newer link kills the older one', async () => {
    const user = await buildUser(server);
    const older = await requestLink(user.email);
    const newer = await requestLink(user.email);
    const client = new TestClient(server.url);
    const stale = await client.post('/api/auth/reset', {
      token: older,
      password: 'older-link-pw-1',
    });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(RESET_LINK_DEAD);
    expect((await logIn(user.username, user.password)).status).toBe(200);
    const fresh = await client.post('/api/auth/reset', {
      token: newer,
      password: 'newer-link-pw-2',
    });
    expect(fresh.status).toBe(200);
    expect((await logIn(user.username, 'newer-link-pw-2')).status).toBe(200);
  });

  it.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a token too short', 'abc'],
    ['an empty token', ''],
    ['a token with other characters', `${'a'.repeat(42)}!`],
    ['a very long token', 'a'.repeat(5000)],
    ['no token at all', undefined],
    ['a token that is not text', 12345],
  ])('refuses %s with the one message', async (_what, token) => {
    const res = await new TestClient(server.url).post('/api/auth/reset', {
      token,
      password: 'a-brand-new-secret-9',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(RESET_LINK_DEAD);
  });

  it('refuses the stored hash typed as a token: what the database holds opens nothing', async () => {
    const user = await buildUser(server);
    await requestLink(user.email);
    const [row] = await resetRows(user.id);
    const res = await new TestClient(server.url).post('/api/auth/reset', {
      token: row.token_hash,
      password: 'a-brand-new-secret-9',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(RESET_LINK_DEAD);
    expect((await logIn(user.username, user.password)).status).toBe(200);
  });

  it("holds the new password to registration's rules, and the link keeps working after a refusal", async () => {
    const user = await buildUser(server);
    const token = await requestLink(user.email);
    const client = new TestClient(server.url);
    for (const [password, why] of [
      ['short', FIELD_MESSAGES.passwordShort],
      ['password123', COMMON_PASSWORD],
      [user.username, FIELD_MESSAGES.passwordIsUsername],
      [user.email, FIELD_MESSAGES.passwordIsEmail],
    ]) {
      const res = await client.post('/api/auth/reset', { token, password });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ password: why });
    }
    expect((await logIn(user.username, user.password)).status).toBe(200);
    expect(
      (await client.post('/api/auth/reset', { token, password: 'fine-new-pw-42' })).status,
    ).toBe(200);
  });

  it('answers the same for an address no account uses, and sends nothing', async () => {
    const nobody = uniqueCredentials('nobody').email;
    const user = await buildUser(server);
    const unknown = await new TestClient(server.url).post('/api/auth/forgot', { email: nobody });
    const known = await new TestClient(server.url).post('/api/auth/forgot', { email: user.email });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await mail.next(user.email);
    await settle();
    expect(mailTo(nobody)).toEqual([]);
  });

  it(`sends one address at most ${PASSWORD_RESETS_PER_EMAIL} emails an hour, answering every request the same`, async () => {
    const user = await buildUser(server);
    for (let i = 0; i < PASSWORD_RESETS_PER_EMAIL; i++) await requestLink(user.email);
    // From another network each time: the address's limit, not the client's.
    const over = await new TestClient(server.url).post('/api/auth/forgot', { email: user.email });
    expect(over.status).toBe(200);
    expect(over.body).toEqual({ message: RESET_LINK_SENT });
    await settle();
    expect(mailTo(user.email)).toHaveLength(PASSWORD_RESETS_PER_EMAIL);
  });

  it(`refuses more than ${PASSWORD_RESETS_PER_IP} requests an hour from one client address`, async () => {
    const client = new TestClient(server.url);
    for (let i = 0; i < PASSWORD_RESETS_PER_IP; i++)
      expect(
        (await client.post('/api/auth/forgot', { email: uniqueCredentials().email })).status,
      ).toBe(200);
    const user = await buildUser(server);
    const res = await client.post('/api/auth/forgot', { email: user.email });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(RESET_TOO_MANY);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    await settle();
    expect(mailTo(user.email)).toEqual([]);
  });

  it('refuses a request without the CSRF token, and sends nothing', async () => {
    const user = await buildUser(server);
    const client = new TestClient(server.url);
    const forgot = await client.post('/api/auth/forgot', { email: user.email }, { csrf: false });
    expect(forgot.status).toBe(403);
    const reset = await client.post(
      '/api/auth/reset',
      { token: 'A'.repeat(43), password: 'a-brand-new-secret-9' },
      { csrf: false },
    );
    expect(reset.status).toBe(403);
    await settle();
    expect(mailTo(user.email)).toEqual([]);
  });

  it('says on GET /api/capabilities that password reset works here', async () => {
    const res = await new TestClient(server.url).get('/api/capabilities');
    expect(res.body.passwordReset).toBe(true);
  });
});

describe('password reset without SMTP_URL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pitchpad-reset-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('in development writes each email as an .eml file under DATA_DIR/mail, readable by its owner only, and logs its path', async () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const captured = captureLog('info');
    const mailer = createMailer(config, captured.log);
    const link = 'http://127.0.0.1:8080/auth/reset?token=' + 'A'.repeat(43);
    await mailer!.send({ to: 'rep@example.com', ...resetEmail(link) });

    const dir = join(dataDir, 'mail');
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = join(dir, files[0]!);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(captured.text).toContain(file);
    const message = await simpleParser(await readFile(file));
    expect(message.subject).toBe('Reset your Pitchpad password');
    expect((message.to as AddressObject).text).toBe('rep@example.com');
    expect(message.text).toContain(link);
    expect(message.html).toContain(`href="${link}"`);
  });

  it('in production is off: the capabilities say so and a request is refused with the words to show', async () => {
    const prod = await startTestServer({
      NODE_ENV: 'production',
      APP_URL: 'http://127.0.0.1:9',
      SESSION_SECRET: 'x'.repeat(40),
    });
    try {
      const user = await buildUser(prod);
      const client = new TestClient(prod.url);
      expect((await client.get('/api/capabilities')).body.passwordReset).toBe(false);
      const res = await client.post('/api/auth/forgot', { email: user.email });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(RESET_OFF);
      expect(
        await prod.pool.query('SELECT 1 FROM password_resets WHERE user_id = $1', [user.id]),
      ).toMatchObject({ rowCount: 0 });
    } finally {
      await prod.close();
    }
  });
});
