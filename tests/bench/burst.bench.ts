// `npm run bench` (burst part): 1,000 reps press Send at the same moment. How long each waits for
// the first word, and how much of the server's CPU one send costs (the session, the limits, the
// allowance, the profile and kit lookups, the writes), read from /proc around the burst.
// The server runs as its own process; the fake model and the load live here. The same bursts then go
// to the floor (floorServer.ts: Koa and the `openai` SDK streaming, nothing else), so the figures
// show what the server's own work costs over the parts it must use. Figures, not tests.
// BENCH_BURST=<n> changes the burst's size; BENCH_CPU_PROF=<dir> writes the server's CPU profile.
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { request } from 'node:http';
import { startFakeOpenAI } from '../fakes/openai';
import { buildSend } from '../factories/chats';
import { CSRF_HEADER } from '../../domain/contract/errors';
import { MAX_CONCURRENT_STREAMS_PER_USER } from '../../domain/limits';
import {
  asDeployed,
  benchModel,
  processCpuMs,
  signedInRep,
  startServerProcess,
  type ServerProcess,
} from './serverProcess';

const BURST = Number(process.env.BENCH_BURST ?? 1000);
const PORT = Number(process.env.BENCH_PORT ?? 8093);
const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
const profileDir = process.env.BENCH_CPU_PROF;

/**
 * CPU time every Postgres process on this machine has used, in ms (0 with the embedded PGlite,
 * which runs inside the server): the database's share of a send.
 */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}
const pct = (xs: number[], p: number) =>
  xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

const fake = await startFakeOpenAI();
const server = await startServerProcess({
  entry: 'api/main.ts',
  port: PORT,
  readyPath: '/api/health',
  nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  env: {
    ...asDeployed(PORT, databaseUrl),
    ...benchModel(fake.url),
    LOG_LEVEL: 'warn',
    // The bench measures time, not allowances.
    LLM_DAILY_TOKENS_FREE: 'off',
  },
});

/** A registered, signed-in rep and the headers its sends carry. */
async function rep(): Promise<Record<string, string>> {
  const client = await signedInRep(server.url, 'burst');
  return {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    'x-forwarded-for': client.ip,
    [CSRF_HEADER]: await client.token(),
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/**
 * Send `text` on a connection of its own, as 1,000 phones would (fetch's shared pool would queue
 * them); answers the ms from the request to the first `delta` event, and reads to the end.
 */
function send(url: string, headers: Record<string, string>, text: string): Promise<number> {
  const body = JSON.stringify(buildSend(text));
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let first: number | undefined;
    let seen = '';
    const req = request(
      `${url}/api/chat`,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`send: ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (first !== undefined) return;
          seen += chunk;
          if (seen.includes('event: delta')) first = performance.now() - start;
        });
        res.on('end', () =>
          first === undefined ? reject(new Error('no token arrived')) : resolve(first),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const reps: Array<Record<string, string>> = [];
const repsNeeded = Math.ceil(BURST / MAX_CONCURRENT_STREAMS_PER_USER);
while (reps.length < repsNeeded)
  reps.push(
    ...(await Promise.all(Array.from({ length: Math.min(20, repsNeeded - reps.length) }, rep))),
  );
// Warm the server up (JIT, the pool's connections, prepared plans) with a few sends of each rep.
for (let i = 0; i < 3; i++)
  await Promise.all(reps.slice(0, 50).map((h, k) => send(server.url, h, `warm ${i} ${k}`)));

/**
 * One burst of `BURST` sends to `target`; their first-token times and its CPU per send, and
 * Postgres's when `database` (our server on Postgres).
 */
async function burst(target: ServerProcess, round: number, database: boolean) {
  const cpuBefore = processCpuMs(target.child.pid)!;
  const postgresBefore = database ? postgresCpuMs() : 0;
  const started = performance.now();
  const settled = await Promise.allSettled(
    Array.from({ length: BURST }, (_, i) =>
      // Two tokens, 200 ms apart: every stream is still open while the others start.
      send(target.url, reps[i % reps.length]!, `burst ${round} ${i} [[delay:200]] done`),
    ),
  );
  const wallMs = performance.now() - started;
  const cpuAfter = processCpuMs(target.child.pid)!;
  const user = (cpuAfter.user - cpuBefore.user) / BURST;
  const system = (cpuAfter.system - cpuBefore.system) / BURST;
  const postgres = database ? (postgresCpuMs() - postgresBefore) / BURST : undefined;
  const firsts = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = settled.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
  return { firsts, failed, wallMs, user, system, postgres };
}

/** Three bursts to `target`, printed; the last round's CPU per send (the server warmed up). */
async function rounds(target: ServerProcess, database: boolean): Promise<number> {
  let cpu = 0;
  for (let round = 0; round < 3; round++) {
    const { firsts, failed, wallMs, user, system, postgres } = await burst(target, round, database);
    cpu = user + system;
    console.log(
      `  round ${round + 1}: first token p50 ${(pct(firsts, 0.5) / 1000).toFixed(2)} s, p95 ${(pct(firsts, 0.95) / 1000).toFixed(2)} s (target ≤ 3 s); CPU ${cpu.toFixed(2)} ms a send (${user.toFixed(2)} user, ${system.toFixed(2)} kernel)${postgres === undefined ? '' : `, Postgres ${postgres.toFixed(2)} ms`}; ${failed.length} failed; all done in ${(wallMs / 1000).toFixed(1)} s`,
    );
    if (failed.length) console.log(`    first failure: ${failed[0]!.reason}`);
  }
  return cpu;
}

console.log(
  `${BURST} sends at once from ${reps.length} reps (${databaseUrl ? 'postgres' : 'embedded PGlite'}), production mode:`,
);
const ours = await rounds(server, databaseUrl !== '');
await server.stop();
if (profileDir) console.log(`  the server's CPU profile is in ${profileDir}`);

const floor = await startServerProcess({
  entry: 'tests/bench/floorServer.ts',
  port: PORT,
  readyPath: '/api/health',
  env: benchModel(fake.url),
});
for (const h of reps.slice(0, 50)) await send(floor.url, h, 'warm');
console.log('The floor: Koa, its body parser and the openai SDK streaming, nothing else:');
const least = await rounds(floor, false);
await floor.stop();
await fake.close();
console.log(
  `The server's own work over the floor (session, limits, allowance, profile and kit, writes): ${(ours - least).toFixed(2)} ms a send (round 3), plus the database's share above. Target: ≤ 3 ms a send in all.`,
);
