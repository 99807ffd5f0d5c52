// `npm run bench`: figures, not pass/fail. Start-up of the embedded database, API latency on the
// embedded database (or TEST_DATABASE_URL), the cost of a login (argon2id) and memory.
import { performance } from 'node:perf_hooks';
import { startTestServer } from '../support/server';
import { TestClient } from '../support/client';
import { buildUser } from '../factories/users';

function summary(label: string, samples: number[]) {
  const sorted = samples.toSorted((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2);
  console.log(
    `${label.padEnd(34)} n=${String(samples.length).padStart(4)}  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${at(1)} ms`,
  );
}

async function time(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

const t0 = performance.now();
const server = await startTestServer();
console.log(
  `server start incl. database + migrations: ${(performance.now() - t0).toFixed(0)} ms (${server.config.databaseUrl ? 'postgres' : 'embedded PGlite, in memory'})`,
);

const guest = new TestClient(server.url);
summary('GET /api/health', await time(300, () => guest.get('/api/health')));
summary('GET /api/auth/user (guest)', await time(300, () => guest.get('/api/auth/user')));

const alice = await buildUser(server);
const client = new TestClient(server.url);
summary(
  'POST /api/auth/login (argon2id)',
  await time(30, () =>
    client.post('/api/auth/login', { username: alice.username, password: alice.password }),
  ),
);
summary('GET /api/auth/user (logged in)', await time(300, () => client.get('/api/auth/user')));
summary('GET /api/user/usage', await time(300, () => client.get('/api/user/usage')));

const mem = process.memoryUsage();
console.log(
  `memory: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`,
);
await server.close();
