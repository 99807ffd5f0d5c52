import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db';
import { IN_MEMORY } from '../db/embedded';

// The embedded database is one backend behind a socket: a reconnecting client must still be able
// to prepare the named statements the hot paths use.
let db: Database;
beforeAll(async () => {
  db = await openDatabase({ databaseUrl: undefined, dataDir: IN_MEMORY });
});
afterAll(() => db?.close());

describe('the embedded database', () => {
  it('runs named statements again after its connection is replaced', async () => {
    const named = { name: 'db-test-named', text: 'SELECT $1::int + 1 AS n', values: [41] };
    expect((await db.pool.query(named)).rows[0].n).toBe(42);
    const client = await db.pool.connect();
    client.release(true); // drop the connection, as an error or a restart of the socket would
    expect((await db.pool.query(named)).rows[0].n).toBe(42);
  });
});
