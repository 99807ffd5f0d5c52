import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../api/db';
import {
  IN_MEMORY,
  seedFromTemplate,
  startEmbeddedDatabase,
  TEMPLATE_STAMP,
  type TemplateStamp,
} from './embedded';
import { makeEmbeddedTemplate } from './makeTemplate';
import { readMigrations } from './migrate';

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

describe('a first start on an empty data folder', () => {
  let root: string;
  let template: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'pitchpad-template-test-'));
    template = join(root, 'template');
    await makeEmbeddedTemplate(template);
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('copies the ready folder: every migration is there before any runs, and files already in the folder stay', async () => {
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'session-secret'), 'kept');
    const embedded = await startEmbeddedDatabase(dataDir, { template });
    const pool = new Pool({ ...embedded.connection, max: 1 });
    try {
      const { rows } = await pool.query<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY name',
      );
      expect(rows.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name));
      // A working database, with the schema and no rows: the rep's data starts here.
      expect((await pool.query('SELECT count(*)::int AS n FROM users')).rows).toEqual([{ n: 0 }]);
      await pool.query(
        "INSERT INTO rate_limits (key, window_start, count) VALUES ('seeded', now(), 1)",
      );
      expect((await pool.query('SELECT key FROM rate_limits')).rows).toEqual([{ key: 'seeded' }]);
    } finally {
      await pool.end();
      await embedded.stop();
    }
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8')).toBe('kept');
    expect(existsSync(join(dataDir, TEMPLATE_STAMP))).toBe(false);
  });

  it('leaves a folder that holds a database alone, and uses no ready folder from another PGlite release or holding a migration this code does not have as it is', () => {
    const stampFile = join(template, TEMPLATE_STAMP);
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as TemplateStamp;
    const tryWith = (changed: TemplateStamp) => {
      writeFileSync(stampFile, JSON.stringify(changed));
      const dataDir = mkdtempSync(join(root, 'empty-'));
      const seeded = seedFromTemplate(dataDir, template);
      return { seeded, hasDatabase: existsSync(join(dataDir, 'PG_VERSION')) };
    };
    const [first, ...rest] = stamp.migrations;
    try {
      expect(tryWith({ ...stamp, pglite: '0.0.1' })).toEqual({ seeded: false, hasDatabase: false });
      expect(
        tryWith({
          ...stamp,
          migrations: [...stamp.migrations, { name: '9999_from_the_future.sql', sha256: 'f' }],
        }),
      ).toEqual({ seeded: false, hasDatabase: false });
      // A migration edited since the ready folder was made.
      expect(tryWith({ ...stamp, migrations: [{ ...first!, sha256: 'edited' }, ...rest] })).toEqual(
        { seeded: false, hasDatabase: false },
      );
      expect(tryWith(stamp)).toEqual({ seeded: true, hasDatabase: true });
    } finally {
      writeFileSync(stampFile, JSON.stringify(stamp));
    }
    // The template itself holds a database: seeding it again changes nothing.
    expect(seedFromTemplate(template, template)).toBe(false);
  });

  it('fills again a folder whose copy was cut short: no PG_VERSION yet, a file half written', () => {
    const dataDir = mkdtempSync(join(root, 'cut-'));
    mkdirSync(join(dataDir, 'global'));
    writeFileSync(join(dataDir, 'global', 'pg_control'), 'half');
    expect(seedFromTemplate(dataDir, template)).toBe(true);
    expect(readFileSync(join(dataDir, 'global', 'pg_control'))).toEqual(
      readFileSync(join(template, 'global', 'pg_control')),
    );
    expect(existsSync(join(dataDir, 'socket'))).toBe(false);
  });
});
