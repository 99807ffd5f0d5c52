import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushKeyResponse, PushMessage } from '../../domain/contract/push';
import { EXPECTED_USER_HEADER } from '../../domain/contract/session';
import { loggedInClient } from '../../tests/factories/users';
import { startFakePushService, type FakePushService } from '../../tests/fakes/pushService';
import { TestClient } from '../../tests/support/client';
import { captureLog } from '../../tests/support/logs';
import { startAnotherInstance, startTestServer, type TestServer } from '../../tests/support/server';
import { PUSH_TTL_SECONDS, sendPush } from './push';
import { PUSH_SUBSCRIPTIONS_MAX } from './push.sql';
import { vapidKeys } from './vapid';

/**
 * Web Push over HTTP, on both databases, against a fake push service on loopback (let through only by
 * the tests' FETCH_ALLOW_LOOPBACK) that decrypts each message and checks its VAPID signature as a
 * browser's push service does; a production server refuses that same address before any connection.
 */
let push: FakePushService;
let production: TestServer;
const servers: Record<string, TestServer> = {};

beforeAll(async () => {
  push = await startFakePushService();
  const [shared, embedded, prod] = await Promise.all([
    startTestServer({ FETCH_ALLOW_LOOPBACK: 'true' }),
    startTestServer({ FETCH_ALLOW_LOOPBACK: 'true', DATABASE_URL: '' }),
    // Its own database: its secret differs from the suite's, and a key pair sealed under another
    // secret is replaced, with every subscription, by the first server that cannot open it.
    startTestServer(
      {
        NODE_ENV: 'production',
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        APP_URL: 'https://pitchpad.example',
      },
      { ownDatabase: true },
    ),
  ]);
  servers['the suite’s database'] = shared;
  servers['the embedded database'] = embedded;
  production = prod;
}, 60_000);
afterAll(() =>
  Promise.all([
    ...Object.values(servers).map((s) => s.close()),
    production?.close(),
    push?.close(),
  ]),
);

const reminder: PushMessage = {
  title: 'Freightly at 14:00',
  body: 'Your brief is ready.',
  url: '/meetings/evt-42%40calendar',
  tag: 'meeting:evt-42@calendar',
};

const keyOf = async (client: TestClient) =>
  (await client.get<PushKeyResponse>('/api/push/key')).body.publicKey;

/** A browser subscribed at the fake with the server's key, and that subscription given to the server. */
async function subscribedBrowser(client: TestClient) {
  const subscription = push.newSubscription({ applicationServerKey: await keyOf(client) });
  const answer = await client.put('/api/push/subscription', subscription, {
    headers: {
      'user-agent':
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    },
  });
  expect(answer.status).toBe(204);
  return subscription;
}

const endpointsOf = async (server: TestServer, userId: number) =>
  (
    await server.pool.query<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY endpoint',
      [userId],
    )
  ).rows.map((row) => row.endpoint);

describe.each(['the suite’s database', 'the embedded database'])('on %s', (database) => {
  const server = () => servers[database]!;
  const deps = (log = captureLog().log) => ({
    pool: server().pool,
    config: server().config,
    log,
  });

  it('is the rep’s own: every route asks for a session', async () => {
    const guest = new TestClient(server().url);
    const subscription = push.newSubscription();
    expect((await guest.get('/api/push/key')).status).toBe(401);
    expect((await guest.put('/api/push/subscription', subscription)).status).toBe(401);
    expect(
      (await guest.request('DELETE', '/api/push/subscription', { endpoint: subscription.endpoint }))
        .status,
    ).toBe(401);
  });

  it('hands every rep and every instance the same public key, its private half kept encrypted', async () => {
    const { client } = await loggedInClient(server());
    const other = await loggedInClient(server());
    const key = await keyOf(client);
    expect(key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(await keyOf(other.client)).toBe(key);
    const another = await startAnotherInstance(server());
    try {
      expect(await keyOf(other.client.at(another.url))).toBe(key);
    } finally {
      await another.close();
    }
    const { rows } = await server().pool.query<{ private_key_encrypted: string }>(
      'SELECT private_key_encrypted FROM push_vapid_keys',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.private_key_encrypted).toMatch(/^v1:/);
    const { privateKey } = await vapidKeys(server().pool, server().config);
    expect(rows[0]!.private_key_encrypted).not.toContain(privateKey);
  });

  it('keeps a browser’s subscription, naming its device; refuses a bad one with why', async () => {
    const { user, client } = await loggedInClient(server());
    const subscription = await subscribedBrowser(client);
    const { rows } = await server().pool.query(
      'SELECT user_id, p256dh, auth, device FROM push_subscriptions WHERE endpoint = $1',
      [subscription.endpoint],
    );
    expect(rows).toEqual([
      { user_id: user.id, ...subscription.keys, device: 'Android phone · Chrome' },
    ]);

    const fresh = push.newSubscription();
    const cases: [unknown, number, string][] = [
      [
        { ...fresh, endpoint: 'not a web address' },
        400,
        'endpoint: The endpoint must be an https:// address.',
      ],
      [{ endpoint: fresh.endpoint }, 400, 'keys: The subscription needs its keys.'],
      [
        { ...fresh, keys: { ...fresh.keys, p256dh: fresh.keys.auth } },
        400,
        'keys.p256dh: The p256dh key is not one a browser makes.',
      ],
      [
        { ...fresh, keys: { ...fresh.keys, auth: 'not+base64url/' } },
        400,
        'keys.auth: The auth key is not one a browser makes.',
      ],
      [
        { ...fresh, endpoint: 'https://10.0.0.8/push/abc' },
        422,
        'That address is not on the public internet.',
      ],
      [
        { ...fresh, endpoint: 'http://169.254.169.254/latest/meta-data' },
        422,
        'That address is not on the public internet.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const answer = await client.put('/api/push/subscription', body);
      expect([answer.status, answer.body.message]).toEqual([status, message]);
    }
    expect(await endpointsOf(server(), user.id)).toEqual([subscription.endpoint]);
  });

  it('Bob cannot unsubscribe Alice’s browser; Alice can', async () => {
    const alice = await loggedInClient(server());
    const bob = await loggedInClient(server());
    const browser = await subscribedBrowser(alice.client);
    const byBob = await bob.client.request('DELETE', '/api/push/subscription', {
      endpoint: browser.endpoint,
    });
    expect(byBob.status).toBe(204);
    expect(await endpointsOf(server(), alice.user.id)).toEqual([browser.endpoint]);
    const byAlice = await alice.client.request('DELETE', '/api/push/subscription', {
      endpoint: browser.endpoint,
    });
    expect(byAlice.status).toBe(204);
    expect(await endpointsOf(server(), alice.user.id)).toEqual([]);
  });

  it('a browser where Alice signed out and Bob signed in takes Bob’s messages, not Alice’s', async () => {
    const alice = await loggedInClient(server());
    const bob = await loggedInClient(server());
    const browser = await subscribedBrowser(alice.client);
    // Alice's phone, naming her, while Bob's session holds the browser: nothing is kept.
    const named = await bob.client.put('/api/push/subscription', browser, {
      headers: { [EXPECTED_USER_HEADER]: String(alice.user.id) },
    });
    expect(named.status).toBe(409);
    expect(await endpointsOf(server(), alice.user.id)).toEqual([browser.endpoint]);
    expect((await bob.client.put('/api/push/subscription', browser)).status).toBe(204);
    expect(await endpointsOf(server(), alice.user.id)).toEqual([]);
    expect(await endpointsOf(server(), bob.user.id)).toEqual([browser.endpoint]);
    expect(await sendPush(deps(), alice.user.id, reminder)).toBe(0);
  });

  it(`keeps a rep’s ${PUSH_SUBSCRIPTIONS_MAX} latest browsers`, async () => {
    const { user, client } = await loggedInClient(server());
    const browsers = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_MAX; i++)
      browsers.push(await subscribedBrowser(client));
    const kept = await endpointsOf(server(), user.id);
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
    expect(kept).not.toContain(browsers[0]!.endpoint);
  });

  it('sends a message only the browser can read, signed for its push service, to each of the rep’s browsers', async () => {
    const { user, client } = await loggedInClient(server());
    const phone = await subscribedBrowser(client);
    const laptop = await subscribedBrowser(client);
    const key = await keyOf(client);
    const before = push.received.length;

    expect(await sendPush(deps(), user.id, reminder)).toBe(2);
    const got = (await push.waitFor(before + 2)).slice(before);
    expect(got.map((m) => m.endpoint).toSorted()).toEqual(
      [phone.endpoint, laptop.endpoint].toSorted(),
    );
    for (const message of got) {
      // With the account it is for: the phone's worker fetches that rep's brief with it.
      expect(message.payload).toEqual({ ...reminder, user: user.id });
      expect(message.ttl).toBe(PUSH_TTL_SECONDS);
      expect(message.urgency).toBe('high');
      expect(message.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(message.vapid).toEqual({
        sub: 'mailto:hello@pitchpad.app',
        aud: push.url,
        exp: expect.any(Number),
        k: key,
      });
    }
    // The same tag makes the same topic: a reminder not yet delivered is replaced by the next one.
    expect(got[0]!.topic).toBe(got[1]!.topic);
    const { rows } = await server().pool.query(
      'SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1 AND last_ok_at IS NOT NULL',
      [user.id],
    );
    expect(rows[0].n).toBe(2);

    const short = await sendPush(deps(), user.id, reminder, { ttlSeconds: 60 });
    expect(short).toBe(2);
    expect((await push.waitFor(before + 4)).slice(before + 2).map((m) => m.ttl)).toEqual([60, 60]);
  });

  it('deletes a subscription its push service says is gone, and keeps one that failed otherwise', async () => {
    const { user, client } = await loggedInClient(server());
    const kept = await subscribedBrowser(client);
    const revoked = await subscribedBrowser(client);
    // A browser that subscribed with another server's key: its push service refuses our signature.
    const foreign = push.newSubscription({ applicationServerKey: (await keyOf(client)).slice(1) });
    expect((await client.put('/api/push/subscription', foreign)).status).toBe(204);
    push.gone(revoked.endpoint);
    const log = captureLog();

    expect(await sendPush(deps(log.log), user.id, reminder)).toBe(1);
    expect((await endpointsOf(server(), user.id)).toSorted()).toEqual(
      [kept.endpoint, foreign.endpoint].toSorted(),
    );
    const lines = log.entries().map((e) => e.msg);
    expect(lines).toContainEqual(expect.stringMatching(/subscription at 127\.0\.0\.1:\d+ .*gone/));
    expect(lines).toContainEqual(expect.stringMatching(/refused a message .*\(403\)/));
    // The endpoint's path is the browser's secret: the log names its host only.
    expect(log.text).not.toContain(new URL(revoked.endpoint).pathname);
  });

  it('sends nothing to a rep with no browser, and refuses a message too long for a push', async () => {
    const { user } = await loggedInClient(server());
    expect(await sendPush(deps(), user.id, reminder)).toBe(0);
    await expect(
      sendPush(deps(), user.id, { ...reminder, body: 'x'.repeat(4000) }),
    ).rejects.toThrow(RangeError);
  });
});

describe('a production server', () => {
  it('refuses a push service on its own machine before any connection, at subscribe and at send', async () => {
    const { user, client } = await loggedInClient(production);
    const connections = push.connections;
    const subscription = push.newSubscription();
    const https = { ...subscription, endpoint: subscription.endpoint.replace('http:', 'https:') };
    const refused = await client.put('/api/push/subscription', https);
    expect([refused.status, refused.body.message]).toEqual([
      422,
      'That address is not on the public internet.',
    ]);
    const plain = await client.put('/api/push/subscription', subscription);
    expect([plain.status, plain.body.message]).toEqual([
      422,
      'Only https:// addresses can be used.',
    ]);
    // One stored before the server moved to production is refused when sent to, and kept.
    await production.pool.query(
      'INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)',
      [https.endpoint, user.id, https.keys.p256dh, https.keys.auth],
    );
    const log = captureLog();
    expect(
      await sendPush(
        { pool: production.pool, config: production.config, log: log.log },
        user.id,
        reminder,
      ),
    ).toBe(0);
    expect(log.text).toContain('That address is not on the public internet.');
    expect(await endpointsOf(production, user.id)).toEqual([https.endpoint]);
    expect(push.connections).toBe(connections);
    // Production signs as its public address.
    expect((await vapidKeys(production.pool, production.config)).subject).toBe(
      'https://pitchpad.example',
    );
  });
});

describe('the key pair', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-push-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const start = (secret: string) =>
    startTestServer({
      FETCH_ALLOW_LOOPBACK: 'true',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SESSION_SECRET: secret,
    });

  it('is made once by instances starting together, kept across restarts, and made anew with the subscriptions dropped when SESSION_SECRET changes', async () => {
    const secret = randomBytes(32).toString('base64url');
    const first = await start(secret);
    let userId: number;
    let key: string;
    try {
      const made = await Promise.all(
        Array.from({ length: 4 }, () => vapidKeys(first.pool, first.config)),
      );
      key = made[0]!.publicKey;
      expect(new Set(made.map((k) => k.publicKey))).toEqual(new Set([key]));
      const { user, client } = await loggedInClient(first);
      userId = user.id;
      expect(await keyOf(client)).toBe(key);
      await subscribedBrowser(client);
    } finally {
      await first.close();
    }

    const again = await start(secret);
    try {
      expect((await vapidKeys(again.pool, again.config)).publicKey).toBe(key);
      expect(await endpointsOf(again, userId)).toHaveLength(1);
    } finally {
      await again.close();
    }

    const rotated = await start(randomBytes(32).toString('base64url'));
    try {
      const log = captureLog();
      const fresh = await vapidKeys(rotated.pool, rotated.config, log.log);
      expect(fresh.publicKey).not.toBe(key);
      expect(log.text).toContain(
        'made a new one, and dropped the 1 subscription made with the old key',
      );
      expect(await endpointsOf(rotated, userId)).toEqual([]);
      expect((await vapidKeys(rotated.pool, rotated.config)).publicKey).toBe(fresh.publicKey);
    } finally {
      await rotated.close();
    }
  }, 60_000);
});
