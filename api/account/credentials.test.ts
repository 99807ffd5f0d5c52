import { afterAll, describe, expect, it } from 'vitest';
import { startMailTestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import type { SoftAuthenticator } from '../../tests/support/softAuthenticator';
import { addPasskey, confirmAnswer } from '../../tests/factories/passkeys';
import { buildUser, loggedInClient } from '../../tests/factories/users';
import { FIELD_MESSAGES } from '../../domain/accountFields';
import { EMAIL_SAME, NEW_PASSWORD_SAME, PASSWORD_CHANGED } from '../../domain/contract/account';
import { COMMON_PASSWORD, EMAIL_TAKEN } from '../../domain/contract/authForm';
import { PASSKEY_CHALLENGE_DEAD, PASSKEY_UNKNOWN } from '../../domain/contract/passkeys';
import { RESET_LINK_DEAD } from '../../domain/passwordReset';
import { NO_PROOF, WRONG_PASSWORD } from './confirmIdentity';

const server = await startMailTestServer('Pitchpad <team@example.com>');
const { mail } = server;
afterAll(() => server.close());

const logIn = (username: string, password: string) =>
  new TestClient(server.url).post('/api/auth/login', { username, password });

const storedUser = async (id: number) =>
  (await server.pool.query('SELECT email, password FROM users WHERE id = $1', [id])).rows[0];

/** A signed-in rep with a passkey on their (software) phone. */
async function repWithPasskey() {
  const rep = await loggedInClient(server);
  const { phone } = await addPasskey(rep.client, server.url);
  // The account's address is told of the new passkey.
  expect((await mail.next(rep.user.email)).subject).toBe(
    'A passkey was added to your Pitchpad account',
  );
  /** The phone's answer to a fresh 'confirm' challenge of `client`'s account (the rep's own by default). */
  const proof = async (client = rep.client, by = phone) => confirmAnswer(client, by);
  return { ...rep, phone, proof };
}

/** A sign-in challenge, answered by `phone`: no confirmation. */
const signInAnswer = async (phone: SoftAuthenticator) =>
  phone.get((await new TestClient(server.url).post('/api/auth/passkey/options')).body);

/** Long enough for a message the app would send to have arrived at the catcher on loopback. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('POST /api/account/password', () => {
  it('changes the password, keeps this device signed in and signs every other device out', async () => {
    const { user, client } = await loggedInClient(server);
    const laptop = new TestClient(server.url);
    await laptop.post('/api/auth/login', { username: user.username, password: user.password });
    expect((await laptop.get('/api/auth/user')).body).toMatchObject({ id: user.id });

    // A copy of this very browser's cookie (taken from it before the change).
    const copied = client.at(server.url);
    const res = await client.post('/api/account/password', {
      currentPassword: user.password,
      newPassword: 'a-brand-new-secret-9',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PASSWORD_CHANGED, signedOut: 1 });

    // This device goes on, in a new session (the copied cookie opens nothing); the other one is
    // signed out.
    expect((await client.get('/api/auth/user')).body).toMatchObject({ id: user.id });
    expect((await client.post('/api/account/devices/sign-out-others')).body).toEqual({
      signedOut: 0,
    });
    expect((await laptop.get('/api/user/subscription')).status).toBe(401);
    expect((await copied.get('/api/user/subscription')).status).toBe(401);

    expect((await logIn(user.username, user.password)).status).toBe(401);
    expect((await logIn(user.username, 'a-brand-new-secret-9')).status).toBe(200);
  });

  it('kills a reset link mailed before the change', async () => {
    const { user, client } = await loggedInClient(server);
    const forgot = await new TestClient(server.url).post('/api/auth/forgot', { email: user.email });
    expect(forgot.status).toBe(200);
    const message = await mail.next(user.email);
    const token = /token=([\w-]+)/.exec(message.text)![1]!;

    const res = await client.post('/api/account/password', {
      currentPassword: user.password,
      newPassword: 'changed-in-the-app-4',
    });
    expect(res.status).toBe(200);
    const rows = await server.pool.query('SELECT 1 FROM password_resets WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows.rows).toEqual([]);
    const reset = await new TestClient(server.url).post('/api/auth/reset', {
      token,
      password: 'set-by-an-old-link-5',
    });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(RESET_LINK_DEAD);
    expect((await logIn(user.username, 'changed-in-the-app-4')).status).toBe(200);
  });

  it('refuses a wrong or missing current password and changes nothing', async () => {
    const { user, client } = await loggedInClient(server);
    const before = await storedUser(user.id);
    const wrong = await client.post('/api/account/password', {
      currentPassword: 'not-my-password',
      newPassword: 'a-brand-new-secret-9',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({
      code: 'wrong_password',
      message: WRONG_PASSWORD,
      fields: { currentPassword: WRONG_PASSWORD },
    });
    const missing = await client.post('/api/account/password', {
      newPassword: 'a-brand-new-secret-9',
    });
    expect(missing.status).toBe(403);
    expect(missing.body.fields).toEqual({ currentPassword: NO_PROOF });
    expect(await storedUser(user.id)).toEqual(before);
  });

  it('holds the new password to registration’s rules, naming the field', async () => {
    const { user, client } = await loggedInClient(server);
    const before = await storedUser(user.id);
    const cases: Array<[unknown, string]> = [
      [{ currentPassword: user.password, newPassword: 'short' }, FIELD_MESSAGES.passwordShort],
      [{ currentPassword: user.password, newPassword: 'password123' }, COMMON_PASSWORD],
      [
        { currentPassword: user.password, newPassword: user.username.toUpperCase() },
        FIELD_MESSAGES.passwordIsUsername,
      ],
      [{ currentPassword: user.password, newPassword: user.email }, FIELD_MESSAGES.passwordIsEmail],
      [{ currentPassword: user.password, newPassword: user.password }, NEW_PASSWORD_SAME],
      [{ currentPassword: user.password }, FIELD_MESSAGES.passwordRequired],
    ];
    for (const [body, why] of cases) {
      const res = await client.post('/api/account/password', body);
      expect(res.status, why).toBe(400);
      expect(res.body.message).toBe(`newPassword: ${why}`);
      expect(res.body.fields).toEqual({ newPassword: why });
    }
    const typed = await client.post('/api/account/password', {
      currentPassword: 42,
      newPassword: 'a-brand-new-secret-9',
    });
    expect(typed.status).toBe(400);
    expect(typed.body.message).toMatch(/^currentPassword: /);
    expect(await storedUser(user.id)).toEqual(before);
  });

  it('counts wrong current passwords against the login limit', async () => {
    const { user, client } = await loggedInClient(server);
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (
        await client.post('/api/account/password', {
          currentPassword: `wrong-${i}`,
          newPassword: 'a-brand-new-secret-9',
        })
      ).status;
    }
    expect(last).toBe(429);
    // Once the limit is spent, the right password is refused too: a stolen session cannot go on
    // guessing until one guess lands.
    const right = await client.post('/api/account/password', {
      currentPassword: user.password,
      newPassword: 'a-brand-new-secret-9',
    });
    expect(right.status).toBe(429);
    expect((await logIn(user.username, user.password)).status).toBe(200);
  });

  it('forgives the wrong guesses once the right password is given', async () => {
    const { user, client } = await loggedInClient(server);
    for (let i = 0; i < 5; i++)
      await client.post('/api/account/email', {
        email: `new${i}@example.com`,
        currentPassword: `wrong-${i}`,
      });
    const right = await client.post('/api/account/email', {
      email: `moved-${user.username}@example.com`,
      currentPassword: user.password,
    });
    expect(right.status).toBe(200);
    const counted = await server.pool.query('SELECT count FROM rate_limits WHERE key = $1', [
      `confirm:user:${user.id}`,
    ]);
    expect(counted.rows).toEqual([]);
  });

  it('needs a session and a CSRF token', async () => {
    const user = await buildUser(server);
    const guest = await new TestClient(server.url).post('/api/account/password', {
      currentPassword: user.password,
      newPassword: 'a-brand-new-secret-9',
    });
    expect(guest.status).toBe(401);
    const { user: signedIn, client } = await loggedInClient(server);
    const before = await storedUser(signedIn.id);
    const forged = await client.post(
      '/api/account/password',
      { currentPassword: signedIn.password, newPassword: 'a-brand-new-secret-9' },
      { csrf: false },
    );
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('csrf_failed');
    expect(await storedUser(signedIn.id)).toEqual(before);
  });
});

describe('POST /api/account/email', () => {
  it('kills a reset link mailed to the old address', async () => {
    const { user, client } = await loggedInClient(server);
    await new TestClient(server.url).post('/api/auth/forgot', { email: user.email });
    const token = /token=([\w-]+)/.exec((await mail.next(user.email)).text)![1]!;

    const res = await client.post('/api/account/email', {
      currentPassword: user.password,
      email: `left_${user.username}@example.org`,
    });
    expect(res.status).toBe(200);
    await mail.next(user.email); // the notice of the change
    const reset = await new TestClient(server.url).post('/api/auth/reset', {
      token,
      password: 'set-from-the-old-mailbox-6',
    });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(RESET_LINK_DEAD);
    expect((await logIn(user.username, user.password)).status).toBe(200);
  });

  it('changes the email and tells the old address', async () => {
    const { user, client } = await loggedInClient(server);
    const newEmail = `moved_${user.username}@example.org`;
    const res = await client.post('/api/account/email', {
      currentPassword: user.password,
      email: `  ${newEmail.toUpperCase()} `,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email: newEmail });
    expect(res.body.notified).toBe(true);
    expect(res.body.user).not.toHaveProperty('password');
    expect((await storedUser(user.id)).email).toBe(newEmail);
    expect((await client.get('/api/auth/user')).body).toMatchObject({ email: newEmail });

    const notice = await mail.next(user.email);
    expect(notice.from).toContain('team@example.com');
    expect(notice.subject).toBe('Your Pitchpad email address was changed');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain(user.username);
    expect(notice.html).toContain(newEmail);
    // Nothing went to the new address, and reset mail now goes there.
    await settle();
    expect(mail.messages.filter((m) => m.to.includes(newEmail))).toEqual([]);
    await new TestClient(server.url).post('/api/auth/forgot', { email: newEmail });
    expect((await mail.next(newEmail)).subject).toBe('Reset your Pitchpad password');
  });

  it('refuses an address another account has, as registration does, and changes nothing', async () => {
    const other = await buildUser(server);
    const { user, client } = await loggedInClient(server);
    const res = await client.post('/api/account/email', {
      currentPassword: user.password,
      email: other.email.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: EMAIL_TAKEN, fields: { email: EMAIL_TAKEN } });
    expect((await storedUser(user.id)).email).toBe(user.email);
    expect((await storedUser(other.id)).email).toBe(other.email);
  });

  it('tells nothing of other accounts without the current password', async () => {
    const other = await buildUser(server);
    const { user, client } = await loggedInClient(server);
    const res = await client.post('/api/account/email', {
      currentPassword: 'not-my-password',
      email: other.email,
    });
    expect(res.status).toBe(403);
    expect(res.body.fields).toEqual({ currentPassword: WRONG_PASSWORD });
    expect((await storedUser(user.id)).email).toBe(user.email);
    await settle();
    expect(mail.messages.filter((m) => m.to.includes(user.email))).toEqual([]);
  });

  it('refuses a bad address or the same one, naming the field', async () => {
    const { user, client } = await loggedInClient(server);
    const bad = await client.post('/api/account/email', {
      currentPassword: user.password,
      email: 'not-an-email',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: `email: ${FIELD_MESSAGES.emailInvalid}`,
      fields: { email: FIELD_MESSAGES.emailInvalid },
    });
    const same = await client.post('/api/account/email', {
      currentPassword: user.password,
      email: user.email.toUpperCase(),
    });
    expect(same.status).toBe(400);
    expect(same.body.fields).toEqual({ email: EMAIL_SAME });
    const missing = await client.post('/api/account/email', { currentPassword: user.password });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ email: FIELD_MESSAGES.emailRequired });
    expect((await storedUser(user.id)).email).toBe(user.email);
  });

  it('needs a session and a CSRF token', async () => {
    const guest = await new TestClient(server.url).post('/api/account/email', {
      currentPassword: 'whatever-it-is',
      email: 'someone@example.com',
    });
    expect(guest.status).toBe(401);
    const { user, client } = await loggedInClient(server);
    const forged = await client.post(
      '/api/account/email',
      { currentPassword: user.password, email: `forged_${user.email}` },
      { csrf: false },
    );
    expect(forged.status).toBe(403);
    expect((await storedUser(user.id)).email).toBe(user.email);
  });
});

describe('confirming a change with a passkey instead of the password', () => {
  it('changes the password with the passkey’s answer alone; the answer works once', async () => {
    const alice = await repWithPasskey();
    const passkey = await alice.proof();
    const res = await alice.client.post('/api/account/password', {
      passkey,
      newPassword: 'proved-by-face-id-7',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PASSWORD_CHANGED);
    expect((await logIn(alice.user.username, alice.user.password)).status).toBe(401);
    expect((await logIn(alice.user.username, 'proved-by-face-id-7')).status).toBe(200);

    const before = await storedUser(alice.user.id);
    const replay = await alice.client.post('/api/account/password', {
      passkey,
      newPassword: 'replayed-answer-8',
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({
      code: 'passkey_challenge',
      message: PASSKEY_CHALLENGE_DEAD,
    });
    expect(await storedUser(alice.user.id)).toEqual(before);
  });

  it('changes the email with the passkey’s answer alone, and tells the old address', async () => {
    const alice = await repWithPasskey();
    const newEmail = `passkey_${alice.user.username}@example.org`;
    const passkey = await alice.proof();
    const res = await alice.client.post('/api/account/email', { passkey, email: newEmail });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: alice.user.id, email: newEmail });
    expect((await storedUser(alice.user.id)).email).toBe(newEmail);
    expect((await mail.next(alice.user.email)).text).toContain(newEmail);

    const replay = await alice.client.post('/api/account/email', {
      passkey,
      email: `again_${newEmail}`,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('passkey_challenge');
    expect((await storedUser(alice.user.id)).email).toBe(newEmail);
  });

  it('refuses Bob’s passkey, Bob’s proof or a sign-in challenge for Alice’s changes; nothing changes', async () => {
    const alice = await repWithPasskey();
    const bob = await repWithPasskey();
    const before = await storedUser(alice.user.id);
    // Each answer is made afresh: a challenge is used up by its first answer, refused or not.
    const attempts: Array<[string, () => Promise<unknown>, number, string]> = [
      // Bob's phone answering Alice's challenge: not one of her passkeys.
      ['Bob’s passkey', () => alice.proof(alice.client, bob.phone), 403, 'passkey_unknown'],
      // Bob's own proof, made for his account, sent with Alice's session.
      ['Bob’s proof', () => bob.proof(), 400, 'passkey_challenge'],
      ['a sign-in challenge', () => signInAnswer(alice.phone), 400, 'passkey_challenge'],
    ];
    const changes = [
      ['/api/account/password', { newPassword: 'taken-over-account-6' }],
      ['/api/account/email', { email: `thief_${alice.user.email}` }],
    ] as const;
    for (const [what, answer, status, code] of attempts)
      for (const [path, change] of changes) {
        const res = await alice.client.post(path, { passkey: await answer(), ...change });
        expect(res.status, `${what} → ${path}`).toBe(status);
        expect(res.body.code, `${what} → ${path}`).toBe(code);
      }
    const bobsKey = await alice.client.post('/api/account/password', {
      passkey: await alice.proof(alice.client, bob.phone),
      newPassword: 'taken-over-account-6',
    });
    expect(bobsKey.body.message).toBe(PASSKEY_UNKNOWN);
    expect(await storedUser(alice.user.id)).toEqual(before);
    expect((await storedUser(bob.user.id)).email).toBe(bob.user.email);
    await settle();
    expect(
      mail.messages.filter(
        (m) => m.to.includes(alice.user.email) && m.subject.includes('email address was changed'),
      ),
    ).toEqual([]);
  });

  it('refuses a malformed passkey answer, naming the field', async () => {
    const { user, client } = await loggedInClient(server);
    const before = await storedUser(user.id);
    for (const path of ['/api/account/password', '/api/account/email']) {
      const res = await client.post(path, {
        passkey: { id: 'not base64url!', type: 'public-key', response: {} },
        newPassword: 'a-brand-new-secret-9',
        email: `malformed_${user.email}`,
      });
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toMatch(/^passkey\./);
    }
    expect(await storedUser(user.id)).toEqual(before);
  });
});
