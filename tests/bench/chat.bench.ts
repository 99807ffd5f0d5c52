// `npm run bench` (chat part): time to first token through our server vs. straight from the fake
// upstream in the same run, and 200 concurrent streams through the server. Figures, not tests.
// The server runs as its own process (`tsx api/main.ts`; production runs the same code compiled), so the load generator
// and the fake upstream (both here) do not share its event loop.
// "Added by our server" is measured from the moment the fake upstream writes its first content
// delta (not its first role chunk) to the moment the client reads the first `delta` event; the
// same gap straight from the fake (the client reading the upstream itself) is subtracted.
import { performance } from 'node:perf_hooks';
import { startFakeOpenAI } from '../fakes/openai';
import { buildSend } from '../factories/chats';
import { uniqueCredentials } from '../factories/users';
import { CSRF_HEADER } from '../../domain/contract/errors';
import { MAX_CONCURRENT_STREAMS_PER_USER } from '../../domain/limits';
import { TestClient } from '../support/client';
import { startServerProcess } from './serverProcess';

const SAMPLES = 100;
const CONCURRENT = 200;

const pct = (xs: number[], p: number) =>
  xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

/** Read an SSE response to its end; answers when `isFirstToken(block)` first held (performance.now()). */
async function firstTokenAt(
  res: Response,
  isFirstToken: (block: string) => boolean,
): Promise<number> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let first: number | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const now = performance.now();
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop()!;
    if (first === undefined && blocks.some(isFirstToken)) first = now;
  }
  if (first === undefined) throw new Error('no token arrived');
  return first;
}

const PORT = Number(process.env.BENCH_PORT ?? 8093);
const fake = await startFakeOpenAI();
const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
const server = await startServerProcess({
  entry: 'api/main.ts',
  port: PORT,
  readyPath: '/api/health',
  env: {
    DATA_DIR: 'memory://',
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: 'true',
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-bench',
    LLM_MODELS: 'gpt-4o',
    LOG_LEVEL: 'warn',
  },
});

/** Register and log in a fresh user through the API. */
async function loggedIn(): Promise<TestClient> {
  const client = new TestClient(server.url);
  const creds = uniqueCredentials('bench');
  await client.post('/api/auth/register', creds);
  const res = await client.post('/api/auth/login', {
    username: creds.username,
    password: creds.password,
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return client;
}
const client = await loggedIn();

/** When the fake upstream wrote the first content delta of its answer to `text`. */
function upstreamFirstContent(text: string): number {
  const at = fake.requests.findLast((r) => r.messages.at(-1)?.content === text)?.firstContentAt;
  if (at === undefined) throw new Error(`the fake never streamed content for "${text}"`);
  return at;
}

interface Timing {
  /** From sending the request to the first token. */
  total: number;
  /** From the upstream's first content delta to the first token. */
  fromUpstream: number;
}

async function viaServer(c: TestClient, text: string): Promise<Timing> {
  const headers = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    'x-forwarded-for': c.ip,
    [CSRF_HEADER]: await c.token(),
    cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
  const start = performance.now();
  const res = await fetch(`${server.url}/api/chat`, {
    method: 'POST',
    headers,
    body: JSON.stringify(buildSend(text)),
  });
  const at = await firstTokenAt(res, (b) => b.startsWith('event: delta'));
  return { total: at - start, fromUpstream: at - upstreamFirstContent(text) };
}

async function direct(text: string): Promise<Timing> {
  const start = performance.now();
  const res = await fetch(`${fake.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
    body: JSON.stringify({
      model: 'gpt-4o',
      stream: true,
      messages: [{ role: 'user', content: text }],
    }),
  });
  const at = await firstTokenAt(res, (b) => /"content":"[^"]/.test(b));
  return { total: at - start, fromUpstream: at - upstreamFirstContent(text) };
}

// Warm up both paths (JIT, connection pools, prepared plans).
for (let i = 0; i < 10; i++) {
  await direct(`warm ${i}`);
  await viaServer(client, `warm ${i}`);
}
const directTimes: Timing[] = [];
const serverTimes: Timing[] = [];
for (let i = 0; i < SAMPLES; i++) {
  directTimes.push(await direct(`sample ${i}`));
  serverTimes.push(await viaServer(client, `sample ${i}`));
}
const figures = (ts: Timing[], key: keyof Timing) =>
  [0.5, 0.95].map((p) =>
    pct(
      ts.map((t) => t[key]),
      p,
    ),
  );
const [d50, d95] = figures(directTimes, 'total');
const [s50, s95] = figures(serverTimes, 'total');
const [du50, du95] = figures(directTimes, 'fromUpstream');
const [su50, su95] = figures(serverTimes, 'fromUpstream');
const ms = (x: number) => `${x.toFixed(2)} ms`;
console.log(
  `time to first token, ${SAMPLES} samples (${databaseUrl ? 'postgres' : 'embedded PGlite'}), p50 / p95:`,
);
console.log(`  request → first token, straight from the fake upstream   ${ms(d50!)} / ${ms(d95!)}`);
console.log(
  `  request → first token, through POST /api/chat (SSE)      ${ms(s50!)} / ${ms(s95!)}   (the send's own work: session, rate limit, storing the message, a stream slot)`,
);
console.log(
  `  upstream's first content chunk → client, straight        ${ms(du50!)} / ${ms(du95!)}`,
);
console.log(
  `  upstream's first content chunk → client, through us      ${ms(su50!)} / ${ms(su95!)}`,
);
console.log(
  `  added by our server to the first token                   ${ms(su50! - du50!)} / ${ms(su95! - du95!)}   (target: p50 ≤ 3 ms)`,
);

// 200 streams at once, each long enough (20 tokens, 20 ms apart) to overlap all the others, from
// as many users as fair use needs (each has MAX_CONCURRENT_STREAMS_PER_USER streams at once).
const users = await Promise.all(
  Array.from({ length: Math.ceil(CONCURRENT / MAX_CONCURRENT_STREAMS_PER_USER) }, () => loggedIn()),
);
const words = Array.from({ length: 19 }, (_, i) => `w${i}`).join(' ');
const started = performance.now();
const results = await Promise.allSettled(
  Array.from({ length: CONCURRENT }, (_, i) =>
    viaServer(users[i % users.length]!, `${words} [[delay:20]] #${i}`),
  ),
);
const failed = results.filter((r) => r.status === 'rejected');
// What the users would see on reload: every reply stored complete.
const stored = new Map<string, number>();
for (const user of users) {
  for (const chat of (await user.get<Array<{ id: string }>>('/api/chats')).body) {
    const { messages } = (
      await user.get<{ messages: Array<{ role: string; status: string; content: string }> }>(
        `/api/chats/${chat.id}`,
      )
    ).body;
    for (const m of messages)
      if (m.role === 'assistant' && m.content.startsWith('You said: w0'))
        stored.set(m.status, (stored.get(m.status) ?? 0) + 1);
  }
}
console.log(
  `${CONCURRENT} concurrent streams: ${CONCURRENT - failed.length} ok, ${failed.length} failed, in ${(performance.now() - started).toFixed(0)} ms; stored replies by status: ${JSON.stringify(Object.fromEntries(stored))}`,
);
if (failed.length) console.log(`  first failure: ${(failed[0] as PromiseRejectedResult).reason}`);

await server.stop();
await fake.close();
