// `npm run bench` (chat part): time to first token through our server vs. straight from the fake
// upstream in the same run, and 200 concurrent streams through the server. Figures, not tests.
// The server runs as its own process (`tsx api/main.ts`; production runs the same code compiled), so the load generator
// and the fake upstream (both here) do not share its event loop.
// "Added by our server" is measured from the moment the fake upstream writes its first content
// delta (not its first role chunk) to the moment the client reads the first `delta` event; the
// same gap straight from the fake (the client reading the upstream itself) is subtracted.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { startFakeOpenAI } from '../fakes/openai';
import { buildSend } from '../factories/chats';
import { CSRF_HEADER } from '../../domain/contract/errors';
import { KIT_FILE_NAME_HEADER } from '../../domain/contract/kit';
import { PROFILE_FIELDS, type ProfileField } from '../../domain/contract/profile';
import { MAX_CONCURRENT_STREAMS_PER_USER } from '../../domain/limits';
import type { TestClient } from '../support/client';
import { benchModel, signedInRep, startServerProcess } from './serverProcess';
import { streamFromFakeModel } from './fakeModel';

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
    ...benchModel(fake.url),
    LOG_LEVEL: 'warn',
    // The bench measures time, not allowances: a rep with a full profile and kit sends ~3,000
    // tokens a call, and 110 calls would pass a free user's day.
    LLM_DAILY_TOKENS_FREE: 'off',
  },
});

/** Register and log in a fresh user through the API. */
const loggedIn = () => signedInRep(server.url, 'bench');
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

async function viaServer(c: TestClient, text: string, chatId?: string): Promise<Timing> {
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
    body: JSON.stringify(buildSend(text, chatId ? { chatId } : {})),
  });
  const at = await firstTokenAt(res, (b) => b.startsWith('event: delta'));
  return { total: at - start, fromUpstream: at - upstreamFirstContent(text) };
}

async function direct(text: string): Promise<Timing> {
  const start = performance.now();
  const res = await streamFromFakeModel(fake.url, text);
  const at = await firstTokenAt(res, (b) => /"content":"[^"]/.test(b));
  return { total: at - start, fromUpstream: at - upstreamFirstContent(text) };
}

// The floor: Koa, its body parser and the openai SDK streaming (floorServer.ts), the least any
// server in front of the model costs a send; what we add beyond it is the send's own work.
const floor = await startServerProcess({
  entry: 'tests/bench/floorServer.ts',
  port: PORT + 1,
  readyPath: '/api/health',
  env: benchModel(fake.url),
});
async function viaFloor(text: string): Promise<Timing> {
  const start = performance.now();
  const res = await fetch(`${floor.url}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(buildSend(text)),
  });
  const at = await firstTokenAt(res, (b) => b.startsWith('event: delta'));
  return { total: at - start, fromUpstream: at - upstreamFirstContent(text) };
}

// Warm up every path (JIT, connection pools, prepared plans).
// Most sends go into a chat the rep has been writing in: the server reads its history as well.
const ongoing = randomUUID();
for (let i = 0; i < 10; i++) {
  await direct(`warm ${i}`);
  await viaFloor(`warm floor ${i}`);
  await viaServer(client, `warm ${i}`);
  await viaServer(client, `warm ongoing ${i}`, ongoing);
}
const directTimes: Timing[] = [];
const floorTimes: Timing[] = [];
const serverTimes: Timing[] = [];
const ongoingTimes: Timing[] = [];
for (let i = 0; i < SAMPLES; i++) {
  directTimes.push(await direct(`sample ${i}`));
  floorTimes.push(await viaFloor(`floor sample ${i}`));
  serverTimes.push(await viaServer(client, `sample ${i}`));
  ongoingTimes.push(await viaServer(client, `ongoing sample ${i}`, ongoing));
}
await floor.stop();
const figures = (ts: Timing[], key: keyof Timing) =>
  [0.5, 0.95].map((p) =>
    pct(
      ts.map((t) => t[key]),
      p,
    ),
  );
const [d50, d95] = figures(directTimes, 'total');
const [f50, f95] = figures(floorTimes, 'total');
const [s50, s95] = figures(serverTimes, 'total');
const [o50, o95] = figures(ongoingTimes, 'total');
const [du50, du95] = figures(directTimes, 'fromUpstream');
const [su50, su95] = figures(serverTimes, 'fromUpstream');
const ms = (x: number) => `${x.toFixed(2)} ms`;
console.log(
  `time to first token, ${SAMPLES} samples (${databaseUrl ? 'postgres' : 'embedded PGlite'}), p50 / p95:`,
);
console.log(`  request → first token, straight from the fake upstream   ${ms(d50!)} / ${ms(d95!)}`);
console.log(
  `  request → first token, through Koa and the SDK alone     ${ms(f50!)} / ${ms(f95!)}   (the floor: any server in front of the model)`,
);
console.log(
  `  request → first token, through POST /api/chat (SSE)      ${ms(s50!)} / ${ms(s95!)}   (the send's own work: session, rate limit, storing the message, a stream slot)`,
);
console.log(
  `  request → first token, the next send in a chat           ${ms(o50!)} / ${ms(o95!)}   (its history read too)`,
);
console.log(
  `  over the model: ${ms(s50! - d50!)} (target ≤ 5 ms), of which the floor ${ms(f50! - d50!)} and the send's own work ${ms(s50! - f50!)} (p50); the next send in a chat ${ms(o50! - d50!)}`,
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

// What the rep's profile and sales kit add to the first token: the same send from a rep
// with nothing filled and from one with every profile field at its longest and 20 files of about
// 300 passages each, whose question finds passages (the send reads the profile, searches the kit,
// and sends both in the system prompt). Target: p50 ≤ 30 ms added.
const random = (seed: number) => {
  const x = Math.sin(seed * 12.9898 + 78.233) * 43758.5453;
  return x - Math.floor(x);
};
/** A made-up word: a few common, most rare (the n-th about 1/n as often as the first), as prose is. */
const kitWord = (seed: number) => `kw${Math.floor(1 / (random(seed) + 1 / 3000))}x`;
const kitParagraph = (seed: number) =>
  Array.from({ length: 150 }, (_, i) => kitWord(seed * 997 + i));
/** A rep's question: two common words and the two rarest of one passage, as a question about it would. */
const kitQuestion = (i: number) => {
  const rare = kitParagraph((i % 20) * 1000 + ((i * 37) % 300))
    .toSorted((a, b) => b.length - a.length || b.localeCompare(a))
    .slice(0, 2);
  return `kw1x kw2x ${rare.join(' ')} #${i}`;
};

async function contextTiming(): Promise<void> {
  const plain = await loggedIn();
  const full = await loggedIn();
  const editedAt = new Date().toISOString();
  await full.patch('/api/profile', {
    edits: (Object.keys(PROFILE_FIELDS) as ProfileField[]).map((field) => {
      const { max } = PROFILE_FIELDS[field];
      const value =
        field === 'tone'
          ? 'friendly'
          : field === 'website' || field === 'bookingLink'
            ? 'https://freightly.io/book'
            : Array.from({ length: max }, (_, i) => kitWord(field.length * 10_000 + i))
                .join(' ')
                .slice(0, max)
                .trim();
      return { field, value, editedAt, base: null };
    }),
  });
  for (let f = 0; f < 20; f++) {
    const text = Array.from(
      { length: 300 },
      (_, i) => `${kitParagraph(f * 1000 + i).join(' ')}.`,
    ).join('\n\n');
    const res = await full.put(
      `/api/kit/files/bench-kit-file-${String(f).padStart(6, '0')}`,
      text,
      {
        headers: { [KIT_FILE_NAME_HEADER]: `notes-${f}.md`, 'content-type': 'text/markdown' },
      },
    );
    if (res.status !== 201) throw new Error(`kit upload: ${res.status} ${res.text}`);
  }
  // The kit's search is planned from the tables' statistics, which a Postgres server's autovacuum
  // takes afresh within a minute of a change this large (the embedded database, hourly): measured
  // as a rep finds it after that, not in the same second as the upload.
  if (databaseUrl) {
    const pool = new Pool({ connectionString: databaseUrl, max: 1 });
    await pool.query('ANALYZE kit_passages, kit_files, kit_terms');
    await pool.end();
  }
  for (let i = 0; i < 10; i++) {
    await viaServer(plain, `warm context ${i}`);
    await viaServer(full, kitQuestion(1000 + i));
  }
  const without: number[] = [];
  const withContext: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    without.push((await viaServer(plain, kitQuestion(i))).total);
    withContext.push((await viaServer(full, kitQuestion(i))).total);
  }
  const found = fake.requests.filter((r) => r.messages[0]?.content.includes('[1] notes-')).length;
  console.log(
    `time to first token with the rep's profile and kit, ${SAMPLES} samples, p50 / p95 (request → first token):`,
  );
  console.log(
    `  no profile, no kit                                        ${ms(pct(without, 0.5))} / ${ms(pct(without, 0.95))}`,
  );
  console.log(
    `  every profile field full, 20 files × 300 passages         ${ms(pct(withContext, 0.5))} / ${ms(pct(withContext, 0.95))}   (${found} of ${SAMPLES + 10} questions found passages)`,
  );
  console.log(
    `  added by the profile and the kit                          ${ms(pct(withContext, 0.5) - pct(without, 0.5))} (p50; target ≤ 30 ms)`,
  );
  console.log(
    `  over the model with them: ${ms(pct(withContext, 0.5) - d50!)} (p50; target ≤ 5 ms), of which the floor ${ms(f50! - d50!)}`,
  );
}
await contextTiming();

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
