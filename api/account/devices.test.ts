import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { loggedInClient, type BuiltUser } from '../../tests/factories/users';
import { CANNOT_SIGN_OUT_THIS, type Device } from '../../domain/contract/account';
import { deviceLabel } from './devices.present';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** The same user signed in from another browser, which sends `userAgent`. */
async function signInAs(user: BuiltUser, userAgent: string): Promise<TestClient> {
  const client = new TestClient(server.url);
  const res = await client.post(
    '/api/auth/login',
    { username: user.username, password: user.password },
    { headers: { 'user-agent': userAgent } },
  );
  expect(res.status).toBe(200);
  return client;
}

const devicesOf = async (client: TestClient) => {
  const res = await client.get<{ devices: Device[] }>('/api/account/devices');
  expect(res.status).toBe(200);
  return res.body.devices;
};

const sessionIds = async (userId: number) =>
  (
    await server.pool.query<{ id: string }>('SELECT id FROM user_session WHERE user_id = $1', [
      userId,
    ])
  ).rows.map((r) => r.id);

describe('GET /api/account/devices', () => {
  it('lists each device with its browser, when it was last seen, and marks this one', async () => {
    const { user, client: laptop } = await loggedInClient(server);
    const phone = await signInAs(user, IPHONE);
    const mac = await signInAs(user, MAC_CHROME);
    const devices = await devicesOf(mac);
    expect(devices).toHaveLength(3);
    expect(devices[0]).toMatchObject({ device: 'Mac', browser: 'Chrome', current: true });
    expect(devices.filter((d) => d.current)).toHaveLength(1);
    expect(devices).toContainEqual(
      expect.objectContaining({ device: 'iPhone', browser: 'Safari', current: false }),
    );
    for (const d of devices) {
      expect(Date.now() - Date.parse(d.lastSeenAt!)).toBeLessThan(60_000);
      expect(Date.parse(d.signedInAt!)).not.toBeNaN();
    }
    // Each device's list marks itself.
    expect((await devicesOf(phone))[0]).toMatchObject({ device: 'iPhone', current: true });
    expect((await devicesOf(laptop))[0]!.current).toBe(true);
  });

  it('never sends a session’s stored id, nor the cookie’s token', async () => {
    const { user, client } = await loggedInClient(server);
    const res = await client.get('/api/account/devices');
    const stored = await sessionIds(user.id);
    const cookies = [...client.cookies.values()];
    for (const secret of [...stored, ...cookies]) expect(res.text).not.toContain(secret);
    expect(res.body.devices[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(res.body.devices[0]).toSorted()).toEqual(
      ['browser', 'current', 'device', 'id', 'lastSeenAt', 'signedInAt'].toSorted(),
    );
  });

  it('stamps last seen at most once a minute per device', async () => {
    const { user, client } = await loggedInClient(server);
    const [id] = await sessionIds(user.id);
    const seen = async () =>
      (
        await server.pool.query<{ last_seen_at: Date }>(
          'SELECT last_seen_at FROM user_session WHERE id = $1',
          [id],
        )
      ).rows[0]!.last_seen_at.getTime();
    // 30 seconds ago: a request now writes nothing.
    await server.pool.query(
      `UPDATE user_session SET last_seen_at = now() - interval '30 seconds' WHERE id = $1`,
      [id],
    );
    const recent = await seen();
    await client.get('/api/auth/user');
    expect(await seen()).toBe(recent);
    // Two minutes ago: the next request stamps it now, and the one after leaves it.
    await server.pool.query(
      `UPDATE user_session SET last_seen_at = now() - interval '2 minutes' WHERE id = $1`,
      [id],
    );
    const old = await seen();
    await client.get('/api/auth/user');
    const stamped = await seen();
    expect(stamped - old).toBeGreaterThan(100_000);
    await client.get('/api/auth/user');
    expect(await seen()).toBe(stamped);
  });

  it('needs a session', async () => {
    const res = await new TestClient(server.url).get('/api/account/devices');
    expect(res.status).toBe(401);
  });
});

describe('signing devices out', () => {
  it('signs out a lost phone from the laptop at once: its next request is a 401', async () => {
    const { user, client: laptop } = await loggedInClient(server);
    const phone = await signInAs(user, IPHONE);
    expect((await phone.get('/api/user/subscription')).status).toBe(200);
    const target = (await devicesOf(laptop)).find((d) => d.device === 'iPhone')!;

    const res = await laptop.post(`/api/account/devices/${target.id}/sign-out`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signedOut: 1 });
    expect((await phone.get('/api/user/subscription')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).body).toBeNull();
    const left = await devicesOf(laptop);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
    // Again: that device is gone.
    expect((await laptop.post(`/api/account/devices/${target.id}/sign-out`)).status).toBe(404);
  });

  it('Bob cannot sign out Alice’s device, nor learn it exists', async () => {
    const { client: alice } = await loggedInClient(server);
    const { client: bob } = await loggedInClient(server);
    const [aliceDevice] = await devicesOf(alice);
    const res = await bob.post(`/api/account/devices/${aliceDevice!.id}/sign-out`);
    expect(res.status).toBe(404);
    const unknown = await bob.post(`/api/account/devices/${'0'.repeat(64)}/sign-out`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(res.body);
    expect((await alice.get('/api/user/subscription')).status).toBe(200);
  });

  it('refuses a malformed id or this device, naming the field', async () => {
    const { client } = await loggedInClient(server);
    const bad = await client.post('/api/account/devices/not-a-device/sign-out');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^id: /);
    expect(bad.body.fields).toHaveProperty('id');
    const [self] = await devicesOf(client);
    const current = await client.post(`/api/account/devices/${self!.id}/sign-out`);
    expect(current.status).toBe(400);
    expect(current.body).toMatchObject({ fields: { id: CANNOT_SIGN_OUT_THIS } });
    expect((await client.get('/api/user/subscription')).status).toBe(200);
  });

  it('signs out every other device, and no other account’s', async () => {
    const { user, client: laptop } = await loggedInClient(server);
    const phone = await signInAs(user, IPHONE);
    const mac = await signInAs(user, MAC_CHROME);
    const { client: someoneElse } = await loggedInClient(server);
    const res = await laptop.post('/api/account/devices/sign-out-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signedOut: 2 });
    expect((await phone.get('/api/user/subscription')).status).toBe(401);
    expect((await mac.get('/api/user/subscription')).status).toBe(401);
    expect((await laptop.get('/api/user/subscription')).status).toBe(200);
    expect((await someoneElse.get('/api/user/subscription')).status).toBe(200);
    expect(await devicesOf(laptop)).toHaveLength(1);
  });

  it('needs a session and a CSRF token', async () => {
    const { user, client: laptop } = await loggedInClient(server);
    const phone = await signInAs(user, IPHONE);
    const target = (await devicesOf(laptop)).find((d) => !d.current)!;
    const guest = new TestClient(server.url);
    expect((await guest.post(`/api/account/devices/${target.id}/sign-out`)).status).toBe(401);
    expect((await guest.post('/api/account/devices/sign-out-others')).status).toBe(401);
    const forged = await laptop.post(`/api/account/devices/${target.id}/sign-out`, undefined, {
      csrf: false,
    });
    expect(forged.status).toBe(403);
    const forgedAll = await laptop.post('/api/account/devices/sign-out-others', undefined, {
      csrf: false,
    });
    expect(forgedAll.status).toBe(403);
    expect((await phone.get('/api/user/subscription')).status).toBe(200);
  });
});

describe('deviceLabel', () => {
  it('names common browsers and devices', () => {
    expect(deviceLabel(IPHONE)).toEqual({ device: 'iPhone', browser: 'Safari' });
    expect(deviceLabel(MAC_CHROME)).toEqual({ device: 'Mac', browser: 'Chrome' });
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ device: 'Android phone', browser: 'Chrome' });
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
      ),
    ).toEqual({ device: 'Windows PC', browser: 'Edge' });
    expect(
      deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'),
    ).toEqual({ device: 'Linux computer', browser: 'Firefox' });
    expect(deviceLabel(null)).toEqual({ device: 'Unknown device', browser: 'Unknown browser' });
  });
});
