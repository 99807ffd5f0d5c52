import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig, type Config } from '../../api/config';
import { createApp } from '../../api/app';
import { openDatabase, type Pool } from '../../api/db';
import { IN_MEMORY } from '../../db/embedded';

export interface TestServer {
  url: string;
  pool: Pool;
  config: Config;
  close(): Promise<void>;
}

/** The Postgres the API tests use: TEST_DATABASE_URL, else DATABASE_URL, else a fresh in-memory PGlite. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/**
 * The real app over real HTTP on 127.0.0.1, against a real database. Each test file starts one;
 * tests make their own users with factories, so they share nothing and need no cleanup.
 */
export async function startTestServer(env: Record<string, string> = {}, opts: { webDist?: string } = {}): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Each TestClient sends its own X-Forwarded-For, so IP rate limits don't leak between tests.
    TRUST_PROXY: 'true',
    DATA_DIR: IN_MEMORY,
    DATABASE_URL: testDatabaseUrl(),
    ...env,
  });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = createApp({ config, pool: db.pool, webDist: opts.webDist });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pool: db.pool,
    config,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    },
  };
}
