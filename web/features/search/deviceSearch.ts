/**
 * Search on this phone, instantly and with no signal: the API the search screen calls. The index
 * (deviceIndex.ts) runs in a Web Worker where there is one (searchIndex.worker.ts), else in the
 * page (tests). One index per signed-in rep; logout drops it (`dropDeviceIndex`) before their
 * database, which holds its saved copy, is deleted.
 */
import type { SearchKind, SearchRange } from '../../../domain/contract/searchBasics';
import { openUserDb } from '../../data/db';
import { DeviceIndex, type DeviceQuery, type DeviceResults } from './deviceIndex';

/** Hits asked for when the screen names no limit. */
const DEFAULT_LIMIT = 50;

/** What the page asks the worker. */
export type WorkerRequest =
  | { type: 'start'; userId: number }
  | { type: 'search'; id: number; userId: number; query: DeviceQuery; limit: number }
  | { type: 'stop' };

/** What the worker answers. */
export type WorkerReply =
  | ({ type: 'hits'; id: number } & DeviceResults)
  | { type: 'failed'; id: number; message: string }
  | { type: 'stopped' };

interface Runner {
  search(query: DeviceQuery, limit: number): Promise<DeviceResults>;
  /** Stop following changes: saving what is not saved yet, or not (`save: false`, logout). */
  stop(save: boolean): Promise<void>;
  /** How many startDeviceIndex calls hold it. */
  holders: number;
}

const runners = new Map<number, Runner>();

function inWorker(userId: number): Runner {
  const worker = new Worker(new URL('./searchIndex.worker.ts', import.meta.url), {
    type: 'module',
    name: 'search-index',
  });
  const waiting = new Map<number, (reply: WorkerReply) => void>();
  let stopped: (() => void) | null = null;
  let nextId = 0;
  worker.addEventListener('message', (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    if (reply.type === 'stopped') stopped?.();
    else {
      waiting.get(reply.id)?.(reply);
      waiting.delete(reply.id);
    }
  });
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- Worker.postMessage has no target origin
  const post = (request: WorkerRequest) => worker.postMessage(request);
  post({ type: 'start', userId });
  return {
    holders: 0,
    search: (query, limit) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, (reply) =>
          reply.type === 'hits'
            ? resolve({ hits: reply.hits, complete: reply.complete })
            : reject(new Error(String(reply))),
        );
        post({ type: 'search', id, userId, query, limit });
      }),
    stop: async (save) => {
      if (save) {
        // Let it save what it has not (a second at most), then end it.
        await Promise.race([
          new Promise<void>((resolve) => {
            stopped = resolve;
            post({ type: 'stop' });
          }),
          new Promise((resolve) => setTimeout(resolve, 1_000)),
        ]);
      }
      worker.terminate();
      for (const answer of waiting.values())
        answer({ type: 'failed', id: -1, message: 'search stopped' });
      waiting.clear();
    },
  };
}

function inPage(userId: number): Runner {
  const index = new DeviceIndex(openUserDb(userId));
  void index.start();
  return {
    holders: 0,
    search: (query, limit) => index.search(query, limit),
    stop: (save) => index.stop({ save }),
  };
}

function runnerFor(userId: number): Runner {
  let runner = runners.get(userId);
  if (!runner) {
    runner = typeof Worker === 'function' ? inWorker(userId) : inPage(userId);
    runners.set(userId, runner);
  }
  return runner;
}

/** Starts keeping the signed-in rep's index up to date (call once at app start); returns stop. */
export function startDeviceIndex(userId: number): () => void {
  const runner = runnerFor(userId);
  runner.holders++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--runner.holders > 0 || runners.get(userId) !== runner) return;
    runners.delete(userId);
    void runner.stop(true);
  };
}

/** Hits on this phone for the query, best first (newest relevant first), at most `limit`. */
export function searchOnDevice(
  userId: number,
  query: { q: string; kinds?: SearchKind[]; range?: SearchRange },
  limit = DEFAULT_LIMIT,
): Promise<DeviceResults> {
  return runnerFor(userId).search(query, limit);
}

/**
 * Logout: stop the rep's index at once without saving, so nothing holds or writes their database
 * while it is deleted (the saved index goes with it).
 */
export async function dropDeviceIndex(userId: number): Promise<void> {
  const runner = runners.get(userId);
  runners.delete(userId);
  await runner?.stop(false);
}
