import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../domain/contract/errors';
import { IN_MEMORY } from '../db/embedded';
import { createApp } from './app';
import { DEV_SESSION_SECRET, loadConfig, type Config } from './config';
import { withSessionSecret } from './sessionSecret';
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

const configWith = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    DATA_DIR: IN_MEMORY,
    DATABASE_URL: testDatabaseUrl(),
    ...env,
  });

async function startInstance(secret: string | Config): Promise<TestServer> {
  const config = typeof secret === 'string' ? configWith({ SESSION_SECRET: secret }) : secret;
  const app = createApp({ config, pool: db.pool });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pool: db.pool,
    config,
    calendarWork: app.calendarWork,
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
  it("a signed-in POST with one instance's CSRF token is accepted by another with the same SESSION_SECRET, and refused (403) by one with a different secret", async () => {
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

describe('instances started together without SESSION_SECRET on one DATA_DIR', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-instances-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('agree on one secret made for them: a session and CSRF token made on one are accepted by the other', async () => {
    // Both look for the secret at once, find none, and each writes a candidate: one wins, both read it.
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        withSessionSecret(configWith({ NODE_ENV: 'development', DATA_DIR: dataDir })),
      ),
    );
    const secret = readFileSync(join(dataDir, 'session-secret'), 'utf8').trim();
    expect(a!.config.sessionSecret).toBe(secret);
    expect(b!.config.sessionSecret).toBe(secret);
    expect(secret).not.toBe(DEV_SESSION_SECRET);
    expect([a!.source, b!.source].filter((s) => s.kind === 'file' && s.created)).toHaveLength(1);

    // The database is the shared one of this file (DATA_DIR here holds only the secret).
    const [one, other] = [
      await startInstance({ ...a!.config, dataDir: IN_MEMORY }),
      await startInstance({ ...b!.config, dataDir: IN_MEMORY }),
    ];
    const { user, client } = await loggedInClient(one);
    const token = await client.token();
    const onOther = client.at(other.url);
    expect((await onOther.get('/api/auth/user')).body).toMatchObject({ username: user.username });
    const sent = await onOther.post('/api/chat', buildSend('Sent through the other instance'), {
      csrf: false,
      headers: { [CSRF_HEADER]: token },
    });
    expect(sent.status).toBe(200);
    expect(await chatCount(user.id)).toBe(1);
    // An instance with a secret of its own refuses that token.
    const stranger = await startInstance(
      (await withSessionSecret(configWith({ NODE_ENV: 'development' }))).config,
    );
    const refused = await client.at(stranger.url).post('/api/chat', buildSend('Elsewhere'), {
      csrf: false,
      headers: { [CSRF_HEADER]: token },
    });
    expect(refused.status).toBe(403);
  });
});
