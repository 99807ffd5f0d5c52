// `npx tsx tests/bench/export.bench.ts`. Figures, not tests: the account export
// (api/account/export.routes.ts writeExport, the code GET /api/account/export runs) for a large
// account, 500 chats of 40 messages (about 600 characters each: ~12 MB of text), with its peak
// memory above the process's before it started (heap, and RSS, which holds PGlite's WebAssembly
// memory on the embedded database), its time and the ZIP's size. On the embedded database, and on
// Postgres when TEST_DATABASE_URL names one (a throwaway database: the user is deleted after).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { openDatabase, type Database } from '../../api/db';
import { readAccount } from '../../api/account/export.sql';
import { writeExport } from '../../api/account/export.routes';
import { fillChats } from './fillChats';

const CHATS = 500;
const MESSAGES = 40;
const MB = 1024 * 1024;

async function measure(label: string, db: Database): Promise<void> {
  const userId = await fillChats(db.pool, CHATS, MESSAGES);
  try {
    const account = (await readAccount(db.pool, userId))!;
    globalThis.gc?.();
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const sample = setInterval(() => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    }, 20);
    const out = new PassThrough();
    let bytes = 0;
    out.on('data', (chunk: Buffer) => (bytes += chunk.length));
    const ended = new Promise((resolve) => out.on('end', resolve));
    const started = performance.now();
    await writeExport(db.pool, userId, account, new Date(), out);
    await ended;
    const ms = performance.now() - started;
    clearInterval(sample);
    console.log(
      `export, ${label}: ${CHATS} chats × ${MESSAGES} messages → ZIP ${(bytes / MB).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s; peak above the start: heap ${((peakHeap - before.heapUsed) / MB).toFixed(1)} MB, RSS ${((peakRss - before.rss) / MB).toFixed(1)} MB`,
    );
  } finally {
    await db.pool.query('DELETE FROM users WHERE id = $1', [userId]);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-export-bench-'));
const embedded = await openDatabase({ databaseUrl: undefined, dataDir });
try {
  await measure('embedded', embedded);
} finally {
  await embedded.close();
}
const url = process.env.TEST_DATABASE_URL;
if (url) {
  const postgres = await openDatabase({ databaseUrl: url, dataDir });
  try {
    await measure('Postgres', postgres);
  } finally {
    await postgres.close();
  }
} else console.log('export, Postgres: set TEST_DATABASE_URL (a throwaway database) to measure');
rmSync(dataDir, { recursive: true, force: true });
