// `npm run bench` (chat part): time to first token through our server vs. straight from the fake
// upstream in the same run, and 200 concurrent streams through the server. Figures, not tests.
import { performance } from 'node:perf_hooks';
import { startFakeOpenAI } from '../fakes/openai';
import { startTestServer } from '../support/server';
import { loggedInClient } from '../factories/users';
import { buildSend } from '../factories/chats';
import { CSRF_HEADER } from '../../domain/contract/errors';
import type { TestClient } from '../support/client';

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

const fake = await startFakeOpenAI();
const server = await startTestServer({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-bench', LLM_MODELS: 'gpt-4o', LOG_LEVEL: 'silent' });
const { client } = await loggedInClient(server);

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
console.log(`time to first token, p50 of ${SAMPLES} (${server.config.databaseUrl ? 'postgres' : 'embedded PGlite'}):`);
console.log(`  straight from the fake upstream  ${d.toFixed(2)} ms`);
console.log(`  through POST /api/chat (SSE)     ${s.toFixed(2)} ms`);
console.log(`  added by our server              ${(s - d).toFixed(2)} ms   (ratio ${(s / d).toFixed(2)}x; target: added ≤ 5 ms)`);

// 200 streams at once, each long enough (20 tokens, 20 ms apart) to overlap all the others.
const users = await Promise.all(Array.from({ length: 4 }, () => loggedInClient(server)));
const words = Array.from({ length: 19 }, (_, i) => `w${i}`).join(' ');
const started = performance.now();
const results = await Promise.allSettled(
  Array.from({ length: CONCURRENT }, (_, i) => viaServer(users[i % users.length]!.client, `${words} [[delay:20]] #${i}`)),
);
const failed = results.filter((r) => r.status === 'rejected');
const { rows } = await server.pool.query<{ status: string; n: number }>(
  `SELECT status, count(*)::int AS n FROM messages WHERE role = 'assistant' AND content LIKE 'You said: w0%' GROUP BY status`,
);
console.log(`${CONCURRENT} concurrent streams: ${CONCURRENT - failed.length} ok, ${failed.length} failed, in ${(performance.now() - started).toFixed(0)} ms; stored replies by status: ${JSON.stringify(Object.fromEntries(rows.map((r) => [r.status, r.n])))}`);
if (failed.length) console.log(`  first failure: ${(failed[0] as PromiseRejectedResult).reason}`);

await server.close();
await fake.close();
