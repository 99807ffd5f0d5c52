import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { TestClient } from '../support/client';
import { buildUser, loggedInClient } from '../factories/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const storedIds = async (userId: number) =>
  (
    await server.pool.query<{ id: string }>('SELECT id FROM user_session WHERE user_id = $1', [
      userId,
    ])
  ).rows.map((r) => r.id);

describe('session ids are stored hashed', () => {
  it('the table holds sha256(token), never the cookie token, and the cookie still signs in', async () => {
    const { user, client } = await loggedInClient(server);
    const token = client.cookies.get('pitchpad_session')!;
    expect(token).toBeTruthy();
    const ids = await storedIds(user.id);
    expect(ids).toEqual([sha256(token)]);
    expect(ids).not.toContain(token);
    expect((await client.get('/api/auth/user')).body.username).toBe(user.username);
  });

  it('a stored id used as a cookie opens nothing', async () => {
    const { user } = await loggedInClient(server);
    const [storedId] = await storedIds(user.id);
    const thief = new TestClient(server.url);
    thief.cookies.set('pitchpad_session', storedId!);
    expect((await thief.get('/api/auth/user')).body).toBeNull();
    expect(await storedIds(user.id)).toEqual([storedId]);
  });

  it('logout deletes the stored row, and the old cookie is signed out', async () => {
    const { user, client } = await loggedInClient(server);
    const token = client.cookies.get('pitchpad_session')!;
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect(await storedIds(user.id)).toEqual([]);
    const replay = new TestClient(server.url);
    replay.cookies.set('pitchpad_session', token);
    expect((await replay.get('/api/auth/user')).body).toBeNull();
  });

  it('a logged-in CSRF token still works, and a new login rotates the stored id', async () => {
    const user = await buildUser(server);
    const client = new TestClient(server.url);
    await client.post('/api/auth/login', { username: user.username, password: user.password });
    const first = await storedIds(user.id);
    // A POST with the session's CSRF token (derived from the stored id) goes through.
    expect(
      (await client.post('/api/auth/login', { username: user.username, password: user.password }))
        .status,
    ).toBe(200);
    const second = await storedIds(user.id);
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    expect(second).toEqual([sha256(client.cookies.get('pitchpad_session')!)]);
  });

  it('a session renewed in its second half keeps the token in the cookie, not the stored id', async () => {
    const { user, client } = await loggedInClient(server);
    const token = client.cookies.get('pitchpad_session')!;
    await server.pool.query(
      `UPDATE user_session SET expires_at = now() + interval '1 day' WHERE user_id = $1`,
      [user.id],
    );
    const res = await client.get('/api/auth/user');
    expect(res.body.username).toBe(user.username);
    const renewed = res.headers.getSetCookie().find((c) => c.startsWith('pitchpad_session='))!;
    expect(renewed).toContain(`pitchpad_session=${token};`);
    const { rows } = await server.pool.query(
      `SELECT id, expires_at > now() + interval '7 days' AS extended FROM user_session WHERE user_id = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ id: sha256(token), extended: true }]);
    expect((await client.get('/api/auth/user')).body.username).toBe(user.username);
  });
});
