import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../domain/contract/errors';
import { IN_MEMORY } from '../db/embedded';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { testDatabaseUrl, type TestServer } from '../tests/support/server';
import { loggedInClient } from '../tests/factories/users';
import { buildSend } from '../tests/factories/chats';

// Several instances behind one load balancer: each is its own app on its own port, all on one
// database, as an operator runs them. A user's requests land on any of them.
const SHARED_SECRET = 'the-secret-every-instance-shares-0123456789';
const OTHER_SECRET = 'a-misconfigured-instance-with-its-own-secret';

let db: Awaited<ReturnType<typeof openDatabase>>;
const servers: Server[] = [];

async function startInstance(sessionSecret: string): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    DATA_DIR: IN_MEMORY,
    DATABASE_URL: testDatabaseUrl(),
    SESSION_SECRET: sessionSecret,
  });
  const server: Server = await new Promise((resolve) => {
    const s = createApp({ config, pool: db.pool }).listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pool: db.pool,
    config,
    close: async () => {},
  };
}

let first: TestServer;
let second: TestServer;
let misconfigured: TestServer;
beforeAll(async () => {
  db = await openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: IN_MEMORY });
  [first, second, misconfigured] = [
    await startInstance(SHARED_SECRET),
    await startInstance(SHARED_SECRET),
    await startInstance(OTHER_SECRET),
  ];
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await db?.close();
});

async function chatCount(userId: number): Promise<number> {
  const { rows } = await db.pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM chats WHERE user_id = $1',
    [userId],
  );
  return Number(rows[0]!.n);
}

describe('several instances on one database', () => {
  it("trust: 8. a signed-in POST with one instance's CSRF token is accepted by another with the same SESSION_SECRET, and refused (403) by one with a different secret", async () => {
    const { user, client } = await loggedInClient(first);
    const token = await client.token();

    const onSecond = client.at(second.url);
    const accepted = await onSecond.post(
      '/api/chat',
      buildSend('Sent through the second instance'),
      { csrf: false, headers: { [CSRF_HEADER]: token } },
    );
    expect(accepted.status).toBe(200);
    expect(await chatCount(user.id)).toBe(1);

    // The session itself is in the database, so the other instance knows the user; the token is what fails.
    const onMisconfigured = client.at(misconfigured.url);
    expect((await onMisconfigured.get('/api/auth/user')).body).toMatchObject({
      username: user.username,
    });
    const refused = await onMisconfigured.post(
      '/api/chat',
      buildSend('Sent through the misconfigured instance'),
      { csrf: false, headers: { [CSRF_HEADER]: token } },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('csrf_failed');
    expect(await chatCount(user.id)).toBe(1);
  });
});
