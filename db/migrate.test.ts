import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pool } from 'pg';
import { startEmbeddedDatabase, type EmbeddedDatabase, IN_MEMORY } from './embedded';
import { migrate, readMigrations } from './migrate';

// The runner on its own database, so a failing migration cannot touch the app's.
let embedded: EmbeddedDatabase;
let pool: Pool;
beforeAll(async () => {
  embedded = await startEmbeddedDatabase(IN_MEMORY);
  pool = new Pool({ ...embedded.connection, max: 1 });
});
afterAll(async () => {
  await pool?.end();
  await embedded?.stop();
});

describe('migrate', () => {
  it('applies every migration once, in order, and records each', async () => {
    const all = readMigrations();
    expect(all.map((m) => m.name)).toEqual(all.map((m) => m.name).toSorted());
    expect(await migrate(pool)).toEqual(all.map((m) => m.name));
    expect(await migrate(pool)).toEqual([]);
    const recorded = (
      await pool.query('SELECT name FROM schema_migrations ORDER BY name')
    ).rows.map((r) => r.name);
    expect(recorded).toEqual(all.map((m) => m.name));
    const tables = (
      await pool.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
      )
    ).rows.map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'chats',
        'messages',
        'session',
        'user_session',
        'workflows',
        'stripe_events',
        'rate_limits',
      ]),
    );
  });

  it('rolls a failing migration back whole and records nothing of it', async () => {
    const bad = [
      {
        name: '9999_break_things.sql',
        sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();',
      },
    ];
    await expect(migrate(pool, bad)).rejects.toThrow(/Migration 9999_break_things.sql failed/);
    const exists = (await pool.query(`SELECT to_regclass('public.half_done') AS t`)).rows[0].t;
    expect(exists).toBeNull();
    expect(
      (
        await pool.query(
          `SELECT count(*)::int AS n FROM schema_migrations WHERE name = '9999_break_things.sql'`,
        )
      ).rows[0].n,
    ).toBe(0);
  });
});
