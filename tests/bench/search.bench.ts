// `npm run bench` (search, the server's part). Figures, not tests. One rep searches their own work
// (GET /api/search's command, api/search/search.ts: the query made, one page of 20 hits with their
// snippets) while the database holds other reps' work too: first 10 other reps, then 1,000 (200,000
// messages and 50,000 kit passages in all). Each rep has 10 chats of 20 messages and a kit file of
// 50 passages, in made-up words used as prose uses words (a few everywhere, most rare). The search
// reads this rep's rows through the (rep, words) indexes, so both should cost the same: p50 and
// p95 of 200 searches, and the shared buffers one search touches (EXPLAIN ANALYZE), which do not
// depend on the machine's load. The kit's own search (the chat's Sources, searchKit) the same way.
// Target: p95 ≤ 20 ms on Postgres with 1,000 reps.
// On Postgres when TEST_DATABASE_URL names one (a throwaway database: the bench adds its reps and
// removes them after), else the embedded PGlite (BENCH_SEARCH_REPS=100 makes its second step
// smaller).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database, type Pool } from '../../api/db';
import { searchKit } from '../../api/kit/kit.sql';
import { searchWork } from '../../api/search/search';
import { KIT_PASSAGES_PER_CALL } from '../../domain/limits';

const OTHER_REPS = Number(process.env.BENCH_SEARCH_REPS ?? 1_000);
const CHATS_PER_REP = 10;
const MESSAGES_PER_CHAT = 20;
const PASSAGES_PER_REP = 50;
const SEARCHES = 200;
const TARGET_P95_MS = 20;
const SECRET = 'search-bench-secret';

// 3,000 made-up words of two or three syllables; the n-th is drawn about as often as power(u, 3)
// makes it (a few words in most messages, most words in a few), as prose does.
const SYLLABLES = 'ka lo mi ne tu ra se vo di pa fe gu zo li ma no re ti sa bu'.split(' ');
const VOCABULARY = Array.from({ length: 3000 }, (_, i) => {
  const a = SYLLABLES[i % 20]!;
  const b = SYLLABLES[Math.floor(i / 20) % 20]!;
  const c = i >= 400 ? SYLLABLES[Math.floor(i / 400) % 20]! : '';
  return `${a}${b}${c}x`;
});
/** A made-up word of the SQL below: `u` in [0, 1) drawn by random(). */
const WORD = `v[1 + floor(power(random(), 3) * array_length(v, 1))::int]`;

/**
 * What a rep types: one to three words, common and rare, the last often still being typed (its
 * first four letters). Repeatable: word ranks from a fixed sequence.
 */
const QUERIES = Array.from({ length: 50 }, (_, q) => {
  const rank = (i: number) => [3, 40, 250, 900, 2200][(q * 3 + i) % 5]! + (q % 7);
  const words = Array.from({ length: 1 + (q % 3) }, (__, i) => VOCABULARY[rank(i)]!);
  if (q % 2) words[words.length - 1] = words.at(-1)!.slice(0, 4);
  return words.join(' ');
});

const percentile = (values: number[], p: number) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(p * values.length) - 1)]!;
const figures = (times: number[]) =>
  `p50 ${percentile(times, 0.5).toFixed(1).padStart(5)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(5)} ms`;

/** `count` reps named by `tag`, each with their chats, messages and a kit file; their ids. */
async function addReps(pool: Pool, tag: string, from: number, count: number): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO users (username, email, password)
     SELECT $1 || n, $1 || n || '@bench.example', 'x' FROM generate_series($2::int, $3::int) n
     RETURNING id`,
    [tag, from, from + count - 1],
  );
  const ids = rows.map((r) => r.id);
  await pool.query(
    `INSERT INTO chats (id, title, user_id, updated_at)
     SELECT 'bench-' || u || '-' || c, 'Chat ' || c, u, now() - make_interval(days => c)
       FROM unnest($1::int[]) u, generate_series(1, $2::int) c`,
    [ids, CHATS_PER_REP],
  );
  // Messages spread over the last ~70 days, 8 to 37 words each.
  await pool.query(
    `WITH words AS (SELECT $3::text[] AS v)
     INSERT INTO messages (chat_id, role, content, timestamp)
     SELECT ch.id, CASE WHEN s % 2 = 1 THEN 'user' ELSE 'assistant' END,
            (SELECT string_agg(${WORD}, ' ') FROM words, generate_series(1, 8 + (s * 7 + ch.n) % 30) g
              WHERE ch.n IS NOT NULL),
            now() - make_interval(hours => (ch.c * 24 * 7 + s * 3)::int)
       FROM (SELECT id, row_number() OVER () AS n,
                    row_number() OVER (PARTITION BY user_id ORDER BY id) AS c
               FROM chats WHERE user_id = ANY($1::int[])) ch,
            generate_series(1, $2::int) s`,
    [ids, MESSAGES_PER_CHAT, VOCABULARY],
  );
  await pool.query(
    `INSERT INTO kit_files (user_id, id, name, kind, bytes, pages, passages)
     SELECT u, 'bench-file', 'deck.pdf', 'pdf', 1, $2::int / 5, $2::int FROM unnest($1::int[]) u`,
    [ids, PASSAGES_PER_REP],
  );
  await pool.query(
    `WITH words AS (SELECT $3::text[] AS v)
     INSERT INTO kit_passages (user_id, file_id, ord, page, text, tsv)
     SELECT u, 'bench-file', o, 1 + o / 5, t.text, to_tsvector('english', t.text)
       FROM unnest($1::int[]) u, generate_series(0, $2::int - 1) o,
            LATERAL (SELECT string_agg(${WORD}, ' ') AS text FROM words, generate_series(1, 60) g
                      WHERE u IS NOT NULL AND o IS NOT NULL) t`,
    [ids, PASSAGES_PER_REP, VOCABULARY],
  );
  // What an upload counts (kit.sql.ts saveKitFile), for all these files at once.
  await pool.query(
    `INSERT INTO kit_terms (user_id, file_id, word, ndoc)
     SELECT user_id, file_id, word, count(*) FROM kit_passages, unnest(tsvector_to_array(tsv)) word
      WHERE user_id = ANY($1::int[]) GROUP BY user_id, file_id, word`,
    [ids],
  );
  await pool.query('ANALYZE users, chats, messages, kit_files, kit_passages, kit_terms');
  return ids;
}

/** The statements a call makes, kept so EXPLAIN can run the last one again. */
function recordingPool(pool: Pool): {
  pool: Pool;
  last: () => { text: string; values: unknown[] };
} {
  let last = { text: '', values: [] as unknown[] };
  const recorded = new Proxy(pool, {
    get(target, prop) {
      if (prop === 'query')
        return (text: string, values: unknown[]) => {
          last = { text, values };
          return target.query(text, values);
        };
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { pool: recorded, last: () => last };
}

/** Shared buffers (hit and read) the last statement of `run` touches, by EXPLAIN (ANALYZE, BUFFERS). */
async function buffersOf(pool: Pool, run: (pool: Pool) => Promise<unknown>): Promise<number> {
  const recorder = recordingPool(pool);
  await run(recorder.pool);
  const { text, values } = recorder.last();
  const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`,
    values,
  );
  const plan = rows[0]!['QUERY PLAN'][0].Plan;
  return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
}

async function measure(pool: Pool, userId: number, others: number, database: string) {
  const search = (on: Pool, q: string) => searchWork(on, SECRET, userId, { q, range: 'all' });
  const sources = (on: Pool, q: string) => searchKit(on, userId, q, KIT_PASSAGES_PER_CALL);
  for (const q of QUERIES) await search(pool, q);
  const times: number[] = [];
  const kitTimes: number[] = [];
  let hits = 0;
  for (let i = 0; i < SEARCHES; i++) {
    const q = QUERIES[i % QUERIES.length]!;
    let started = performance.now();
    hits += (await search(pool, q)).hits.length;
    times.push(performance.now() - started);
    started = performance.now();
    await sources(pool, q);
    kitTimes.push(performance.now() - started);
  }
  const buffers = await Promise.all(
    [QUERIES[0]!, QUERIES[1]!, QUERIES[4]!].map(async (q) => [
      await buffersOf(pool, (on) => search(on, q)),
      await buffersOf(pool, (on) => sources(on, q)),
    ]),
  );
  const verdict =
    database !== 'Postgres' || others < 1_000
      ? ''
      : percentile(times, 0.95) <= TARGET_P95_MS
        ? ` (target p95 ≤ ${TARGET_P95_MS} ms: within)`
        : ` (target p95 ≤ ${TARGET_P95_MS} ms: OVER)`;
  console.log(`  with ${String(others).padStart(5)} other reps:`);
  console.log(
    `    GET /api/search's command   ${figures(times)}  ${(hits / SEARCHES).toFixed(1)} hits a page${verdict}`,
  );
  console.log(`    the kit's Sources search    ${figures(kitTimes)}`);
  console.log(
    `    shared buffers of one search's main statement (3 queries): search ${buffers.map((b) => b[0]).join(', ')}; Sources ${buffers.map((b) => b[1]).join(', ')}`,
  );
}

async function bench(database: string, db: Database): Promise<void> {
  const tag = `search-bench-${process.pid}-`;
  const started = performance.now();
  const [rep] = await addReps(db.pool, tag, 0, 1);
  await addReps(db.pool, tag, 1, 10);
  console.log(
    `search, ${database}: one rep (${CHATS_PER_REP * MESSAGES_PER_CHAT} messages, ${PASSAGES_PER_REP} kit passages, like every other rep), ${SEARCHES} searches of ${QUERIES.length} queries such as ${JSON.stringify(QUERIES.slice(0, 3))}`,
  );
  try {
    await measure(db.pool, rep!, 10, database);
    await addReps(db.pool, tag, 11, OTHER_REPS - 10);
    const { rows } = await db.pool.query<{ messages: number; passages: number }>(
      `SELECT (SELECT count(*)::int FROM messages) AS messages, (SELECT count(*)::int FROM kit_passages) AS passages`,
    );
    console.log(
      `  (${rows[0]!.messages.toLocaleString('en')} messages and ${rows[0]!.passages.toLocaleString('en')} kit passages in the database; written in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    await measure(db.pool, rep!, OTHER_REPS, database);
  } finally {
    await db.pool.query(`DELETE FROM users WHERE username LIKE $1 || '%'`, [tag]);
  }
}

const url = process.env.TEST_DATABASE_URL;
if (url) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-search-bench-'));
  const postgres = await openDatabase({ databaseUrl: url, dataDir });
  try {
    await bench('Postgres', postgres);
  } finally {
    await postgres.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-search-bench-'));
  const embedded = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await bench('embedded PGlite', embedded);
  } finally {
    await embedded.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('search, Postgres: set TEST_DATABASE_URL (a throwaway database) to measure');
}
