// `npm run bench` (research part). Figures, not tests: what the server adds to a research
// (POST /api/research, api/research/research.ts) beyond the web search engine and the model, and the
// memory a research holds. Everything runs on loopback in this process: the fake SearXNG
// (tests/fakes/searchEngine.ts) finds five pages of the fixture site (tests/fakes/fixtureSite.ts: the
// company page, a news article, a 36,000-character annual report, a plain-text file and a page with
// hidden text), and the fake model (tests/fakes/openai.ts) answers the research's JSON by itself.
// Targets: ≤ 500 ms beyond the engine and the model, ≤ 30 MB of memory a research.
//
// Time: RUNS researches one at a time (after WARM_UP), each on a subject the rep has not researched,
// so nothing kept is answered. For each, the request from the client to its answer, less the time the
// engine and the model spent answering. That time is taken on the fakes' side, from Node's own
// HTTP-server events (diagnostics_channel): from the moment a fake has the request's headers to the
// moment it has handed the last byte of its answer to the socket. So what is left is the server's
// part: its database queries, reading and cleaning the five pages (the site's own answering is
// shown apart, and left in: reading pages is the server's work), ranking passages, counting tokens,
// checking the answer, storing it, and the loopback trips to the fakes. Client, fakes and server
// share one event loop, so anything the client or a garbage collection takes counts against the
// server: an upper bound.
//
// Memory: CONCURRENT reps start a research each at once, after a forced garbage collection. The
// process's heap (heapUsed) and RSS are sampled every few milliseconds until all have answered; their
// peak above the start, divided by CONCURRENT, is what one research holds at most (no collection is
// forced during the run, so garbage not yet collected counts too: an upper bound). The fakes and the
// client live in this process too, so their share counts as well. RSS grows only when the heap
// outgrows what the process already holds, so after the researches before it, it may show nothing.
// Then what the heap keeps once collected again, after that round and after the RUNS one at a time:
// memory a research leaves behind. The fakes' request logs are emptied first; the fake model also
// keeps every prompt it was sent, out of the bench's reach, and what those take is shown apart.
// RSS also holds PGlite's WebAssembly memory on the embedded database, which grows with the rows
// stored and does not shrink.
//
// On the embedded PGlite, then on Postgres when TEST_DATABASE_URL (or DATABASE_URL) names one (a
// throwaway database: the bench adds reps and their research, and leaves them).
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Research } from '../../domain/contract/research';
import { startFixtureSite } from '../fakes/fixtureSite';
import { startFakeSearchEngine } from '../fakes/searchEngine';
import { loggedInClient } from '../factories/users';
import type { TestClient } from '../support/client';
import { startModelTestServer, testDatabaseUrl } from '../support/server';

const RUNS = Number(process.env.BENCH_RESEARCHES ?? 30);
const WARM_UP = 5;
const CONCURRENT = Number(process.env.BENCH_RESEARCH_CONCURRENT ?? 10);
/** Researches per rep: the route lets a rep start 30 an hour, so the bench spreads them over reps. */
const PER_REP = 10;
/** What a research should add beyond the engine and the model, at p95. */
const TARGET_MS = 500;
/** What a research should hold in memory, at most. */
const TARGET_MB = 30;
const MB = 1024 * 1024;
const PAGES = [
  '/freightly',
  '/news/freightly-raises',
  '/annual-report',
  '/notes.txt',
  '/injection',
];

// A garbage collection on demand without a node flag, so `npm run bench` runs this file as it runs
// the others (tsx, no options), as calendar.bench.ts does.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const at = (xs: number[], p: number) =>
  xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const figures = (xs: number[]) =>
  `p50 ${at(xs, 0.5).toFixed(1).padStart(6)} ms  p95 ${at(xs, 0.95).toFixed(1).padStart(6)} ms`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

// The milliseconds each HTTP server of this process has spent answering, by its port: from the
// request's headers to the answer's last byte handed to the socket. Node announces both moments on
// these channels for every server, the fakes' included, so the fakes need no change.
const answeringMs = new Map<number, number>();
const requestStarted = new WeakMap<IncomingMessage, number>();
subscribe('http.server.request.start', (message) => {
  requestStarted.set((message as { request: IncomingMessage }).request, performance.now());
});
subscribe('http.server.response.finish', (message) => {
  const { request, server } = message as { request: IncomingMessage; server: Server };
  const started = requestStarted.get(request);
  if (started === undefined) return;
  const { port } = server.address() as AddressInfo;
  answeringMs.set(port, (answeringMs.get(port) ?? 0) + performance.now() - started);
});
const portOf = (url: string) => Number(new URL(url).port);

const site = await startFixtureSite();
const engine = await startFakeSearchEngine({
  results: () =>
    PAGES.map((path) => ({ url: `${site.url}${path}`, title: path, snippet: `About ${path}` })),
});

/** One research by `client`'s rep; a failed one, or one made without the model, stops the bench. */
const research = async (client: TestClient, subject: string) => {
  const res = await client.post<Research>('/api/research', { subject });
  if (res.status !== 200) throw new Error(`research answered ${res.status}: ${res.text}`);
  if (!res.body.madeWithModel)
    throw new Error(`the research was made without the model: ${res.body.notes.join(' ')}`);
  return res.body;
};

/** Time and memory of research on one database. */
async function bench(database: string, env: Record<string, string>): Promise<void> {
  const server = await startModelTestServer({
    FETCH_ALLOW_LOOPBACK: 'true',
    WEB_SEARCH_ENGINE: 'searxng',
    WEB_SEARCH_URL: engine.url,
    ...env,
  });
  const ports = {
    engine: portOf(engine.url),
    model: portOf(server.fake.url),
    site: portOf(site.url),
  };
  // The database queries a research makes, counted on the app's pool.
  let queries = 0;
  const pool = server.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const realQuery = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => {
    queries++;
    return realQuery(...args);
  };
  // The fakes log every request they get; emptied before the heap is weighed, so what is kept is
  // the server's. The fake model also keeps, out of reach, each prompt it was sent (to count
  // repeats of a message): what those take is returned, to be shown apart from the server's.
  const forgetFakeLogs = () => {
    let promptBytes = 0;
    for (const request of server.fake.requests) {
      const prompt = request.messages.findLast((m) => m.role === 'user')?.content ?? '';
      // V8 keeps a string of Latin-1 characters in a byte each, any other in two.
      promptBytes += /[\u0100-\uffff]/.test(prompt) ? 2 * prompt.length : prompt.length;
    }
    server.fake.requests.length = 0;
    engine.requests.length = 0;
    site.hits.length = 0;
    return promptBytes;
  };

  try {
    // Pro reps, so the daily token allowance never runs out and every research reaches the model.
    const reps = async (count: number) => {
      const clients: TestClient[] = [];
      for (let i = 0; i < count; i++)
        clients.push((await loggedInClient(server, { pro: true })).client);
      return clients;
    };
    const timedReps = await reps(Math.ceil((WARM_UP + RUNS) / PER_REP));
    const concurrentReps = await reps(CONCURRENT);

    const timed = async (i: number) => {
      const before = {
        engine: answeringMs.get(ports.engine) ?? 0,
        model: answeringMs.get(ports.model) ?? 0,
        site: answeringMs.get(ports.site) ?? 0,
        searches: engine.requests.length,
        calls: server.fake.requests.length,
        hits: site.hits.length,
        queries,
      };
      const started = performance.now();
      const made = await research(timedReps[Math.floor(i / PER_REP)]!, `Freightly ${i}`);
      const total = performance.now() - started;
      const engineMs = (answeringMs.get(ports.engine) ?? 0) - before.engine;
      const modelMs = (answeringMs.get(ports.model) ?? 0) - before.model;
      return {
        total,
        engine: engineMs,
        model: modelMs,
        site: (answeringMs.get(ports.site) ?? 0) - before.site,
        beyond: total - engineMs - modelMs,
        searches: engine.requests.length - before.searches,
        calls: server.fake.requests.length - before.calls,
        hits: site.hits.length - before.hits,
        queries: queries - before.queries,
        sources: made.sources.length,
        claims: made.claims.length,
      };
    };

    // The first research on this server loads what research needs (the tokenizer, the HTML reader)
    // and compiles its code: shown apart, then a few more to warm up.
    const first = await timed(0);
    for (let i = 1; i < WARM_UP; i++) await timed(i);

    forgetFakeLogs();
    gc();
    const heapBeforeRuns = process.memoryUsage().heapUsed;
    const runs: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = WARM_UP; i < WARM_UP + RUNS; i++) runs.push(await timed(i));
    const promptsOfRuns = forgetFakeLogs();
    gc();
    const keptByRuns = process.memoryUsage().heapUsed - heapBeforeRuns;

    gc();
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const sample = () => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    };
    const sampler = setInterval(sample, 5);
    const concurrentStarted = performance.now();
    await Promise.all(concurrentReps.map((client, i) => research(client, `Globex ${i}`)));
    const concurrentMs = performance.now() - concurrentStarted;
    clearInterval(sampler);
    sample();
    const promptsOfConcurrent = forgetFakeLogs();
    gc();
    const keptByConcurrent = process.memoryUsage().heapUsed - before.heapUsed;

    const median = (pick: (run: (typeof runs)[number]) => number) => at(runs.map(pick), 0.5);
    const beyond = runs.map((run) => run.beyond);
    const verdict = at(beyond, 0.95) <= TARGET_MS ? 'within' : 'OVER';
    const perResearchHeap = (peakHeap - before.heapUsed) / CONCURRENT;
    const perResearchRss = (peakRss - before.rss) / CONCURRENT;
    const memoryVerdict =
      Math.max(perResearchHeap, perResearchRss) <= TARGET_MB * MB ? 'within' : 'OVER';
    console.log(
      `  ${database}: ${RUNS} researches one at a time, each a new subject (after ${WARM_UP} to warm up):`,
    );
    console.log(`    POST /api/research                ${figures(runs.map((r) => r.total))}`);
    console.log(`    the search engine answering       ${figures(runs.map((r) => r.engine))}`);
    console.log(`    the model answering               ${figures(runs.map((r) => r.model))}`);
    console.log(
      `    beyond the engine and the model   ${figures(beyond)}   (target ≤ ${TARGET_MS} ms at p95: ${verdict})`,
    );
    console.log(
      `    of which the site answering       ${figures(runs.map((r) => r.site))}   (left in: the server waits on it)`,
    );
    console.log(
      `    the first research on this server ${first.total.toFixed(0)} ms in all, ${first.beyond.toFixed(0)} ms beyond the engine and the model`,
    );
    console.log(
      `    per research (median): ${median((r) => r.searches)} search, ${median((r) => r.calls)} model call(s), ${median((r) => r.hits)} requests to the site (robots.txt and the pages), ${median((r) => r.sources)} sources, ${median((r) => r.claims)} claims, ${median((r) => r.queries)} queries on the app's pool`,
    );
    console.log(
      `    memory, ${CONCURRENT} researches at once (${concurrentMs.toFixed(0)} ms): peak heap +${mb(peakHeap - before.heapUsed)} (${mb(perResearchHeap)} a research), peak RSS +${mb(peakRss - before.rss)} (${mb(perResearchRss)} a research)   (target ≤ ${TARGET_MB} MB a research: ${memoryVerdict})`,
    );
    console.log(
      `    heap kept once collected: after the ${CONCURRENT} at once +${mb(keptByConcurrent)} (the fake model's record of its prompts ${mb(promptsOfConcurrent)} of it); after the ${RUNS} one at a time +${mb(keptByRuns)}, ${kB(keptByRuns / RUNS)} a research (the fake model's record ${kB(promptsOfRuns / RUNS)} of it)`,
    );
  } finally {
    pool.query = realQuery;
    await server.close();
  }
}

console.log(
  `\nResearch (POST /api/research), five fixture pages, the fake search engine and model on loopback; targets: ≤ ${TARGET_MS} ms beyond the engine and the model, ≤ ${TARGET_MB} MB a research`,
);
try {
  await bench('embedded PGlite', { DATABASE_URL: '' });
  if (testDatabaseUrl()) await bench('Postgres', {});
  else console.log('  Postgres: set TEST_DATABASE_URL (a throwaway database) to measure');
} finally {
  await engine.close();
  await site.close();
}
