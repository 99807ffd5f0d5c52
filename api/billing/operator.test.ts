import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db';
import { testDatabaseUrl } from '../../tests/support/server';

const run = promisify(execFile);
// The scripts run as an operator would, on their own database: a fresh embedded one (or the test Postgres).
const dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-operator-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: testDatabaseUrl() ?? '',
  LOG_LEVEL: 'silent',
};
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function tierOf(username: string) {
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir });
  try {
    return (
      await db.pool.query(
        'SELECT subscription_tier, subscription_active FROM users WHERE username = $1',
        [username],
      )
    ).rows[0];
  } finally {
    await db.close();
  }
}

describe('npm run grant-pro / revoke-pro', () => {
  it('gives and takes Pro by username, and says when there is no such user', async () => {
    const username = `op_${crypto.randomUUID().slice(0, 8)}`;
    const db = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir });
    await db.pool.query(`INSERT INTO users (username, email, password) VALUES ($1, $2, 'x')`, [
      username,
      `${username}@example.com`,
    ]);
    await db.close();

    const granted = await run('npx', ['tsx', 'api/billing/operator.ts', 'grant', username], {
      env,
    });
    expect(granted.stdout).toContain(`Granted Pro for '${username}'`);
    expect(await tierOf(username)).toEqual({
      subscription_tier: 'pro',
      subscription_active: 'true',
    });

    await run('npx', ['tsx', 'api/billing/operator.ts', 'revoke', username], { env });
    expect(await tierOf(username)).toEqual({
      subscription_tier: 'none',
      subscription_active: 'false',
    });

    await expect(
      run('npx', ['tsx', 'api/billing/operator.ts', 'grant', 'nobody_here'], { env }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No user named 'nobody_here'"),
    });
  }, 60_000);
});
