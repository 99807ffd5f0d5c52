// `npm run bench` (chat part): time to first token through our server vs. straight from the fake
// upstream in the same run, and 200 concurrent streams through the server. Figures, not tests.
// The server runs as its own process (`tsx api/main.ts`), as in production, so the load generator
// and the fake upstream (both here) do not share its event loop.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { startFakeOpenAI } from '../fakes/openai';
import { buildSend } from '../factories/chats';
import { uniqueCredentials } from '../factories/users';
import { CSRF_HEADER } from '../../domain/contract/errors';
import { TestClient } from '../support/client';

const SAMPLES = 100;
const CONCURRENT = 200;

const p50 = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Read an SSE response until `isFirstToken(block)` holds for a block; answers ms from `start`. */
async function timeToFirst(res: Response, start: number, isFirstToken: (block: string) => boolean): Promise<number> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let first: number | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop()!;
    if (first === undefined && blocks.some(isFirstToken)) first = performance.now() - start;
  }
  if (first === undefined) throw new Error('no token arrived');
  return first;
}

const PORT = Number(process.env.BENCH_PORT ?? 8093);
const fake = await startFakeOpenAI();
const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
// Node itself (not npx) so killing the child stops the server.
const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: 'memory://', DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-bench', LLM_MODELS: 'gpt-4o', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const server = { url: `http://127.0.0.1:${PORT}` };
child.once('exit', (code) => {
  if (code) throw new Error(`the server exited with ${code} (is port ${PORT} taken? set BENCH_PORT)`);
});
for (let i = 0; ; i++) {
  if (await fetch(`${server.url}/api/health`).then((r) => r.ok, () => false)) break;
  if (i > 200) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

/** Register and log in a fresh user through the API. */
async function loggedIn(): Promise<TestClient> {
  const client = new TestClient(server.url);
  const creds = uniqueCredentials('bench');
  await client.post('/api/auth/register', creds);
  const res = await client.post('/api/auth/login', { username: creds.username, password: creds.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return client;
}
const client = await loggedIn();

async function viaServer(c: TestClient, text: string): Promise<number> {
  const headers = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    'x-forwarded-for': c.ip,
    [CSRF_HEADER]: await c.token(),
    cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
  const start = performance.now();
  const res = await fetch(`${server.url}/api/chat`, { method: 'POST', headers, body: JSON.stringify(buildSend(text)) });
  return timeToFirst(res, start, (b) => b.startsWith('event: delta'));
}

async function direct(text: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${fake.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
    body: JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: text }] }),
  });
  return timeToFirst(res, start, (b) => /"content":"[^"]/.test(b));
}

// Warm up both paths (JIT, connection pools, prepared plans).
for (let i = 0; i < 10; i++) {
  await direct(`warm ${i}`);
  await viaServer(client, `warm ${i}`);
}
const directTimes: number[] = [];
const serverTimes: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  directTimes.push(await direct(`sample ${i}`));
  serverTimes.push(await viaServer(client, `sample ${i}`));
}
const d = p50(directTimes);
const s = p50(serverTimes);
console.log(`time to first token, p50 of ${SAMPLES} (${databaseUrl ? 'postgres' : 'embedded PGlite'}):`);
console.log(`  straight from the fake upstream  ${d.toFixed(2)} ms`);
console.log(`  through POST /api/chat (SSE)     ${s.toFixed(2)} ms`);
console.log(`  added by our server              ${(s - d).toFixed(2)} ms   (ratio ${(s / d).toFixed(2)}x; target: added ≤ 5 ms)`);

// 200 streams at once, each long enough (20 tokens, 20 ms apart) to overlap all the others.
const users = await Promise.all(Array.from({ length: 4 }, () => loggedIn()));
const words = Array.from({ length: 19 }, (_, i) => `w${i}`).join(' ');
const started = performance.now();
const results = await Promise.allSettled(
  Array.from({ length: CONCURRENT }, (_, i) => viaServer(users[i % users.length]!, `${words} [[delay:20]] #${i}`)),
);
const failed = results.filter((r) => r.status === 'rejected');
// What the users would see on reload: every reply stored complete.
const stored = new Map<string, number>();
for (const user of users) {
  for (const chat of (await user.get<Array<{ id: string }>>('/api/chats')).body) {
    const { messages } = (await user.get<{ messages: Array<{ role: string; status: string; content: string }> }>(`/api/chats/${chat.id}`)).body;
    for (const m of messages) if (m.role === 'assistant' && m.content.startsWith('You said: w0')) stored.set(m.status, (stored.get(m.status) ?? 0) + 1);
  }
}
console.log(`${CONCURRENT} concurrent streams: ${CONCURRENT - failed.length} ok, ${failed.length} failed, in ${(performance.now() - started).toFixed(0)} ms; stored replies by status: ${JSON.stringify(Object.fromEntries(stored))}`);
if (failed.length) console.log(`  first failure: ${(failed[0] as PromiseRejectedResult).reason}`);

child.kill('SIGTERM');
await fake.close();
