import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig, type Config } from '../../api/config';
import { createApp } from '../../api/app';
import type { CalendarJobs } from '../../api/calendar/calendarJobs';
import { openDatabase, type Pool } from '../../api/db';
import type { Logger } from '../../api/log';
import { IN_MEMORY } from '../../db/embedded';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai';
import { startMailCatcher, type MailCatcher } from '../fakes/smtp';
import { ownDatabase } from './ownDatabase';

export interface TestServer {
  url: string;
  pool: Pool;
  config: Config;
  /** The app's calendar work (briefs, reminders), which main.ts runs on a timer: a test runs a turn. */
  calendarWork: CalendarJobs;
  close(): Promise<void>;
}

/**
 * A server whose Pro is sold (a payment provider is configured), so the Pro gate holds for a free
 * account: without payments, every account gets every tool by default. Its Stripe API is a closed
 * port on loopback: a test that reached for Stripe would fail at once, never call out.
 */
export const PAYMENTS_ON: Record<string, string> = {
  STRIPE_SECRET_KEY: 'sk_test_gate',
  STRIPE_PRICE_ID: 'price_gate',
  STRIPE_API_URL: 'http://127.0.0.1:9',
};

/** The Postgres the API tests use: TEST_DATABASE_URL, else DATABASE_URL, else a fresh in-memory PGlite. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/**
 * The real app over real HTTP on 127.0.0.1, against a real database. Each test file starts one;
 * tests make their own users with factories, so they share nothing and need no cleanup.
 * `opts.log`: the app's logger (tests/support/logs.ts reads what it wrote); `opts.prepare`: what
 * main.ts does to the configuration before the app starts (the local model probe);
 * `opts.ownDatabase`: a database of the server's own (tests/support/ownDatabase.ts), dropped when it
 * closes, for a test that changes what there is one of per database.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: {
    webDist?: string;
    log?: Logger;
    prepare?: (config: Config) => Promise<Config>;
    ownDatabase?: boolean;
  } = {},
): Promise<TestServer> {
  const own = opts.ownDatabase ? await ownDatabase(testDatabaseUrl()) : undefined;
  const loaded = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Each TestClient sends its own X-Forwarded-For, so IP rate limits don't leak between tests.
    TRUST_PROXY: 'true',
    DATA_DIR: IN_MEMORY,
    DATABASE_URL: own ? own.url : testDatabaseUrl(),
    ...env,
  });
  const config = opts.prepare ? await opts.prepare(loaded) : loaded;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = createApp({ config, pool: db.pool, webDist: opts.webDist, log: opts.log });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pool: db.pool,
    config,
    calendarWork: app.calendarWork,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await db.close();
      await own?.drop();
    },
  };
}

export interface AppInstance extends TestServer {
  /**
   * Stop this instance as a killed process stops: its connections drop and it writes nothing more to
   * the database (every query it makes from now on fails), while the others go on.
   */
  kill(): Promise<void>;
  /**
   * Cut this instance off from the database (a network split, a stalled pool) while it goes on
   * serving: every query fails until `restore()`.
   */
  loseDatabase(): { restore(): void };
}

/** What the database sees of a killed or cut-off process: nothing more. Its work in flight fails on its next query. */
const unreachableQuery = () => Promise.reject(new Error('this instance cannot reach the database'));

/**
 * `count` instances of the app on ONE database, as several processes behind a load balancer run:
 * each its own HTTP server and app, all answering with one fake model server. On the embedded
 * PGlite (one process's database) they share its pool; with TEST_DATABASE_URL they share Postgres.
 * For a test file's `beforeAll`; `close()` stops everything.
 */
export async function startAppInstances(
  count: number,
  env: Record<string, string> = {},
): Promise<{ instances: AppInstance[]; pool: Pool; fake: FakeOpenAI; close(): Promise<void> }> {
  const fake = await startFakeOpenAI();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    TRUST_PROXY: 'true',
    DATA_DIR: IN_MEMORY,
    DATABASE_URL: testDatabaseUrl(),
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    LLM_MODELS: 'gpt-4o',
    LLM_TIMEOUT_MS: '5000',
    ...env,
  });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const instances: AppInstance[] = [];
  for (let i = 0; i < count; i++) {
    let reachable = true;
    const pool = new Proxy(db.pool, {
      get(target, prop) {
        if (!reachable && (prop === 'query' || prop === 'connect')) return unreachableQuery;
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const app = createApp({ config, pool });
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const stop = async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    };
    instances.push({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      pool: db.pool,
      config,
      calendarWork: app.calendarWork,
      close: () => (server.listening ? stop() : Promise.resolve()),
      async kill() {
        reachable = false;
        await stop();
      },
      loseDatabase() {
        reachable = false;
        return {
          restore: () => {
            reachable = true;
          },
        };
      },
    });
  }
  return {
    instances,
    pool: db.pool,
    fake,
    async close() {
      await Promise.all(instances.map((i) => i.close()));
      await db.close();
      await fake.close();
    },
  };
}

export interface ModelTestServer extends TestServer {
  /** The fake OpenAI-compatible model server the app answers with. */
  fake: FakeOpenAI;
}

/**
 * `startTestServer` answering with the fake model server (tests/fakes/openai.ts) on loopback;
 * `close()` stops both. For a test file's `beforeAll`. `opts.ownDatabase` as for startTestServer.
 */
export async function startModelTestServer(
  env: Record<string, string> = {},
  opts: { ownDatabase?: boolean } = {},
): Promise<ModelTestServer> {
  const fake = await startFakeOpenAI();
  const server = await startTestServer(
    {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      LLM_MODELS: 'gpt-4o',
      LLM_TIMEOUT_MS: '5000',
      ...env,
    },
    opts,
  );
  return {
    ...server,
    fake,
    async close() {
      await server.close();
      await fake.close();
    },
  };
}

/**
 * Another instance of the app on `server`'s database, as a second process behind a load balancer:
 * with a Postgres server (TEST_DATABASE_URL) its own pool; with the in-memory PGlite, which only its
 * own process can reach, a second app over the same pool. Shares no memory with the first app.
 */
export async function startAnotherInstance(server: TestServer): Promise<TestServer> {
  const db = server.config.databaseUrl
    ? await openDatabase({ databaseUrl: server.config.databaseUrl, dataDir: server.config.dataDir })
    : undefined;
  const pool = db?.pool ?? server.pool;
  const app = createApp({ config: server.config, pool });
  const http: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pool,
    config: server.config,
    calendarWork: app.calendarWork,
    async close() {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await db?.close();
    },
  };
}

export interface MailTestServer extends TestServer {
  /** The SMTP server on loopback that catches the app's mail. */
  mail: MailCatcher;
}

/**
 * `startTestServer` sending its mail from `from` to a mail catcher (tests/fakes/smtp.ts) on
 * loopback; `close()` stops both. For a test file's `beforeAll`.
 */
export async function startMailTestServer(from: string): Promise<MailTestServer> {
  const mail = await startMailCatcher();
  const server = await startTestServer({ SMTP_URL: mail.url, MAIL_FROM: from });
  return {
    ...server,
    mail,
    async close() {
      await server.close();
      await mail.close();
    },
  };
}
