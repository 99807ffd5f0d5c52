import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { addPasskey, confirmAnswer } from '../../tests/factories/passkeys';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/fakes/openai';
import { startFakeStripe, type FakeStripe } from '../../tests/fakes/stripe';
import { loggedInClient, type BuiltUser } from '../../tests/factories/users';
import { fillAccount } from '../../tests/factories/accountData';
import { WRONG_PASSWORD } from './confirmIdentity';
import { DELETE_BILLING_FAILED } from '../../domain/contract/accountData';

const WEBHOOK_SECRET = 'whsec_delete_test';
let server: TestServer;
let model: FakeOpenAI;
let stripe: FakeStripe;

beforeAll(async () => {
  model = await startFakeOpenAI();
  stripe = await startFakeStripe();
  server = await startTestServer({
    OPENAI_BASE_URL: model.url,
    OPENAI_API_KEY: 'sk-test',
    LLM_MODELS: 'gpt-4o',
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ID: 'price_pro_monthly',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  });
});
afterAll(async () => {
  await server.close();
  await model.close();
  await stripe.close();
});

/** Pro the real way: a checkout paid at the (fake) Stripe, its webhook delivered. Answers the subscription's id. */
async function subscribe(client: TestClient): Promise<string> {
  const res = await client.post('/api/create-checkout-session', {});
  const sessionId = String(res.body.clientSecret).replace(/_secret_fake$/, '');
  const { completed } = stripe.completeCheckout(sessionId);
  const { payload, signature } = stripe.sign(completed, WEBHOOK_SECRET);
  const delivered = await new TestClient(server.url).request(
    'POST',
    '/api/stripe/webhook',
    payload,
    {
      csrf: false,
      headers: { 'stripe-signature': signature },
    },
  );
  expect(delivered.status).toBe(200);
  return (await client.get('/api/user/subscription')).body.stripeSubscriptionId;
}

/** Adds a passkey on a (software) phone to `client`'s account; answers the phone. */
const addPhone = async (client: TestClient) => (await addPasskey(client, server.url)).phone;

/**
 * A rep who used everything: the app's own routes (chat, email edit, saved item, profile, kit,
 * export), a second device signed in, failed sign-ins and a wrong password, the guest prompt that
 * kept their email, a reset link and a running stream.
 */
async function busyRep(marker: string) {
  const rep = await loggedInClient(server);
  await fillAccount(server, rep.client, rep.user.id, marker);
  const otherDevice = new TestClient(server.url);
  await otherDevice.post('/api/auth/login', {
    username: rep.user.username,
    password: rep.user.password,
  });
  await new TestClient(server.url).post('/api/auth/login', {
    username: rep.user.username,
    password: 'not-it-at-all',
  });
  await rep.client.post('/api/account/delete', { currentPassword: 'not-it-either' });
  await new TestClient(server.url).post('/api/guest/save-analysis', {
    email: rep.user.email,
    updates: true,
  });
  await new TestClient(server.url).post('/api/auth/forgot', { email: rep.user.email });
  await server.pool.query(
    `INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '30 minutes')
     ON CONFLICT (user_id) DO NOTHING`,
    [`hash-${marker}`, rep.user.id],
  );
  await server.pool.query(`INSERT INTO stream_leases (user_id, kind) VALUES ($1, 'chat')`, [
    rep.user.id,
  ]);
  await fetch(`${server.url}/api/account/export`, {
    headers: {
      cookie: [...rep.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': rep.client.ip,
    },
  }).then((res) => res.arrayBuffer());
  return { ...rep, otherDevice };
}

interface ColumnInfo {
  table_name: string;
  column_name: string;
  data_type: string;
  refs_users: boolean;
}

/**
 * How many rows of each table in the public schema hold something of `user`: a column that
 * references users (or is named user_id) holding their id, any text or JSON column holding their
 * username or email, a text column that is a key ending in their id (`user:7`, `llm:user:7`,
 * `analyze:visitor:u7`). Read from the catalog at test time: a table another migration adds later
 * is looked at too.
 */
async function footprint(pool: Pool, user: BuiltUser): Promise<Record<string, number>> {
  const { rows: columns } = await pool.query<ColumnInfo>(`
    SELECT c.table_name, c.column_name, c.data_type,
           EXISTS (SELECT 1 FROM pg_constraint k
                     JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
                    WHERE k.contype = 'f' AND k.confrelid = 'public.users'::regclass
                      AND k.conrelid = format('public.%I', c.table_name)::regclass
                      AND a.attname = c.column_name) AS refs_users
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
     ORDER BY c.table_name, c.ordinal_position`);
  const byTable = new Map<string, string[]>();
  for (const c of columns) {
    const col = `"${c.column_name}"`;
    const conditions = byTable.get(c.table_name) ?? [];
    const isId = ['integer', 'bigint', 'smallint'].includes(c.data_type);
    if (
      isId &&
      (c.refs_users ||
        c.column_name === 'user_id' ||
        (c.table_name === 'users' && c.column_name === 'id'))
    )
      conditions.push(`${col} = $1::int`);
    if (
      ['text', 'character varying', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED'].includes(c.data_type)
    )
      conditions.push(
        `strpos(lower(${col}::text), lower($2::text)) > 0`,
        `strpos(lower(${col}::text), lower($3::text)) > 0`,
      );
    if (['text', 'character varying'].includes(c.data_type))
      conditions.push(`${col} ~ ('(^|:)u?' || $1::text || '$')`);
    byTable.set(c.table_name, conditions);
  }
  const counts: Record<string, number> = {};
  for (const [table, conditions] of byTable) {
    if (!conditions.length) continue;
    // Every parameter named once, whichever the conditions use (a table of numbers uses the id alone).
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}", (SELECT $1::int AS who_id, $2::text AS who_name, $3::text AS who_email) AS who
        WHERE ${conditions.join(' OR ')}`,
      [user.id, user.username, user.email],
    );
    counts[table] = rows[0]!.n;
  }
  return counts;
}

const nothing = (counts: Record<string, number>) =>
  Object.fromEntries(Object.keys(counts).map((table) => [table, 0]));

describe('POST /api/account/delete', () => {
  it("deletes every row of Alice's in every table, ends her subscription and signs her out everywhere; Bob's rows stay", async () => {
    const alice = await busyRep('alicedata');
    const bob = await busyRep('bobdata');
    const subscriptionId = await subscribe(alice.client);
    const before = await footprint(server.pool, alice.user);
    // The test sees what it means to: each kind of row was made.
    for (const table of [
      'users',
      'user_session',
      'chats',
      'workflows',
      'idea_analyses',
      'profiles',
      'kit_files',
      'recordings',
      'transcription_usage',
      'rate_limits',
      'token_usage',
      'session',
      'password_resets',
      'stream_leases',
      'push_subscriptions',
    ])
      expect(before[table], table).toBeGreaterThan(0);
    const bobBefore = await footprint(server.pool, bob.user);
    // A row that holds the user only through a foreign key (a chat's messages) cannot outlive the row
    // it references (the database enforces it): checked here for the messages as an example.
    const messagesOf = async (userId: number) =>
      (
        await server.pool.query(
          'SELECT count(*)::int AS n FROM messages m JOIN chats c ON c.id = m.chat_id WHERE c.user_id = $1',
          [userId],
        )
      ).rows[0].n;
    const aliceChats = (
      await server.pool.query('SELECT id FROM chats WHERE user_id = $1', [alice.user.id])
    ).rows.map((r) => r.id);
    expect(await messagesOf(alice.user.id)).toBeGreaterThan(0);
    const bobMessages = await messagesOf(bob.user.id);

    // Counters of client addresses whose keys end like Alice's name or id are not hers: they stay.
    const addressKeys = [
      `login:ip:${alice.user.username}`,
      `analyze:ip:${alice.user.id}`,
      `register:ip:u${alice.user.id}`,
    ];
    for (const key of addressKeys)
      await server.pool.query(
        'INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), 3)',
        [key],
      );

    const res = await alice.client.post('/api/account/delete', {
      currentPassword: alice.user.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, subscription: { endedAt: expect.any(String) } });
    const kept = await server.pool.query('SELECT key FROM rate_limits WHERE key = ANY($1)', [
      addressKeys,
    ]);
    expect(kept.rows.map((row) => row.key).toSorted()).toEqual(addressKeys.toSorted());
    await server.pool.query('DELETE FROM rate_limits WHERE key = ANY($1)', [addressKeys]);
    expect(Date.now() - Date.parse(res.body.subscription.endedAt)).toBeLessThan(60_000);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');

    const after = await footprint(server.pool, alice.user);
    expect(after).toEqual(nothing(after));
    // The kit's passages and words hold the user by the file, with no email or name in them.
    for (const table of ['kit_passages', 'kit_terms'])
      expect(
        (
          await server.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [
            alice.user.id,
          ])
        ).rows[0].n,
      ).toBe(0);
    expect(
      (
        await server.pool.query('SELECT count(*)::int AS n FROM messages WHERE chat_id = ANY($1)', [
          aliceChats,
        ])
      ).rows[0].n,
    ).toBe(0);
    expect(await footprint(server.pool, bob.user)).toEqual(bobBefore);
    expect(await messagesOf(bob.user.id)).toBe(bobMessages);

    // Signed out here and on the other device; the password opens nothing.
    expect((await alice.client.get('/api/auth/user')).body).toBeNull();
    expect((await alice.otherDevice.get('/api/auth/user')).body).toBeNull();
    const login = await new TestClient(server.url).post('/api/auth/login', {
      username: alice.user.username,
      password: alice.user.password,
    });
    expect(login.status).toBe(401);
    expect((await bob.client.get('/api/auth/user')).body).toMatchObject({ id: bob.user.id });
  });

  it('answers a free rep that no subscription needed ending', async () => {
    const { client, user } = await loggedInClient(server);
    const res = await client.post('/api/account/delete', { currentPassword: user.password });
    expect(res.body).toEqual({ deleted: true, subscription: null });
  });

  it('refuses a wrong password (403, naming the field) and deletes nothing', async () => {
    const alice = await busyRep('wrongpw');
    const before = await footprint(server.pool, alice.user);
    const res = await alice.client.post('/api/account/delete', { currentPassword: 'guess-123' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'wrong_password',
      message: WRONG_PASSWORD,
      fields: { currentPassword: WRONG_PASSWORD },
    });
    const after = await footprint(server.pool, alice.user);
    // Only the failed guess was counted (rate_limits); everything else is as it was.
    expect({ ...after, rate_limits: 0 }).toEqual({ ...before, rate_limits: 0 });
    expect((await alice.client.get('/api/auth/user')).body).toMatchObject({ id: alice.user.id });
  });

  it('refuses without the password, naming the field', async () => {
    const { client, user } = await loggedInClient(server);
    const missing = await client.post('/api/account/delete', {});
    expect(missing.status).toBe(403);
    expect(missing.body.fields).toHaveProperty('currentPassword');
    const bad = await client.post('/api/account/delete', { currentPassword: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^currentPassword: /);
    expect((await server.pool.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rowCount).toBe(
      1,
    );
  });

  it('refuses without CSRF (403) or from another origin, and deletes nothing', async () => {
    const { client, user } = await loggedInClient(server);
    const noToken = await client.post(
      '/api/account/delete',
      { currentPassword: user.password },
      { csrf: false },
    );
    expect(noToken.status).toBe(403);
    expect(noToken.body.code).toBe('csrf_failed');
    const crossOrigin = await client.post(
      '/api/account/delete',
      { currentPassword: user.password },
      { origin: 'https://evil.example' },
    );
    expect(crossOrigin.status).toBe(403);
    expect((await server.pool.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rowCount).toBe(
      1,
    );
  });

  it('refuses without a session (401)', async () => {
    const res = await new TestClient(server.url).post('/api/account/delete', {
      currentPassword: 'whatever-it-is',
    });
    expect(res.status).toBe(401);
  });

  it("deletes only the session's own account: Bob's password cannot delete Alice", async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    const res = await alice.client.post('/api/account/delete', {
      currentPassword: bob.user.password,
    });
    expect(res.status).toBe(403);
    for (const u of [alice.user, bob.user])
      expect((await server.pool.query('SELECT 1 FROM users WHERE id = $1', [u.id])).rowCount).toBe(
        1,
      );
  });

  it('deletes nothing when Stripe cannot end the subscription, and says so', async () => {
    const { client, user } = await loggedInClient(server);
    const subscriptionId = await subscribe(client);
    stripe.failNext(500);
    stripe.failNext(500);
    const res = await client.post('/api/account/delete', { currentPassword: user.password });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(DELETE_BILLING_FAILED);
    expect((await server.pool.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rowCount).toBe(
      1,
    );
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('active');
    expect((await client.get('/api/auth/user')).body).toMatchObject({ id: user.id });
  });
});

describe('POST /api/account/delete when the database fails after Stripe ended the subscription', () => {
  it('says the subscription ended and the account is still there; a retry deletes the rest', async () => {
    const { client, user } = await loggedInClient(server);
    const subscriptionId = await subscribe(client);
    // The database refuses to delete this user once (a real failure inside the transaction).
    await server.pool.query(
      "CREATE OR REPLACE FUNCTION hold_user_row() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'held'; END $$ LANGUAGE plpgsql",
    );
    await server.pool.query(
      `CREATE TRIGGER hold_user_${user.id} BEFORE DELETE ON users FOR EACH ROW WHEN (OLD.id = ${user.id}) EXECUTE FUNCTION hold_user_row()`,
    );
    try {
      const res = await client.post('/api/account/delete', { currentPassword: user.password });
      expect(res.status).toBe(500);
      expect(res.body.code).toBe('delete_failed');
      expect(res.body.message).toMatch(
        /^Your Pro subscription ended on [A-Z][a-z]{2} \d{1,2}, \d{4}, but your account could not be deleted just now\./,
      );
      expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
      expect(
        (await server.pool.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rowCount,
      ).toBe(1);
      expect((await client.get('/api/auth/user')).body).toMatchObject({ id: user.id });
    } finally {
      await server.pool.query(`DROP TRIGGER hold_user_${user.id} ON users`);
    }
    const again = await client.post('/api/account/delete', { currentPassword: user.password });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ deleted: true, subscription: null });
    expect((await server.pool.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rowCount).toBe(
      0,
    );
  });
});

describe('POST /api/account/delete confirmed with a passkey', () => {
  it('deletes the account with the passkey’s answer alone: no row of Alice’s is left, she is signed out', async () => {
    const alice = await busyRep('passkeyproof');
    const phone = await addPhone(alice.client);
    const res = await alice.client.post('/api/account/delete', {
      passkey: await confirmAnswer(alice.client, phone),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, subscription: null });
    const after = await footprint(server.pool, alice.user);
    expect(after).toEqual(nothing(after));
    expect((await alice.client.get('/api/auth/user')).body).toBeNull();
    expect((await alice.otherDevice.get('/api/auth/user')).body).toBeNull();
    // Nor does the passkey sign anyone in.
    const browser = new TestClient(server.url);
    const options = (await browser.post('/api/auth/passkey/options')).body;
    const login = await browser.post('/api/auth/passkey', { response: phone.get(options) });
    expect(login.status).toBe(401);
  });

  it('refuses Bob’s passkey, Bob’s proof, a replayed answer or a sign-in challenge, and deletes nothing', async () => {
    const alice = await busyRep('passkeyrefused');
    const alicePhone = await addPhone(alice.client);
    const bob = await loggedInClient(server);
    const bobPhone = await addPhone(bob.client);
    const before = await footprint(server.pool, alice.user);
    const used = await confirmAnswer(alice.client, alicePhone);
    // Spent: the email change checks the proof first, then refuses Bob's address.
    const spent = await alice.client.post('/api/account/email', {
      passkey: used,
      email: bob.user.email,
    });
    expect(spent.status).toBe(409);

    const attempts: Array<[string, () => Promise<unknown>, number, string]> = [
      ['Bob’s passkey', () => confirmAnswer(alice.client, bobPhone), 403, 'passkey_unknown'],
      ['Bob’s proof', () => confirmAnswer(bob.client, bobPhone), 400, 'passkey_challenge'],
      ['a replayed answer', async () => used, 400, 'passkey_challenge'],
      [
        'a sign-in challenge',
        async () =>
          alicePhone.get((await new TestClient(server.url).post('/api/auth/passkey/options')).body),
        400,
        'passkey_challenge',
      ],
    ];
    for (const [what, answer, status, code] of attempts) {
      const res = await alice.client.post('/api/account/delete', { passkey: await answer() });
      expect(res.status, what).toBe(status);
      expect(res.body.code, what).toBe(code);
    }
    const after = await footprint(server.pool, alice.user);
    // Only the failed proofs were counted (rate_limits); everything else is as it was.
    expect({ ...after, rate_limits: 0 }).toEqual({ ...before, rate_limits: 0 });
    expect((await alice.client.get('/api/auth/user')).body).toMatchObject({ id: alice.user.id });
    expect((await bob.client.get('/api/auth/user')).body).toMatchObject({ id: bob.user.id });
  });

  it('refuses a malformed passkey answer, naming the field', async () => {
    const { client, user } = await loggedInClient(server);
    const res = await client.post('/api/account/delete', { passkey: { type: 'public-key' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^passkey\./);
    expect((await server.pool.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rowCount).toBe(
      1,
    );
  });
});
