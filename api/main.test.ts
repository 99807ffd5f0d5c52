// The production server is the bundle `npm run build:server` writes (vite.server.config.ts), run by
// plain node. This builds it into a folder of its own and starts it as `npm run serve` does.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../domain/contract/errors';
import { TestClient } from '../tests/support/client';
import { uniqueCredentials } from '../tests/factories/users';
import { buildSend, eventually } from '../tests/factories/chats';

const ROOT = resolve(import.meta.dirname, '..');
let outDir: string;
let devServer: Started | undefined;
let url: string;
const output = () => devServer!.output();

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** A running compiled server: its address and what it has printed so far. */
interface Started {
  child: ChildProcess;
  url: string;
  port: number;
  output(): string;
}

/** Start the compiled server as `npm run serve` does, in development unless `env` says otherwise. */
async function startServer(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  let printed = '';
  const started = spawn(process.execPath, ['--enable-source-maps', join(outDir, 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      SESSION_SECRET: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((ready, fail) => {
    started.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('Pitchpad is running')) ready();
    });
    started.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    started.once('exit', (code) =>
      fail(new Error(`the compiled server exited with ${code}:\n${printed}`)),
    );
  });
  return { child: started, url: `http://127.0.0.1:${port}`, port, output: () => printed };
}

/** What the start-up line `secret:` says (printed after the line `startServer` waits for). */
const secretLine = (server: Started) =>
  eventually(async () => /secret:\s+(.+)/.exec(server.output())?.[1]);

/** Stop a started server as Ctrl-C or a service manager does, and wait until it has exited. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  await exited;
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
  devServer = await startServer({});
  url = devServer.url;
}, 60_000);

afterAll(async () => {
  if (devServer) await stopServer(devServer.child);
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the compiled server (node dist/server/main.js)', () => {
  it('is one ES module with a source map, and leaves the npm packages to node_modules', () => {
    expect(existsSync(join(outDir, 'main.js'))).toBe(true);
    expect(existsSync(join(outDir, 'main.js.map'))).toBe(true);
  });

  it('starts on the embedded database, migrated, and answers /api/health', async () => {
    expect(output()).toContain('Pitchpad is running at');
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

  it('prints a one-time setup link on a fresh install; whoever signs in and opens it becomes the operator, once', async () => {
    const link = await eventually(
      async () => /setup:\s+(http:\/\/\S+\/setup\?token=[\w-]+)/.exec(output())?.[1],
    );
    expect(link.startsWith(`http://localhost:${devServer!.port}/setup?token=`)).toBe(true);
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

describe('the address start-up prints', () => {
  it('names a loopback address localhost, since browsers refuse passkeys on 127.0.0.1', () => {
    const { port } = devServer!;
    expect(output()).toContain(`Pitchpad is running at http://localhost:${port}\n`);
    expect(output()).not.toContain(`127.0.0.1:${port}`);
  });

  it('is APP_URL when it is set, for the running line and the setup link alike', async () => {
    const server = await startServer({
      APP_URL: 'https://pitchpad.example.com',
      LOCAL_LLM_URL: 'off',
    });
    try {
      expect(server.output()).toContain('Pitchpad is running at https://pitchpad.example.com\n');
      const link = await eventually(async () => /setup:\s+(\S+)/.exec(server.output())?.[1]);
      expect(link.startsWith('https://pitchpad.example.com/setup?token=')).toBe(true);
    } finally {
      await stopServer(server.child);
    }
  });
});

describe('the secret of a server started without SESSION_SECRET', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-secret-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('development makes one in DATA_DIR once (mode 0600) and says where; the next start uses it again, so a signed-in CSRF token from before the restart is still accepted', async () => {
    const file = join(dataDir, 'session-secret');
    const env = { DATA_DIR: dataDir, LOCAL_LLM_URL: 'off' };
    const first = await startServer(env);
    let client: TestClient;
    let token: string;
    let secret: string;
    try {
      expect(await secretLine(first)).toBe(`${file}, made now (SESSION_SECRET is not set)`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      secret = readFileSync(file, 'utf8').trim();
      expect(secret).toMatch(/^[\w-]{43}$/);
      // Only the secret is left beside the database: no candidate file of the atomic write.
      expect(readdirSync(dataDir).filter((f) => f.startsWith('session-secret'))).toEqual([
        'session-secret',
      ]);

      client = new TestClient(first.url);
      const creds = uniqueCredentials();
      expect((await client.post('/api/auth/register', creds)).status).toBe(201);
      expect(
        (
          await client.post('/api/auth/login', {
            username: creds.username,
            password: creds.password,
          })
        ).status,
      ).toBe(200);
      token = await client.token();
    } finally {
      await stopServer(first.child);
    }

    const second = await startServer(env);
    try {
      expect(await secretLine(second)).toBe(
        `${file}, made on the first start (SESSION_SECRET is not set)`,
      );
      expect(readFileSync(file, 'utf8').trim()).toBe(secret);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const sent = await client.at(second.url).post('/api/chat', buildSend('After a restart'), {
        csrf: false,
        headers: { [CSRF_HEADER]: token },
      });
      expect(sent.status).toBe(200);
    } finally {
      await stopServer(second.child);
    }
  }, 60_000);

  it('production without SESSION_SECRET still refuses to start, and writes no secret', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'pitchpad-production-'));
    try {
      await expect(
        startServer({
          NODE_ENV: 'production',
          APP_URL: 'https://pitchpad.example.com',
          DATA_DIR: empty,
          LOCAL_LLM_URL: 'off',
        }),
      ).rejects.toThrow(
        /exited with 1:\s+Invalid environment:\s+SESSION_SECRET: required in production/,
      );
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
