/**
 * What the page benches share: Chromium dressed as a phone, and a fresh rep signed in through the
 * API (a page's `request` shares its context's cookies, so the page is signed in too).
 */
import { spawnSync } from 'node:child_process';
import { chromium, type APIRequestContext, type Browser } from '@playwright/test';
import { uniqueCredentials } from '../factories/users';
import { startServerProcess, type ServerProcess } from './serverProcess';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A mid-size phone's screen, touch and mobile layout: what the benches measure the app on. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const;

/** Lighthouse's mobile preset as devtools throttling applies it: slow 4G. */
export const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

/** Headless Chromium without a sandbox or GPU (neither is there on CI), plus `args`. */
export function launchChromium(args: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', ...args],
  });
}

/** The token every API write must carry in `x-csrf-token`. */
export async function csrfToken(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/csrf-token');
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

/** Registers 'Bench Rep' with fresh credentials (`label` names them) and signs them in. */
export async function signInBenchRep(request: APIRequestContext, label: string): Promise<void> {
  const account = { name: 'Bench Rep', ...uniqueCredentials(label) };
  await request.post('/api/auth/register', {
    data: account,
    headers: { 'x-csrf-token': await csrfToken(request) },
  });
  const login = await request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
    headers: { 'x-csrf-token': await csrfToken(request) },
  });
  if (login.status() !== 200) throw new Error(`login failed: ${login.status()}`);
}

/** Builds the web app the page benches open, unless BENCH_WEB_SKIP_BUILD says it is built already. */
export function buildWebApp(): void {
  if (process.env.BENCH_WEB_SKIP_BUILD) return;
  const build = spawnSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('vite build failed');
}

/**
 * The app as it runs in production (api/main.ts, its own process) on `port`, its data in memory,
 * and `env` besides (`benchModel` for a connected model).
 */
export function startBenchApp(port: number, env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({
    entry: 'api/main.ts',
    port,
    readyPath: '/api/health',
    readyTimeoutMs: 120_000,
    env: { DATA_DIR: 'memory://', DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
  });
}

export { benchModel } from './serverProcess';
