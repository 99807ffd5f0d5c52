import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../api/db';
import { IN_MEMORY } from './embedded';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ databaseUrl: undefined, dataDir: IN_MEMORY });
});
afterAll(() => db?.close());

const setting = async (name: string) =>
  (await db.pool.query<{ setting: string }>('SELECT current_setting($1) AS setting', [name]))
    .rows[0]!.setting;

describe('the embedded database', () => {
  it("runs with bounded buffers, as its WebAssembly memory never shrinks (PGlite's defaults are 128 MB and 64 MB)", async () => {
    expect(await setting('shared_buffers')).toBe('16MB');
    expect(await setting('maintenance_work_mem')).toBe('16MB');
    expect(await setting('work_mem')).toBe('4MB');
  });
});
