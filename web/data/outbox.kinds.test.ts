// Node, not jsdom: jsdom's Blob cannot be structured-cloned, so fake-indexeddb (and Dexie, which
// keeps only the runtime's own Blob as is) would store an empty object where a browser keeps the Blob.
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PitchpadDb, clearUserData, openUserDb, userDbName } from './db';
import { uuidv7 } from './ids';
import { countWaiting, enqueue, flushOutbox, type Answer, type Handlers } from './outbox';

let db: PitchpadDb;
let userId = 7000;

beforeEach(() => {
  db = openUserDb(++userId);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await clearUserData();
});

/** A file's bytes, as a file picker would hand them over. */
const fileBlob = (text: string, type: string): Promise<Blob> =>
  Promise.resolve(new Blob([text], { type }));

describe('any kind of work: one delivery contract', () => {
  it("carries a kind's Blob offline, retries it with a growing backoff holding its line, fails it when refused, and delivers the next exactly once across two tabs", async () => {
    const line = 'kit:deck';
    const delivered: string[] = [];
    const script: Answer[] = [
      { kind: 'retry', reason: 'The server is busy.' },
      { kind: 'retry', reason: 'The server is busy.' },
      { kind: 'refused', reason: 'Not a PDF.' },
    ];
    const handlers = (slowMs = 0): Handlers => ({
      'test-blob': {
        async deliver(_target, entry) {
          // What IndexedDB kept: the Blob itself, read as the upload would read it.
          const payload = entry.payload as Blob;
          const text = await payload.text();
          await new Promise((resolve) => setTimeout(resolve, slowMs));
          delivered.push(`${entry.clientId}:${payload.type}:${text}`);
          return script.shift() ?? { kind: 'delivered' };
        },
      },
    });
    const first = uuidv7();
    const second = uuidv7();
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await enqueue(db, {
      clientId: first,
      kind: 'test-blob',
      line,
      payload: await fileBlob('%PDF-1.7 deck', 'application/pdf'),
    });
    await enqueue(db, {
      clientId: second,
      kind: 'test-blob',
      line,
      payload: await fileBlob('case study', 'text/plain'),
    });
    // Offline: nothing is tried; the Blob waits in the database.
    expect((await flushOutbox(db, handlers(), { force: true })).blocked).toBe(true);
    expect(delivered).toEqual([]);
    vi.stubGlobal('navigator', { ...navigator, onLine: true });

    const entryOf = async (clientId: string) =>
      (await db.outbox.where('clientId').equals(clientId).first())!;
    const delays: number[] = [];
    for (const attempt of [1, 2]) {
      const before = Date.now();
      const report = await flushOutbox(db, handlers(), { force: true });
      expect(report.blocked).toBe(true);
      expect(report.outcomes.get(first)).toMatchObject({
        state: 'queued',
        reason: 'The server is busy.',
      });
      const entry = await entryOf(first);
      expect(entry).toMatchObject({ state: 'queued', attempts: attempt });
      delays.push(entry.nextAttemptAt - before);
      // The line stopped: the entry behind it was not tried.
      expect((await entryOf(second)).state).toBe('queued');
    }
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    expect(delivered).toEqual([
      `${first}:application/pdf:%PDF-1.7 deck`,
      `${first}:application/pdf:%PDF-1.7 deck`,
    ]);

    // Refused: it fails with the reason and leaves the line; the one behind goes, once, although
    // two tabs (two connections to the same database) flush at once.
    const otherTab = new PitchpadDb(userDbName(userId));
    await Promise.all([
      flushOutbox(db, handlers(20), { force: true }),
      flushOutbox(otherTab, handlers(20), { force: true }),
    ]);
    otherTab.close();
    expect(await entryOf(first)).toMatchObject({ state: 'failed', lastError: 'Not a PDF.' });
    expect(await entryOf(second)).toMatchObject({ state: 'sent' });
    expect(delivered.filter((d) => d.startsWith(second))).toEqual([
      `${second}:text/plain:case study`,
    ]);
    expect(delivered).toHaveLength(4);
    expect(await countWaiting(db)).toBe(0);
  });
});
