// The server as its own process for the benches, as in production: the load generator and the fake
// upstream (in the bench's process) do not share its event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { uniqueCredentials } from '../factories/users';
import { TestClient } from '../support/client';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Wait until `url` answers 200, or throw after `timeoutMs`. */
export async function waitForOk(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Run a TypeScript entry point (`api/main.ts`, or the bench's bare server) on 127.0.0.1:`port` with
 * `env`, and wait for `readyPath`. `nodeArgs` go before the loader (e.g. --cpu-prof).
 */
export async function startServerProcess(opts: {
  entry: string;
  port: number;
  env: Record<string, string>;
  readyPath: string;
  nodeArgs?: string[];
  readyTimeoutMs?: number;
}): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${opts.port}`;
  // Node itself (not npx) so killing the child stops the server.
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', opts.entry], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(opts.port), ...opts.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping = false;
  child.once('exit', (code) => {
    if (!stopping) {
      console.error(
        `${opts.entry} exited with ${code} (is port ${opts.port} taken? set BENCH_PORT)`,
      );
      process.exit(1);
    }
  });
  process.once('exit', () => child.kill('SIGTERM'));
  await waitForOk(url + opts.readyPath, opts.readyTimeoutMs);
  return {
    url,
    child,
    async stop() {
      stopping = true;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The settings that connect the app to the fake model at `url`, with gpt-4o alone. */
export const benchModel = (url: string) => ({
  OPENAI_BASE_URL: url,
  OPENAI_API_KEY: 'sk-bench',
  LLM_MODELS: 'gpt-4o',
});

/**
 * The app as deployed on `port`: production mode (helmet's full headers, no dev defaults), its data
 * on `databaseUrl` (empty: an in-memory PGlite), behind a proxy that names each client (every bench
 * client sends its own X-Forwarded-For, so per-address limits stay apart).
 */
export const asDeployed = (port: number, databaseUrl: string) => ({
  NODE_ENV: 'production',
  APP_URL: `http://127.0.0.1:${port}`,
  SESSION_SECRET: 'bench-session-secret-bench-session-secret',
  DATA_DIR: 'memory://',
  DATABASE_URL: databaseUrl,
  TRUST_PROXY: 'true',
});

/**
 * CPU time the process `pid` has used in user space and in the kernel, in ms, from /proc (Linux
 * only; undefined elsewhere). Divided by the work done, a figure a busy shared machine disturbs far
 * less than a rate.
 */
export function processCpuMs(
  pid: number | undefined,
): { user: number; system: number } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks (USER_HZ = 100)
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return undefined;
  }
}

/** A fresh rep registered and signed in through the app's API at `url`. */
export async function signedInRep(url: string, label: string): Promise<TestClient> {
  const client = new TestClient(url);
  const creds = uniqueCredentials(label);
  await client.post('/api/auth/register', creds);
  const res = await client.post('/api/auth/login', {
    username: creds.username,
    password: creds.password,
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return client;
}
