import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import type { NewAccount } from '../pages/AuthPage';
import { csrfToken, registerAndLogIn } from '../pages/session';
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
 * `clientIp`, so the sign-up limit counts it apart) and granted Pro as an operator does from the
 * shell: `npm run grant-pro`, beside the running server. With `operator`, it also opens the setup
 * link printed at start-up and so runs the server. Call from a `beforeAll` with a long timeout.
 */
export async function startBareServer(
  port: number,
  {
    proAccount,
    clientIp,
    operator = false,
  }: { proAccount: NewAccount; clientIp: string; operator?: boolean },
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
    if (operator) {
      const token = /\/setup\?token=([\w-]+)/.exec(server.log)?.[1];
      if (!token) throw new Error(`no setup link in the start-up lines:\n${server.log}`);
      const claimed = await api.post('/api/setup/claim', {
        data: { token },
        headers: { 'x-csrf-token': await csrfToken(api) },
      });
      if (!claimed.ok()) throw new Error(`setup claim failed: ${claimed.status()}`);
    }
    await api.dispose();
    await server.operator('grant', proAccount.username);
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, stop };
}
