// The server as its own process for the benches, as in production: the load generator and the fake
// upstream (in the bench's process) do not share its event loop.
import { spawn, type ChildProcess } from 'node:child_process';

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
