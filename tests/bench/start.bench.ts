// `npm run bench` (start-up part): how long the server takes from spawn to ready, and how much
// memory the whole process tree holds once idle, run as TypeScript through tsx (`npm run dev`'s way,
// and formerly `npm start`'s) and as the compiled bundle under plain node (`npm start`),
// on the embedded database (a data folder on disk, measured after its first run created it) and on
// Postgres (a throwaway database, dropped at the end). Figures, not tests: nothing is asserted.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../api/db';
import { EMBEDDED_TEMPLATE_DIR, TEMPLATE_STAMP } from '../../db/embedded';
import { fillChats } from './fillChats';

const RUNS = 3;
const IDLE_MS = 5_000;
const READY_TIMEOUT_MS = 60_000;
const COMPILED_SERVER = 'dist/server/main.js';

interface Runner {
  name: string;
  command: string[];
}

interface Sample {
  /** Spawn to the 'Pitchpad is running' line. */
  readyMs: number;
  /** Spawn to the first 200 from /api/health. */
  healthMs: number;
  /** RSS of the process and all its children after IDLE_MS idle, in MiB. */
  rssMiB: number;
}

const runners: Runner[] = [
  { name: 'tsx api/main.ts', command: ['node_modules/.bin/tsx', 'api/main.ts'] },
];
if (existsSync('vite.server.config.ts')) {
  // Measure the code as it is now, not a stale bundle.
  execFileSync(
    'node_modules/.bin/vite',
    ['build', '--config', 'vite.server.config.ts', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
}
if (existsSync(COMPILED_SERVER))
  runners.push({
    name: `node ${COMPILED_SERVER}`,
    command: [process.execPath, '--enable-source-maps', COMPILED_SERVER],
  });

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The pid and every descendant of it, from /proc (Linux). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the parent pid is the 2nd field after it.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* the process ended while we looked */
    }
  }
  const out: number[] = [];
  const visit = (pid: number) => {
    out.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return out;
}

function rssMiB(pids: number[]): number {
  let kib = 0;
  for (const pid of pids) {
    try {
      const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
      kib += Number(match?.[1] ?? 0);
    } catch {
      /* gone */
    }
  }
  return kib / 1024;
}

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (performance.now() < deadline) {
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no 200 from /api/health in time');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const pid of processTree(child.pid!).toReversed()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

async function measure(runner: Runner, env: Record<string, string>): Promise<Sample> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const [command, ...args] = runner.command;
  const child = spawn(command!, args, {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    const ready = new Promise<number>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Pitchpad is running')) resolve(performance.now() - started);
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) =>
        reject(new Error(`exited with ${code} before it was ready:\n${output}`)),
      );
    });
    const deadline = started + READY_TIMEOUT_MS;
    const [readyMs] = await Promise.all([ready, waitForHealth(url, deadline)]);
    const healthMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { readyMs, healthMs, rssMiB: rssMiB(processTree(child.pid!)) };
  } finally {
    await stop(child);
  }
}

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const fmt = (xs: number[], unit: string) =>
  `${median(xs).toFixed(0).padStart(6)} ${unit} (${xs.map((x) => x.toFixed(0)).join(', ')})`;

function report(label: string, samples: Sample[]) {
  console.log(
    `${label.padEnd(50)} ready ${fmt(
      samples.map((s) => s.readyMs),
      'ms',
    )}  health 200 ${fmt(
      samples.map((s) => s.healthMs),
      'ms',
    )}  idle RSS ${fmt(
      samples.map((s) => s.rssMiB),
      'MiB',
    )}`,
  );
}

/** Opens the data folder as the server does, and writes `count` messages of a rep into it. */
async function fillMessages(dataDir: string, count: number): Promise<void> {
  const db = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await fillChats(db.pool, count / 40, 40);
  } finally {
    await db.close();
  }
}

async function bench(database: string, env: Record<string, string>) {
  for (const runner of runners) {
    const samples: Sample[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await measure(runner, env));
    report(`${runner.name}, ${database}`, samples);
  }
}

console.log(
  `Start-up and idle memory, median of ${RUNS} runs (each run's figures in brackets); RSS of the whole process tree after ${IDLE_MS / 1000} s idle.`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-start-bench-'));
try {
  // A first run on an empty folder fills it: from the ready folder the build made
  // (db/makeTemplate.ts), or else by initdb and every migration. Reported on its own, per runner,
  // each on a folder of its own; the last one's folder is the one the runs below start on.
  const template = existsSync(join(EMBEDDED_TEMPLATE_DIR, TEMPLATE_STAMP))
    ? 'copies the ready folder'
    : 'no ready folder: initdb and migrations';
  for (const [i, runner] of runners.entries()) {
    const folder =
      i === runners.length - 1 ? dataDir : mkdtempSync(join(tmpdir(), 'pitchpad-start-first-'));
    const first = await measure(runner, { DATA_DIR: folder });
    console.log(
      `${`${runner.name}, first run on an empty folder`.padEnd(50)} ready ${first.readyMs.toFixed(0).padStart(6)} ms   (${template})`,
    );
    if (folder !== dataDir) rmSync(folder, { recursive: true, force: true });
  }
  await bench('embedded PGlite on disk', { DATA_DIR: dataDir });
  // The same folder holding a working rep's history: 250 chats of 40 messages.
  await fillMessages(dataDir, 10_000);
  await bench('embedded, 10,000 messages', { DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const pg = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: process.env.PGPORT ?? '5432',
  user: process.env.PGUSER ?? 'postgres',
};
const database = `pitchpad_start_bench_${process.pid}`;
const psql = (sql: string) =>
  execFileSync(
    'psql',
    [
      '-h',
      pg.host,
      '-p',
      pg.port,
      '-U',
      pg.user,
      '-d',
      'postgres',
      '-v',
      'ON_ERROR_STOP=1',
      '-qc',
      sql,
    ],
    { stdio: 'pipe' },
  );
let created = false;
try {
  psql(`CREATE DATABASE ${database}`);
  created = true;
} catch (err) {
  console.log(
    `Postgres: skipped (could not create a database at ${pg.host}:${pg.port}: ${(err as Error).message.split('\n')[0]})`,
  );
}
if (created) {
  try {
    const env = { DATABASE_URL: `postgres://${pg.user}@${pg.host}:${pg.port}/${database}` };
    await measure(runners[0]!, env); // migrates the fresh database, so every measured run starts alike
    await bench('Postgres', env);
  } finally {
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}
