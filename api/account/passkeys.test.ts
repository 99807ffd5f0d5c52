import { afterAll, describe, expect, it } from 'vitest';
import {
  startAnotherInstance,
  startMailTestServer,
  startTestServer,
} from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { SoftAuthenticator } from '../../tests/support/softAuthenticator';
import { addPasskey } from '../../tests/factories/passkeys';
import { buildUser, loggedInClient } from '../../tests/factories/users';
import {
  NO_PASSKEYS,
  PASSKEY_CHALLENGE_DEAD,
  PASSKEY_INVALID,
  PASSKEY_TAKEN,
  PASSKEY_UNKNOWN,
  PASSKEYS_FULL,
} from '../../domain/contract/passkeys';
import { LOGIN_FAILURES_PER_USERNAME_AND_IP, PASSKEYS_PER_ACCOUNT_MAX } from '../../domain/limits';
import { NO_PROOF, WRONG_PASSWORD, confirmIdentity } from './confirmIdentity';

const server = await startMailTestServer('Pitchpad <team@example.com>');
const { mail } = server;
afterAll(() => server.close());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const passkeyRows = async (userId: number) =>
  (await server.pool.query('SELECT * FROM passkeys WHERE user_id = $1', [userId])).rows;
/** The user's stored challenges: other test files share the database and make their own. */
const challengeCount = async (userId: number) =>
  Number(
    (
      await server.pool.query(
        'SELECT count(*)::int AS n FROM webauthn_challenges WHERE user_id = $1',
        [userId],
      )
    ).rows[0].n,
  );

/** A signed-in rep with one passkey on their (software) phone. */
async function repWithPasskey() {
  const { user, client } = await loggedInClient(server);
  const { phone, passkeyId } = await addPasskey(client, server.url, { 'user-agent': IPHONE });
  return { user, client, phone, passkeyId };
}

/** A browser that is nobody's yet asks for a sign-in challenge. */
async function signInOptions(browser = new TestClient(server.url)) {
  const res = await browser.post('/api/auth/passkey/options');
  expect(res.status).toBe(200);
  return { browser, options: res.body };
}

describe('adding a passkey', () => {
  it("tells the account's address that a passkey was added, naming the device", async () => {
    const { user } = await repWithPasskey();
    const notice = await mail.next(user.email);
    expect(notice.subject).toBe('A passkey was added to your Pitchpad account');
    expect(notice.text).toContain('A passkey on iPhone can now sign in');
    expect(notice.text).toContain(user.username);
    expect(notice.text).toContain('/account');
  });

  it('a session that began more than ten minutes ago proves it is the owner first; nothing is asked of a fresh one', async () => {
    const { user, client } = await loggedInClient(server);
    await server.pool.query(
      "UPDATE user_session SET created_at = now() - interval '1 hour' WHERE user_id = $1",
      [user.id],
    );
    const before = await challengeCount(user.id);
    const bare = await client.post('/api/account/passkeys/options');
    expect(bare.status).toBe(403);
    expect(bare.body).toMatchObject({
      code: 'wrong_password',
      fields: { currentPassword: NO_PROOF },
    });
    const wrong = await client.post('/api/account/passkeys/options', { currentPassword: 'not-it' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.fields).toEqual({ currentPassword: WRONG_PASSWORD });
    expect(await challengeCount(user.id)).toBe(before);

    const options = await client.post('/api/account/passkeys/options', {
      currentPassword: user.password,
    });
    expect(options.status).toBe(200);
    const phone = new SoftAuthenticator(server.url);
    const added = await client.post('/api/account/passkeys', {
      response: phone.create(options.body),
    });
    expect(added.status).toBe(201);
    expect(await passkeyRows(user.id)).toHaveLength(1);
  });

  it('keeps the passkey, named by the device, and lists it for its owner only', async () => {
    const { user, client, passkeyId } = await repWithPasskey();
    const rows = await passkeyRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: passkeyId,
      device_name: 'iPhone',
      transports: ['internal'],
    });
    expect(Buffer.isBuffer(rows[0].public_key)).toBe(true);

    const list = await client.get('/api/account/passkeys');
    expect(list.status).toBe(200);
    expect(list.body.passkeys).toEqual([
      { id: passkeyId, deviceName: 'iPhone', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    // Bob lists his own (none), never Alice's.
    const { client: bob } = await loggedInClient(server);
    expect((await bob.get('/api/account/passkeys')).body).toEqual({ passkeys: [] });
  });

  it('keeps several passkeys, one per device, newest first, each signing in', async () => {
    const alice = await repWithPasskey();
    const laptop = new SoftAuthenticator(server.url);
    const options = (await alice.client.post('/api/account/passkeys/options')).body;
    const added = await alice.client.post(
      '/api/account/passkeys',
      { response: laptop.create(options) },
      {
        headers: {
          'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15',
        },
      },
    );
    expect(added.status).toBe(201);
    const { passkeys } = (await alice.client.get('/api/account/passkeys')).body;
    expect(passkeys.map((p: { deviceName: string }) => p.deviceName)).toEqual(['Mac', 'iPhone']);
    for (const device of [alice.phone, laptop]) {
      const { browser, options: login } = await signInOptions();
      const res = await browser.post('/api/auth/passkey', { response: device.get(login) });
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(alice.user.id);
    }
  });

  it('keeps at most PASSKEYS_PER_ACCOUNT_MAX passkeys', async () => {
    const { user, client } = await loggedInClient(server);
    const keys = new SoftAuthenticator(server.url);
    for (let i = 0; i < PASSKEYS_PER_ACCOUNT_MAX; i++) {
      const options = (await client.post('/api/account/passkeys/options')).body;
      const res = await client.post('/api/account/passkeys', { response: keys.create(options) });
      expect(res.status).toBe(201);
    }
    const full = await client.post('/api/account/passkeys/options');
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(PASSKEYS_FULL);
    expect(await passkeyRows(user.id)).toHaveLength(PASSKEYS_PER_ACCOUNT_MAX);
  });

  it('offers the registration the relying party of the address the browser used, for this account', async () => {
    const { user, client } = await loggedInClient(server);
    const res = await client.post('/api/account/passkeys/options');
    expect(res.body.rp).toEqual({ id: '127.0.0.1', name: 'Pitchpad' });
    expect(Buffer.from(res.body.user.id, 'base64url').toString()).toBe(String(user.id));
    expect(res.body.user.name).toBe(user.username);
    expect(res.body.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const stored = await server.pool.query(
      'SELECT purpose, user_id, expires_at - now() AS ttl FROM webauthn_challenges WHERE challenge = $1',
      [res.body.challenge],
    );
    expect(stored.rows[0]).toMatchObject({ purpose: 'register', user_id: user.id });
  });

  it('lists a device that already has a passkey, so it is not added twice', async () => {
    const { client, passkeyId } = await repWithPasskey();
    const res = await client.post('/api/account/passkeys/options');
    expect(res.body.excludeCredentials).toEqual([
      expect.objectContaining({ id: passkeyId, type: 'public-key' }),
    ]);
  });

  it('refuses the same credential twice, or under Bob’s account', async () => {
    const { user, client, phone } = await repWithPasskey();
    const again = (await client.post('/api/account/passkeys/options')).body;
    const reused = phone.create(again, { credentialId: phone.credentials[0]!.id });
    const res = await client.post('/api/account/passkeys', { response: reused });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PASSKEY_TAKEN);
    const { user: bobUser, client: bob } = await loggedInClient(server);
    const bobs = (await bob.post('/api/account/passkeys/options')).body;
    const stolen = await bob.post('/api/account/passkeys', {
      response: phone.create(bobs, { credentialId: phone.credentials[0]!.id }),
    });
    expect(stolen.status).toBe(409);
    expect(await passkeyRows(user.id)).toHaveLength(1);
    expect(await passkeyRows(bobUser.id)).toEqual([]);
  });

  it('refuses an answer whose id is not the credential it attests', async () => {
    const { user, client } = await loggedInClient(server);
    const options = (await client.post('/api/account/passkeys/options')).body;
    const response = new SoftAuthenticator(server.url).create(options);
    const res = await client.post('/api/account/passkeys', {
      response: { ...response, id: 'c29tZW9uZS1lbHNl', rawId: 'c29tZW9uZS1lbHNl' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('passkey_invalid');
    expect(await passkeyRows(user.id)).toEqual([]);
  });

  it('needs a session and the CSRF token', async () => {
    const guest = new TestClient(server.url);
    expect((await guest.get('/api/account/passkeys')).status).toBe(401);
    expect((await guest.post('/api/account/passkeys/options')).status).toBe(401);
    const { client } = await loggedInClient(server);
    const options = (await client.post('/api/account/passkeys/options')).body;
    const response = new SoftAuthenticator(server.url).create(options);
    expect((await guest.post('/api/account/passkeys', { response })).status).toBe(401);
    const noCsrf = await client.post('/api/account/passkeys', { response }, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.code).toBe('csrf_failed');
    const evilOrigin = await client.post('/api/account/passkeys/options', undefined, {
      csrf: false,
      origin: 'https://evil.example',
    });
    expect(evilOrigin.status).toBe(403);
  });

  it('refuses a malformed body with the field at fault, storing nothing', async () => {
    const { user, client } = await loggedInClient(server);
    for (const body of [
      {},
      { response: 'x' },
      { response: { id: 'a b', rawId: 'a', type: 'public-key', response: {} } },
      {
        response: {
          id: 'abc',
          rawId: 'abc',
          type: 'password',
          response: { clientDataJSON: 'e30', attestationObject: 'oA' },
        },
      },
    ]) {
      const res = await client.post('/api/account/passkeys', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
      expect(res.body.message).toMatch(/^response/);
    }
    // Well-formed, but clientDataJSON is not JSON / not a challenge of ours.
    const phone = new SoftAuthenticator(server.url);
    const options = (await client.post('/api/account/passkeys/options')).body;
    const response = phone.create(options);
    const garbled = {
      ...response,
      response: { ...response.response, clientDataJSON: 'bm90IGpzb24' },
    };
    const res = await client.post('/api/account/passkeys', { response: garbled });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'passkey_challenge', message: PASSKEY_CHALLENGE_DEAD });
    expect(await passkeyRows(user.id)).toEqual([]);
  });

  it('refuses an answer from another origin, to another challenge, or to Bob’s challenge', async () => {
    const { user, client } = await loggedInClient(server);
    const { client: bob } = await loggedInClient(server);
    const phone = new SoftAuthenticator(server.url);

    const options = (await client.post('/api/account/passkeys/options')).body;
    const wrongOrigin = phone.create(options, { origin: 'https://evil.example' });
    const res1 = await client.post('/api/account/passkeys', { response: wrongOrigin });
    expect(res1.status).toBe(400);
    expect(res1.body).toMatchObject({ code: 'passkey_invalid', message: PASSKEY_INVALID });

    const options2 = (await client.post('/api/account/passkeys/options')).body;
    const made = phone.create(options2, { challenge: 'bm90LXRoZS1zZXJ2ZXJzLWNoYWxsZW5nZQ' });
    const res2 = await client.post('/api/account/passkeys', { response: made });
    expect(res2.body).toMatchObject({ code: 'passkey_challenge', message: PASSKEY_CHALLENGE_DEAD });

    // Alice's challenge answered, then posted by Bob: the challenge is not his.
    const options3 = (await client.post('/api/account/passkeys/options')).body;
    const res3 = await bob.post('/api/account/passkeys', { response: phone.create(options3) });
    expect(res3.status).toBe(400);
    expect(res3.body.code).toBe('passkey_challenge');
    expect(await passkeyRows(user.id)).toEqual([]);
  });

  it('takes a challenge once: a replayed answer is refused', async () => {
    const { user, client } = await loggedInClient(server);
    const options = (await client.post('/api/account/passkeys/options')).body;
    const response = new SoftAuthenticator(server.url).create(options);
    expect((await client.post('/api/account/passkeys', { response })).status).toBe(201);
    const replay = await client.post('/api/account/passkeys', { response });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('passkey_challenge');
    expect(await passkeyRows(user.id)).toHaveLength(1);
  });

  it('refuses an expired challenge', async () => {
    const { user, client } = await loggedInClient(server);
    const options = (await client.post('/api/account/passkeys/options')).body;
    await server.pool.query(
      `UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE challenge = $1`,
      [options.challenge],
    );
    const res = await client.post('/api/account/passkeys', {
      response: new SoftAuthenticator(server.url).create(options),
    });
    expect(res.body.code).toBe('passkey_challenge');
    expect(await passkeyRows(user.id)).toEqual([]);
  });

  it('refuses a passkey made without user verification (no Face ID, fingerprint or PIN)', async () => {
    const { user, client } = await loggedInClient(server);
    const options = (await client.post('/api/account/passkeys/options')).body;
    const res = await client.post('/api/account/passkeys', {
      response: new SoftAuthenticator(server.url).create(options, { unverified: true }),
    });
    expect(res.body.code).toBe('passkey_invalid');
    expect(await passkeyRows(user.id)).toEqual([]);
  });
});

describe('removing a passkey', () => {
  it('removes the rep’s own passkey; Bob cannot remove Alice’s', async () => {
    const alice = await repWithPasskey();
    const { client: bob } = await loggedInClient(server);
    const path = `/api/account/passkeys/${alice.passkeyId}`;
    const res = await bob.delete(path);
    expect(res.status).toBe(404);
    expect(await passkeyRows(alice.user.id)).toHaveLength(1);

    expect((await new TestClient(server.url).delete(path)).status).toBe(401);
    expect((await alice.client.delete(path, { csrf: false })).status).toBe(403);
    expect((await alice.client.delete('/api/account/passkeys/not%20an%20id')).status).toBe(404);
    expect(await passkeyRows(alice.user.id)).toHaveLength(1);

    const ok = await alice.client.delete(path);
    expect(ok.status).toBe(200);
    expect(await passkeyRows(alice.user.id)).toEqual([]);
    expect((await alice.client.get('/api/account/passkeys')).body).toEqual({ passkeys: [] });
  });

  it('a removed passkey signs in no more', async () => {
    const alice = await repWithPasskey();
    await alice.client.delete(`/api/account/passkeys/${alice.passkeyId}`);
    const { browser, options } = await signInOptions();
    const res = await browser.post('/api/auth/passkey', { response: alice.phone.get(options) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'passkey_unknown', message: PASSKEY_UNKNOWN });
  });
});

describe('signing in with a passkey', () => {
  it('signs the browser in as the passkey’s account, as a password login does', async () => {
    const alice = await repWithPasskey();
    const { browser, options } = await signInOptions();
    expect(options.rpId).toBe('127.0.0.1');
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);
    expect((await browser.get('/api/auth/user')).body).toBeNull();

    const res = await browser.post('/api/auth/passkey', { response: alice.phone.get(options) });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: alice.user.id, username: alice.user.username });
    expect(res.body.user).not.toHaveProperty('password');
    expect((await browser.get('/api/auth/user')).body.id).toBe(alice.user.id);
    // A signed-in session: its CSRF token works for the account's own routes.
    expect((await browser.get('/api/account/passkeys')).body.passkeys).toHaveLength(1);
    expect((await browser.post('/api/account/passkeys/options')).status).toBe(200);
    // The device cookie is set, as after a password login.
    expect([...browser.cookies.keys()].some((k) => k.includes('device'))).toBe(true);

    const [row] = await passkeyRows(alice.user.id);
    expect(Number(row.counter)).toBe(1);
    expect(row.last_used_at).not.toBeNull();
  });

  it('works on another instance than the one that made the challenge', async () => {
    const alice = await repWithPasskey();
    const other = await startAnotherInstance(server);
    try {
      const { browser, options } = await signInOptions();
      const res = await browser.at(other.url).post('/api/auth/passkey', {
        response: alice.phone.get(options),
      });
      // The other instance listens on another port: the origin the challenge was made for is kept with it.
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(alice.user.id);
    } finally {
      await other.close();
    }
  });

  it('refuses a replayed answer, and signs nobody in', async () => {
    const alice = await repWithPasskey();
    const { browser, options } = await signInOptions();
    const response = alice.phone.get(options);
    expect((await browser.post('/api/auth/passkey', { response })).status).toBe(200);
    const thief = new TestClient(server.url);
    const replay = await thief.post('/api/auth/passkey', { response });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({
      code: 'passkey_challenge',
      message: PASSKEY_CHALLENGE_DEAD,
    });
    expect((await thief.get('/api/auth/user')).body).toBeNull();
  });

  it('refuses a wrong origin, a challenge of its own making, or an adding-a-passkey challenge', async () => {
    const alice = await repWithPasskey();
    const browser = new TestClient(server.url);

    const { options } = await signInOptions(browser);
    const evil = alice.phone.get(options, undefined, { origin: 'https://evil.example' });
    const res1 = await browser.post('/api/auth/passkey', { response: evil });
    expect(res1.status).toBe(401);
    expect(res1.body).toMatchObject({ code: 'passkey_invalid', message: PASSKEY_INVALID });

    const made = alice.phone.get(options, undefined, { challenge: 'aW52ZW50ZWQ' });
    expect((await browser.post('/api/auth/passkey', { response: made })).body.code).toBe(
      'passkey_challenge',
    );

    const registration = (await alice.client.post('/api/account/passkeys/options')).body;
    const res3 = await browser.post('/api/auth/passkey', {
      response: alice.phone.get({ challenge: registration.challenge }),
    });
    expect(res3.body.code).toBe('passkey_challenge');
    expect((await browser.get('/api/auth/user')).body).toBeNull();
  });

  it('refuses an assertion naming another account, or signed by another key', async () => {
    const alice = await repWithPasskey();
    const bob = await repWithPasskey();
    const browser = new TestClient(server.url);

    // Alice's passkey, but the answer says it is Bob's account.
    const { options } = await signInOptions(browser);
    const forged = alice.phone.get(options, undefined, {
      userHandle: Buffer.from(String(bob.user.id)).toString('base64url'),
    });
    const res1 = await browser.post('/api/auth/passkey', { response: forged });
    expect(res1.status).toBe(401);
    expect(res1.body.code).toBe('passkey_unknown');

    // Alice's signature presented under Bob's credential id.
    const { options: options2 } = await signInOptions(browser);
    const signed = alice.phone.get(options2);
    const swapped = {
      ...signed,
      id: bob.passkeyId,
      rawId: bob.passkeyId,
      response: {
        ...signed.response,
        userHandle: Buffer.from(String(bob.user.id)).toString('base64url'),
      },
    };
    const res2 = await browser.post('/api/auth/passkey', { response: swapped });
    expect(res2.status).toBe(401);
    expect(res2.body.code).toBe('passkey_invalid');
    expect((await browser.get('/api/auth/user')).body).toBeNull();
    const [bobsKey] = await passkeyRows(bob.user.id);
    expect(bobsKey.last_used_at).toBeNull();
  });

  it('refuses a malformed body', async () => {
    const browser = new TestClient(server.url);
    for (const body of [
      undefined,
      {},
      { response: null },
      { response: { id: '', rawId: '', type: 'public-key', response: {} } },
    ]) {
      const res = await browser.post('/api/auth/passkey', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
    }
  });

  it('needs the CSRF token like the password login', async () => {
    const alice = await repWithPasskey();
    const { browser, options } = await signInOptions();
    const res = await browser.post(
      '/api/auth/passkey',
      { response: alice.phone.get(options) },
      { csrf: false },
    );
    expect(res.status).toBe(403);
    expect((await browser.get('/api/auth/user')).body).toBeNull();
  });

  it('counts failures against the account’s login limit from this address', async () => {
    const alice = await repWithPasskey();
    const browser = new TestClient(server.url);
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME_AND_IP; i++) {
      const { options } = await signInOptions(browser);
      const bad = alice.phone.get(options, undefined, { origin: 'https://evil.example' });
      expect((await browser.post('/api/auth/passkey', { response: bad })).status).toBe(401);
    }
    const { options } = await signInOptions(browser);
    const good = await browser.post('/api/auth/passkey', { response: alice.phone.get(options) });
    expect(good.status).toBe(429);
    expect((await browser.get('/api/auth/user')).body).toBeNull();
    // The owner's own phone on another network still gets in.
    const elsewhere = await signInOptions();
    const res = await elsewhere.browser.post('/api/auth/passkey', {
      response: alice.phone.get(elsewhere.options),
    });
    expect(res.status).toBe(200);
  });
});

describe('confirming it is you with a passkey', () => {
  it('works in a session that began long ago: the confirm challenge asks for no proof of its own', async () => {
    const { user, client, phone } = await repWithPasskey();
    await server.pool.query(
      "UPDATE user_session SET created_at = now() - interval '1 hour' WHERE user_id = $1",
      [user.id],
    );
    const options = await client.post('/api/account/passkeys/confirm/options');
    expect(options.status).toBe(200);
    const changed = await client.post('/api/account/password', {
      passkey: phone.get(options.body),
      newPassword: 'proved-an-hour-in-3',
    });
    expect(changed.status).toBe(200);
  });

  it('proves the account’s owner with their passkey, once per challenge', async () => {
    const alice = await repWithPasskey();
    const res = await alice.client.post('/api/account/passkeys/confirm/options');
    expect(res.status).toBe(200);
    expect(res.body.allowCredentials).toEqual([expect.objectContaining({ id: alice.passkeyId })]);
    const passkey = alice.phone.get(res.body);
    await expect(confirmIdentity(server.pool, alice.user.id, { passkey })).resolves.toBeUndefined();
    await expect(confirmIdentity(server.pool, alice.user.id, { passkey })).rejects.toMatchObject({
      status: 400,
      code: 'passkey_challenge',
    });
  });

  it('refuses Alice’s passkey as proof for Bob, and Bob’s challenge answered by Alice', async () => {
    const alice = await repWithPasskey();
    const bob = await repWithPasskey();
    const aliceChallenge = (await alice.client.post('/api/account/passkeys/confirm/options')).body;
    await expect(
      confirmIdentity(server.pool, bob.user.id, { passkey: alice.phone.get(aliceChallenge) }),
    ).rejects.toMatchObject({ code: 'passkey_challenge' });
    const bobChallenge = (await bob.client.post('/api/account/passkeys/confirm/options')).body;
    await expect(
      confirmIdentity(server.pool, bob.user.id, { passkey: alice.phone.get(bobChallenge) }),
    ).rejects.toMatchObject({ status: 403, code: 'passkey_unknown' });
    // A sign-in challenge is no confirmation.
    const { options } = await signInOptions();
    await expect(
      confirmIdentity(server.pool, alice.user.id, { passkey: alice.phone.get(options) }),
    ).rejects.toMatchObject({ code: 'passkey_challenge' });
  });

  it('has nothing to offer an account without passkeys, and nothing for a guest', async () => {
    const { client } = await loggedInClient(server);
    const res = await client.post('/api/account/passkeys/confirm/options');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(NO_PASSKEYS);
    expect(
      (await new TestClient(server.url).post('/api/account/passkeys/confirm/options')).status,
    ).toBe(401);
  });

  it('still takes the current password', async () => {
    const user = await buildUser(server);
    await expect(
      confirmIdentity(server.pool, user.id, { password: user.password }),
    ).resolves.toBeUndefined();
  });
});

describe('challenges', () => {
  it('are stored for five minutes and belong to the user they were made for', async () => {
    const { options } = await signInOptions();
    const { rows } = await server.pool.query(
      `SELECT purpose, user_id, rp_id, origin,
              extract(epoch FROM expires_at - now())::int AS ttl FROM webauthn_challenges WHERE challenge = $1`,
      [options.challenge],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      purpose: 'login',
      user_id: null,
      rp_id: '127.0.0.1',
      origin: server.url,
    });
    expect(rows[0].ttl).toBeGreaterThan(290);
    expect(rows[0].ttl).toBeLessThanOrEqual(300);
  });
});

describe('in production', () => {
  it('the relying party is APP_URL’s, whatever address the request came to', async () => {
    const prod = await startTestServer({
      NODE_ENV: 'production',
      APP_URL: 'http://app.pitchpad.test',
      SESSION_SECRET: 'x'.repeat(40),
    });
    try {
      const { client } = await loggedInClient(prod);
      const options = (await client.post('/api/account/passkeys/options')).body;
      expect(options.rp.id).toBe('app.pitchpad.test');
      const phone = new SoftAuthenticator('http://app.pitchpad.test');
      expect(
        (await client.post('/api/account/passkeys', { response: phone.create(options) })).status,
      ).toBe(201);

      const browser = new TestClient(prod.url);
      const login = (await browser.post('/api/auth/passkey/options')).body;
      expect(login.rpId).toBe('app.pitchpad.test');
      // Signed for the address the server listens on, not the site's: refused.
      const elsewhere = phone.get(login, undefined, { origin: prod.url });
      const refused = await browser.post('/api/auth/passkey', { response: elsewhere });
      expect(refused.body.code).toBe('passkey_invalid');
      const again = (await browser.post('/api/auth/passkey/options')).body;
      expect((await browser.post('/api/auth/passkey', { response: phone.get(again) })).status).toBe(
        200,
      );
    } finally {
      await prod.close();
    }
  });
});
