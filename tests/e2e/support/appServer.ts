import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * An app server of a test's own (the compiled `api/main.ts`, as playwright.config.ts's webServer runs it),
 * for stories the shared one cannot tell: a server that dies and comes back, a server set up
 * otherwise (no Stripe keys, no model). Its database lives on disk in `DATA_DIR`, so what it stored
 * survives a restart on the same port. An `undefined` in `env` removes that variable.
 */
export class AppServer {
  #process: ChildProcess | null = null;
  #log = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string | undefined>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and waits until it answers /api/health. */
  async start(): Promise<void> {
    // The compiled server `npm start` runs, built by `npm run test:e2e`: it starts in a fraction of
    // the time tsx takes to compile the sources, and the process killed is the server itself.
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      env: this.#childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.#log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.#log += chunk.toString()));
    this.#process = child;
    const until = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`the app server exited (${child.exitCode}):\n${this.#log}`);
      const up = await fetch(`${this.url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) return;
      if (Date.now() > until) throw new Error(`the app server did not start:\n${this.#log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Kills it at once (SIGKILL): no shutdown, no last write, as a crash or a pulled plug. */
  async kill(): Promise<void> {
    const child = this.#process;
    this.#process = null;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  get log(): string {
    return this.#log;
  }

  /**
   * Runs the operator's `npm run grant-pro` / `revoke-pro` (api/billing/operator.ts) on this
   * server's database. With the embedded database, stop the server first: one process opens it.
   */
  async operator(action: 'grant' | 'revoke', username: string): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'api/billing/operator.ts', action, username],
        { env: this.#childEnv() },
        (error, stdout, stderr) =>
          error
            ? reject(new Error(`${action}-pro failed: ${stderr || error.message}`))
            : resolve(stdout),
      );
    });
  }

  #childEnv(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(this.port), HOST: '127.0.0.1' };
    for (const [key, value] of Object.entries(this.env)) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
    return env;
  }
}
