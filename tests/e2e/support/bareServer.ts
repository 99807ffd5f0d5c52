import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import type { NewAccount } from '../pages/AuthPage';
import { registerAndLogIn } from '../pages/session';
import { AppServer } from './appServer';

/** Where a bare server looks for a local model server: a port of the suite's range nothing listens on. */
const NOTHING_LISTENS = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8091) + 9}/v1`;

/** A bare server of a spec's own, and how to end it. */
export interface BareServer {
  server: AppServer;
  /** Kills the server and deletes its database. */
  stop(): Promise<void>;
}

/**
 * Starts a server as a fresh install runs it: no model configured (and nothing at the local model
 * address), no Stripe keys, its own database in a temporary folder. `proAccount` is registered (from
 * `clientIp`, so the sign-up limit counts it apart) and made Pro the way such an operator gives Pro:
 * `npm run grant-pro` while the server is stopped. Call from a `beforeAll` with a long timeout.
 */
export async function startBareServer(
  port: number,
  { proAccount, clientIp }: { proAccount: NewAccount; clientIp: string },
): Promise<BareServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-bare-'));
  const server = new AppServer(port, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    APP_URL: `http://127.0.0.1:${port}`,
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
    LLM_MODELS: undefined,
    LOCAL_LLM_URL: NOTHING_LISTENS,
    STRIPE_SECRET_KEY: undefined,
    STRIPE_PUBLISHABLE_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
    STRIPE_PRICE_ID: undefined,
    STRIPE_API_URL: undefined,
  });
  const stop = async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await server.start();
    const api = await playwrightRequest.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { 'x-forwarded-for': clientIp },
    });
    await registerAndLogIn(api, proAccount);
    await api.dispose();
    await server.kill();
    await server.operator('grant', proAccount.username);
    await server.start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, stop };
}
