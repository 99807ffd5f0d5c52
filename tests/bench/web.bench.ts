// `npm run bench:web`: a phone's first visit, as Lighthouse 12.8 measures it. Builds (`npm run
// build`), starts the server with `npm run serve` on a free port over an in-memory database, and runs
// Lighthouse with its default mobile preset (simulated slow 4G: 150 ms RTT, 1.6 Mbps; a 4× slower
// CPU) on each page, 3 runs each, with the system Chromium. Prints the median of each figure.
// Figures, not a test: it exits 0 whatever they are. CI does not run it (Lighthouse is a dev
// dependency and needs Chromium). Runs vary by several points on a busy machine; compare medians.
//   BENCH_WEB_RUNS=3  runs per page       BENCH_WEB_SKIP_BUILD=1  serve the build already in web/dist
//   CHROMIUM_PATH=/usr/bin/chromium       BENCH_WEB_PAGES=/,/about  the pages to measure
//   BENCH_WEB_DETAIL=1  also print each run's long tasks and the scripts' main-thread time (what to fix)
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { waitForOk } from './serverProcess';

const PAGES = (process.env.BENCH_WEB_PAGES ?? '/,/about,/pricing,/auth').split(',');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_VERSION = (
  createRequire(import.meta.url)('lighthouse/package.json') as { version: string }
).version;

interface Figures {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  mainThreadMs: number;
  transferKiB: number;
}

let server: ChildProcess | undefined;
let chrome: LaunchedChrome | undefined;

/** Stop what this script started: the server's whole process group (npm → node) and Chromium. */
function cleanUp(): void {
  if (server?.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  server = undefined;
  void chrome?.kill();
  chrome = undefined;
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

/** Run an npm script to its end, echoing its output; answers what it printed. */
function runNpm(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`npm run ${script} exited with ${code}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

/** `npm run serve` as the README runs it, in its own process group so it can be stopped whole. */
async function startServer(port: number): Promise<string> {
  server = spawn('npm', ['run', '--silent', 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(`${url}/api/health`, 60_000);
  return url;
}

async function measure(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError)
    throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  if (process.env.BENCH_WEB_DETAIL) printDetail(url, audits);
  const score = (id: string) => Math.round((categories[id]?.score ?? Number.NaN) * 100);
  return {
    performance: score('performance'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    mainThreadMs: value('mainthread-work-breakdown'),
    transferKiB: value('total-byte-weight') / 1024,
  };
}

/** A script's URL without the server's origin. */
const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];

/** The run's long tasks (start, duration, script) and the scripts that kept the main thread busy. */
function printDetail(url: string, audits: Audits): void {
  const items = (id: string) =>
    (audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  process.stderr.write(
    `  ${url}: TBT ${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms\n`,
  );
  for (const task of items('long-tasks'))
    process.stderr.write(
      `    long task at ${Math.round(Number(task.startTime))} ms: ${Math.round(Number(task.duration))} ms ${short(task.url)}\n`,
    );
  for (const script of items('bootup-time').slice(0, 6))
    process.stderr.write(
      `    script ${short(script.url)}: ${Math.round(Number(script.scripting))} ms scripting, ${Math.round(Number(script.scriptParseCompile))} ms parse\n`,
    );
  for (const group of items('mainthread-work-breakdown'))
    process.stderr.write(
      `    ${String(group.groupLabel)}: ${Math.round(Number(group.duration))} ms\n`,
    );
}

/** Lighthouse now and then fails to record the trace (NO_NAVSTART, NO_FCP): such a run is taken again. */
async function measureWithRetry(url: string, port: number, attempts = 3): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, port);
    } catch (error) {
      if (attempt >= attempts || !/NO_NAVSTART|NO_FCP/.test(String(error))) throw error;
      process.stderr.write(`  ${url}: ${String(error).slice(0, 80)}… again\n`);
    }
  }
}

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Each figure's own median over the runs. */
function medianOf(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]!) as Array<keyof Figures>;
  return Object.fromEntries(
    keys.map((k) => [k, median(runs.map((r) => r[k]))]),
  ) as unknown as Figures;
}

function printTable(rows: Array<[string, Figures]>): void {
  const header = [
    'page',
    'perf',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'a11y',
    'best-pr',
    'main thread',
    'transfer',
  ];
  const cells = rows.map(([page, f]) => [
    page,
    String(f.performance),
    `${(f.fcpMs / 1000).toFixed(1)} s`,
    `${(f.lcpMs / 1000).toFixed(1)} s`,
    `${f.tbtMs.toFixed(0)} ms`,
    f.cls.toFixed(3),
    String(f.accessibility),
    String(f.bestPractices),
    `${(f.mainThreadMs / 1000).toFixed(1)} s`,
    `${f.transferKiB.toFixed(0)} KiB`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const c of cells) console.log(line(c));
}

const buildOutput = process.env.BENCH_WEB_SKIP_BUILD ? '' : await runNpm('build');
// The build's own report (vite.config.ts, landingSizePlugin), when it printed one.
const landingJs = /Landing page JS \(gzip\)[\s\S]*?total\s+([\d.]+) kB/.exec(buildOutput)?.[1];

const base = await startServer(await freePort());
chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox'] });
const rows: Array<[string, Figures]> = [];
for (const page of PAGES) {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await measureWithRetry(base + page, chrome.port));
    process.stderr.write(
      `  ${page} run ${i + 1}/${RUNS}: performance ${runs.at(-1)!.performance}\n`,
    );
  }
  rows.push([page, medianOf(runs)]);
}

console.log(
  `\nLighthouse ${LIGHTHOUSE_VERSION}, mobile preset (simulated slow 4G, 4× CPU), median of ${RUNS} runs per page, against npm run serve:`,
);
printTable(rows);
if (landingJs) console.log(`landing page JS, gzip (the build's report): ${landingJs} kB`);
console.log(
  'main thread: mainthread-work-breakdown; transfer: total-byte-weight (everything the page fetched). A busy machine lowers the scores.',
);
cleanUp();
process.exit(0);
