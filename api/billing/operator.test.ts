import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { SubscriptionInfo } from '../../domain/contract/auth';
import { loggedInClient } from '../../tests/factories/users';
import { startTestServer, testDatabaseUrl } from '../../tests/support/server';
import { openDatabase } from '../db';
import { serveOperatorCommands } from '../operatorCommands';

const run = promisify(execFile);
const dirs: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pitchpad-operator-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const script = (action: 'grant' | 'revoke', username: string, env: NodeJS.ProcessEnv) =>
  run('npx', ['tsx', 'api/billing/operator.ts', action, username], { env });

describe('npm run grant-pro / revoke-pro', () => {
  it('grants and revokes Pro by username, and says when there is no such user', async () => {
    // As an operator runs them with the server stopped: on the test Postgres, or a fresh embedded one.
    const dataDir = freshDataDir();
    const databaseUrl = testDatabaseUrl();
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'silent',
    };
    const grantedAt = async (username: string) => {
      const db = await openDatabase({ databaseUrl, dataDir });
      try {
        const { rows } = await db.pool.query<{ pro_granted_at: Date | null }>(
          'SELECT pro_granted_at FROM users WHERE username = $1',
          [username],
        );
        return rows[0]!.pro_granted_at;
      } finally {
        await db.close();
      }
    };
    const username = `op_${crypto.randomUUID().slice(0, 8)}`;
    const db = await openDatabase({ databaseUrl, dataDir });
    await db.pool.query(`INSERT INTO users (username, email, password) VALUES ($1, $2, 'x')`, [
      username,
      `${username}@example.com`,
    ]);
    await db.close();

    const granted = await script('grant', username.toUpperCase(), env);
    expect(granted.stdout).toContain(`Granted Pro for '${username}'`);
    expect(await grantedAt(username)).toBeInstanceOf(Date);

    await script('revoke', username, env);
    expect(await grantedAt(username)).toBeNull();

    await expect(script('grant', 'nobody_here', env)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No user named 'nobody_here'"),
    });
  }, 60_000);

  it('works while the server runs on the embedded database, on the rep’s live session', async () => {
    // The server holds the embedded database in DATA_DIR; the scripts ask it to grant and revoke.
    // Payments are configured here, so a grant is the only way to Pro.
    const dataDir = freshDataDir();
    const server = await startTestServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_PRICE_ID: 'price_unused',
    });
    // As main.ts does on the embedded database: the scripts ask this process.
    const commands = await serveOperatorCommands(server.config, server.pool, 'the running server');
    try {
      const { user, client } = await loggedInClient(server);
      const access = async () =>
        (await client.get<SubscriptionInfo>('/api/user/subscription')).body.access;
      expect(await access()).toBe('none');
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };

      const granted = await script('grant', user.username, env);
      expect(granted.stdout).toContain(`Granted Pro for '${user.username}' on the running server`);
      expect(await access()).toBe('granted');
      // The server's own prepared statements and pool were left alone: it answers as before.
      expect((await client.get('/api/chats')).status).toBe(200);

      await script('revoke', user.username, env);
      expect(await access()).toBe('none');
      await expect(script('grant', 'nobody_here', env)).rejects.toMatchObject({ code: 1 });
      // A new setup link too (this server has no operator yet), at the address start-up prints.
      const link = await run('npx', ['tsx', 'api/settings/setupLinkCli.ts'], { env });
      expect(link.stdout).toMatch(/http:\/\/localhost:\d+\/setup\?token=[\w-]+/);
    } finally {
      commands?.close();
      await server.close();
    }
  }, 60_000);
});
