// `npm run bench` (overhead part): how many requests per second `GET /api/chats` serves for a user
// with 30 chats, against a bare node:http handler answering the very same bytes in the same run.
// Both run as their own processes; the load comes from tests/bench/load.ts over keep-alive
// connections, sending no Accept-Encoding, so both answer the same uncompressed bytes.
// Figures, not a test. On Postgres: DATABASE_URL=postgres://... npm run bench (else embedded PGlite).
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (node --cpu-prof), to see where the time goes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uniqueCredentials } from '../factories/users';
import { buildSend } from '../factories/chats';
import { TestClient } from '../support/client';
import { runLoad, type LoadResult } from './load';
import { asDeployed, processCpuMs, startServerProcess } from './serverProcess';

const CHATS = 30;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 8093);
const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';

/** CPU time (user + system) the process has used, in ms (processCpuMs). */
function cpuMsOf(pid: number | undefined): number | undefined {
  const cpu = processCpuMs(pid);
  return cpu && cpu.user + cpu.system;
}

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) =>
  xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

const profileDir = process.env.BENCH_CPU_PROF;
// As deployed: production mode (helmet's full headers, no dev defaults) and the default log level.
const app = await startServerProcess({
  entry: 'api/main.ts',
  port: PORT,
  readyPath: '/api/health',
  nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  env: {
    ...asDeployed(PORT, databaseUrl),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  },
});

// A user with 30 chats, made through the API (the offline drafter answers each send).
const user = new TestClient(app.url);
const creds = uniqueCredentials('bench');
await user.post('/api/auth/register', creds);
if (
  (await user.post('/api/auth/login', { username: creds.username, password: creds.password }))
    .status !== 200
)
  throw new Error('login failed');
for (let i = 0; i < CHATS; i++) {
  const res = await user.post(
    '/api/chat',
    buildSend(`Chat number ${i}: a cold email to a VP of Sales`),
  );
  if (res.status !== 200) throw new Error(`send ${i}: ${res.status} ${res.text}`);
}
const listed = await user.get('/api/chats');
if (listed.body.length !== CHATS)
  throw new Error(`expected ${CHATS} chats, got ${listed.body.length}`);

const dir = mkdtempSync(join(tmpdir(), 'pitchpad-bench-'));
const bodyFile = join(dir, 'chats.json');
writeFileSync(bodyFile, listed.text);
const bare = await startServerProcess({
  entry: 'tests/bench/bareServer.ts',
  port: PORT + 1,
  readyPath: '/',
  env: { BENCH_BODY_FILE: bodyFile },
});
// On Postgres, the bare handler again after one and after two round trips to the database (the
// app's: the session, then the list): the floor for any server that checks a session there.
const withQueries = databaseUrl
  ? await Promise.all(
      [1, 2].map(async (queries) => ({
        queries,
        server: await startServerProcess({
          entry: 'tests/bench/bareServer.ts',
          port: PORT + 1 + queries,
          readyPath: '/',
          env: {
            BENCH_BODY_FILE: bodyFile,
            BENCH_DATABASE_URL: databaseUrl,
            BENCH_QUERIES: String(queries),
          },
        }),
      })),
    )
  : [];

const cookie = [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
interface Round extends LoadResult {
  /** The server's CPU time per request, in µs. */
  cpuUs?: number;
}
async function load(
  server: { url: string; child: { pid?: number } },
  durationMs = ROUND_MS,
): Promise<Round> {
  const cpuBefore = cpuMsOf(server.child.pid);
  const result = await runLoad({
    url: server.url,
    path: '/api/chats',
    headers: { cookie, accept: 'application/json' },
    connections: CONNECTIONS,
    durationMs,
  });
  const cpuAfter = cpuMsOf(server.child.pid);
  return {
    ...result,
    cpuUs:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : ((cpuAfter - cpuBefore) * 1000) / result.requests,
  };
}

// Warm every server up (JIT, the pool's connections, prepared plans), then take them in turn each
// round, so a busy moment on this shared machine falls on all alike.
await load(bare, 1500);
for (const { server } of withQueries) await load(server, 1500);
const warm = await load(app, 1500);
if (!warm.firstBody.equals(Buffer.from(listed.text)))
  throw new Error('the app answered other bytes than the bare handler');
const bareRuns: Round[] = [];
const appRuns: Round[] = [];
const queryRuns: Round[][] = withQueries.map(() => []);
for (let i = 0; i < ROUNDS; i++) {
  bareRuns.push(await load(bare));
  for (const [k, { server }] of withQueries.entries()) queryRuns[k]!.push(await load(server));
  appRuns.push(await load(app));
}

const rpsOf = (runs: Round[]) => median(runs.map((r) => r.rps));
const bareRps = rpsOf(bareRuns);
const appRps = rpsOf(appRuns);
/** One server's line: its median req/s, latencies and CPU per request, then `extra`. */
function report(label: string, runs: Round[], extra = ''): void {
  const latencies = runs.flatMap((r) => r.latencies);
  const cpu =
    runs[0]?.cpuUs === undefined
      ? ''
      : `   server CPU ${median(runs.map((r) => r.cpuUs!)).toFixed(0)} µs/request`;
  console.log(
    `  ${label.padEnd(29)}${rpsOf(runs).toFixed(0).padStart(6)} req/s   p50 ${pct(latencies, 0.5).toFixed(2)} ms  p95 ${pct(latencies, 0.95).toFixed(2)} ms${cpu}${extra}`,
  );
}
console.log(
  `GET /api/chats, ${CHATS} chats (${listed.text.length} bytes, no Accept-Encoding), ${CONNECTIONS} keep-alive connections, median of ${ROUNDS} × ${ROUND_MS / 1000} s (${databaseUrl ? 'postgres' : 'embedded PGlite'}):`,
);
report('bare node:http, same bytes', bareRuns);
for (const [k, { queries }] of withQueries.entries()) {
  report(
    `bare + ${queries} Postgres round trip${queries > 1 ? 's' : ''}`,
    queryRuns[k]!,
    `   ratio ${(rpsOf(queryRuns[k]!) / bareRps).toFixed(2)}`,
  );
}
report('our server', appRuns);
console.log(
  `  ratio ${(appRps / bareRps).toFixed(2)} (target ≥ 0.5); per round: ${appRuns.map((r, i) => (r.rps / bareRuns[i]!.rps).toFixed(2)).join(' ')}`,
);
// The last yardstick makes the app's two round trips.
const twoTrips = queryRuns.at(-1);
if (twoTrips)
  console.log(
    `  against the bare handler with the app's two round trips: ${(appRps / rpsOf(twoTrips)).toFixed(2)}`,
  );

await Promise.all([app.stop(), bare.stop(), ...withQueries.map(({ server }) => server.stop())]);
rmSync(dir, { recursive: true, force: true });
if (profileDir) console.log(`  the server's CPU profile is in ${profileDir}`);
