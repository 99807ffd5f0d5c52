// `npm run bench` (sales kit part). Figures, not tests:
//  - how long reading a 40-page PDF takes (its text, cut into passages);
//  - retrieval for a rep with 20 files of ~300 passages each: p50 and p95 of 200 searches, on the
//    embedded database, and on Postgres when TEST_DATABASE_URL names one (a throwaway database:
//    the bench adds a user and their files, and removes them after). Target: p95 ≤ 20 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { extractText, splitPassages } from '../../api/kit/extract';
import { saveKitFile, searchKit } from '../../api/kit/kit.sql';
import { openDatabase, type Database } from '../../api/db';
import { KIT_PASSAGES_PER_CALL } from '../../domain/limits';
import { pdfOf } from '../factories/documents';

// A kit reads like prose: a few words are everywhere, most are rare (Zipf). 3,000 made-up words
// of two or three syllables, the n-th most common used about 1/n as often as the first; the
// queries ask with words of every rank, as a rep's questions do.
const SYLLABLES = 'ka lo mi ne tu ra se vo di pa fe gu zo li ma no re ti sa bu'.split(' ');
const VOCABULARY = Array.from({ length: 3000 }, (_, i) => {
  const a = SYLLABLES[i % 20]!;
  const b = SYLLABLES[Math.floor(i / 20) % 20]!;
  const c = i >= 400 ? SYLLABLES[Math.floor(i / 400) % 20]! : '';
  return `${a}${b}${c}x`;
});
const HARMONIC = VOCABULARY.reduce((sum, _, i) => sum + 1 / (i + 1), 0);

/** A made-up word by Zipf's law, from a number in [0, 1). */
function zipfWord(u: number): string {
  let acc = 0;
  for (let i = 0; i < VOCABULARY.length; i++) {
    acc += 1 / (i + 1) / HARMONIC;
    if (u < acc) return VOCABULARY[i]!;
  }
  return VOCABULARY.at(-1)!;
}

/** A repeatable pseudo-random number in [0, 1) for `seed`. */
function random(seed: number): number {
  const x = Math.sin(seed * 12.9898 + 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** A sentence of `n` words drawn by `seed`, so every run writes the same kit. */
function sentence(seed: number, n = 14): string {
  return `${Array.from({ length: n }, (_, i) => zipfWord(random(seed * 31 + i))).join(' ')}.`;
}

/** Questions of five words, as a rep asks them: common and rare words together. */
const QUERIES = Array.from({ length: 50 }, (_, q) =>
  Array.from({ length: 5 }, (__, i) => zipfWord(random(900_000 + q * 7 + i))).join(' '),
);

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
function percentile(values: number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function extraction(): Promise<void> {
  const pages = Array.from({ length: 40 }, (_, p) =>
    Array.from({ length: 40 }, (__, l) => sentence(p * 40 + l, 10)),
  );
  const pdf = await pdfOf(pages);
  const times: number[] = [];
  let passages = 0;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const text = await extractText('deck.pdf', pdf);
    passages = splitPassages(text.pages).length;
    times.push(performance.now() - started);
  }
  console.log(
    `40-page PDF (${Math.round(pdf.length / 1024)} kB): read and cut into ${passages} passages in ${median(times).toFixed(0)} ms (median of 5)`,
  );
}

async function retrieval(label: string, db: Database): Promise<void> {
  const { rows } = await db.pool.query<{ id: number }>(
    `INSERT INTO users (username, email, password) VALUES ($1, $1 || '@bench.example', 'x') RETURNING id`,
    [`kit-bench-${process.pid}-${Date.now()}`],
  );
  const userId = rows[0]!.id;
  try {
    for (let f = 0; f < 20; f++) {
      const passages = Array.from({ length: 300 }, (_, i) => ({
        page: Math.floor(i / 10) + 1,
        text: Array.from({ length: 6 }, (__, s) => sentence(f * 3000 + i * 6 + s)).join(' '),
      }));
      await saveKitFile(
        db.pool,
        userId,
        {
          id: `bench-file-${String(f).padStart(11, '0')}`,
          name: `file ${f}.pdf`,
          kind: 'pdf',
          bytes: 1,
          pages: 30,
        },
        passages,
        { maxFiles: 20, config: 'english' },
      );
    }
    for (const q of QUERIES) await searchKit(db.pool, userId, q, KIT_PASSAGES_PER_CALL);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await searchKit(db.pool, userId, QUERIES[i % QUERIES.length]!, KIT_PASSAGES_PER_CALL);
      times.push(performance.now() - started);
    }
    console.log(
      `retrieval, ${label}, 20 files × 300 passages: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (200 searches; target p95 ≤ 20 ms)`,
    );
  } finally {
    await db.pool.query('DELETE FROM users WHERE id = $1', [userId]);
  }
}

await extraction();
const dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-kit-bench-'));
const embedded = await openDatabase({ databaseUrl: undefined, dataDir });
try {
  await retrieval('embedded PGlite', embedded);
} finally {
  await embedded.close();
  rmSync(dataDir, { recursive: true, force: true });
}
const url = process.env.TEST_DATABASE_URL;
if (url) {
  const postgres = await openDatabase({ databaseUrl: url, dataDir });
  try {
    await retrieval('Postgres', postgres);
  } finally {
    await postgres.close();
  }
} else console.log('retrieval, Postgres: set TEST_DATABASE_URL (a throwaway database) to measure');
