/**
 * The page searchDevice.bench.ts opens in Chromium: the device index (web/features/search) over a
 * busy rep's phone, run on the page's main thread so the CPU slowdown applies to all of it (the app
 * runs it in a worker). It answers the bench through `window.searchBench`, in milliseconds.
 */
import { PitchpadDb } from '../../web/data/db';
import { DeviceIndex } from '../../web/features/search/deviceIndex';
import type { SavedTermIndex } from '../../web/features/search/termIndex';
import { BENCH_QUERIES, buildBenchPhone } from './searchCorpus';

const NAME = 'pitchpad-user-1';
const longTasks: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: true });

const heapBytes = () =>
  (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ??
  0;
/** About what the saved index takes: its arrays' bytes and its strings' characters (two bytes each). */
function savedBytes(saved: SavedTermIndex | undefined): number {
  if (!saved) return 0;
  let bytes = 0;
  for (const value of Object.values(saved))
    bytes += ArrayBuffer.isView(value)
      ? value.byteLength
      : (value as string[]).reduce((sum, s) => sum + 2 * s.length, 0);
  return bytes;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

async function seed(count: number): Promise<void> {
  const db = new PitchpadDb(NAME);
  const phone = buildBenchPhone(count);
  await db.chats.bulkPut(phone.chats);
  for (let i = 0; i < phone.messages.length; i += 2_000)
    await db.messages.bulkPut(phone.messages.slice(i, i + 2_000));
  db.close();
}

/** Build the index from the rows (a first start), then save it, as the app would. */
async function build(): Promise<{
  buildMs: number;
  firstHitsMs: number;
  saveMs: number;
  bytes: number;
  heapMb: number;
  longTasks: number[];
}> {
  const db = new PitchpadDb(NAME);
  await db.open();
  await settle();
  longTasks.length = 0;
  const heapBefore = heapBytes();
  const index = new DeviceIndex(db);
  const started = performance.now();
  const building = index.start();
  // Searches answer during a first build: how soon the first 20 hits for a common word are found
  // (the rep's newest messages are read first).
  let firstHitsMs = Number.NaN;
  while (Number.isNaN(firstHitsMs)) {
    if ((await index.search({ q: 'pricing ' }, 20)).hits.length === 20)
      firstHitsMs = performance.now() - started;
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await building;
  const buildMs = performance.now() - started;
  const heapMb = (heapBytes() - heapBefore) / 1e6;
  const tasks = [...longTasks];
  const saving = performance.now();
  await index.stop();
  const saveMs = performance.now() - saving;
  const row = await db.searchIndex.get('device');
  const bytes = savedBytes((row?.value as { index: SavedTermIndex } | undefined)?.index);
  db.close();
  return { buildMs, firstHitsMs, saveMs, bytes, heapMb, longTasks: tasks };
}

let warm: DeviceIndex | null = null;

/** A start with the index saved and nothing changed: load it and read what changed (nothing). */
async function restart(): Promise<{ startMs: number; rowsRead: number; longTasks: number[] }> {
  const db = new PitchpadDb(NAME);
  await db.open();
  await settle();
  longTasks.length = 0;
  warm = new DeviceIndex(db);
  const started = performance.now();
  await warm.start();
  return {
    startMs: performance.now() - started,
    rowsRead: warm.stats.rowsRead,
    longTasks: [...longTasks],
  };
}

/** Each query typed a key at a time: the time of each keystroke's search (20 hits). */
async function type(): Promise<{ keystrokes: number[]; typed: string[]; longTasks: number[] }> {
  if (!warm) throw new Error('restart first');
  await settle();
  longTasks.length = 0;
  const keystrokes: number[] = [];
  const typed: string[] = [];
  for (const query of BENCH_QUERIES)
    for (let i = 1; i <= query.length; i++) {
      const started = performance.now();
      await warm.search({ q: query.slice(0, i) }, 50);
      keystrokes.push(performance.now() - started);
      typed.push(query.slice(0, i));
    }
  return { keystrokes, typed, longTasks: [...longTasks] };
}

Object.assign(window, { searchBench: { seed, build, restart, type } });
