// The production server is the bundle `npm run build:server` writes (vite.server.config.ts), run by
// plain node. This builds it into a folder of its own and starts it as `npm run serve` does.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../tests/support/client';
import { uniqueCredentials } from '../tests/factories/users';
import { eventually } from '../tests/factories/chats';

const ROOT = resolve(import.meta.dirname, '..');
let outDir: string;
let child: ChildProcess | undefined;
let url: string;
let output = '';

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

beforeAll(async () => {
  // Inside the project, as dist/server is: the bundle loads its packages from node_modules.
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  outDir = mkdtempSync(join(ROOT, 'dist', 'server-test-'));
  await build({
    configFile: join(ROOT, 'vite.server.config.ts'),
    root: ROOT,
    logLevel: 'silent',
    build: { outDir },
  });
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--enable-source-maps', join(outDir, 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((ready, fail) => {
    child!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Pitchpad is running')) ready();
    });
    child!.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child!.once('exit', (code) =>
      fail(new Error(`the compiled server exited with ${code}:\n${output}`)),
    );
  });
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child!.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the compiled server (node dist/server/main.js)', () => {
  it('is one ES module with a source map, and leaves the npm packages to node_modules', () => {
    expect(existsSync(join(outDir, 'main.js'))).toBe(true);
    expect(existsSync(join(outDir, 'main.js.map'))).toBe(true);
  });

  it('starts on the embedded database, migrated, and answers /api/health', async () => {
    expect(output).toContain(`Pitchpad is running at ${url}`);
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('finds the files beside its sources: the common-password list and the built PWA', async () => {
    const res = await new TestClient(url).post('/api/auth/register', {
      ...uniqueCredentials(),
      password: 'password123',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('most common');
    const page = await fetch(`${url}/`);
    // web/dist is there once `vite build` has run; without it the server says how to build it.
    if (existsSync(join(ROOT, 'web', 'dist', 'index.html'))) expect(page.status).toBe(200);
    else expect(await page.text()).toContain('not built yet');
  });

  it('fresh: 1. prints a one-time setup link on a fresh install; whoever signs in and opens it becomes the operator, once', async () => {
    const link = await eventually(
      async () => /setup:\s+(http:\/\/\S+\/setup\?token=[\w-]+)/.exec(output)?.[1],
    );
    expect(link.startsWith(`${url}/setup?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;
    expect((await (await fetch(`${url}/api/setup/status`)).json()).operatorExists).toBe(false);

    const client = new TestClient(url);
    const creds = uniqueCredentials('operator');
    expect((await client.post('/api/auth/register', creds)).status).toBe(201);
    expect(
      (await client.post('/api/auth/login', { username: creds.username, password: creds.password }))
        .status,
    ).toBe(200);
    expect((await client.post('/api/setup/claim', { token })).status).toBe(200);
    expect((await client.get('/api/auth/user')).body.isOperator).toBe(true);
    expect((await client.get('/api/settings/model')).status).toBe(200);
    expect((await client.post('/api/setup/claim', { token })).body.code).toBe('operator_exists');
  });
});
