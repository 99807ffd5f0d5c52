// `npm run build` (its last step): a data folder for the embedded database made ready in advance,
// initdb run and every migration applied, which a first start on an empty DATA_DIR copies instead of
// making one (db/embedded.ts). `tsx db/makeTemplate.ts [dir]`; the default is EMBEDDED_TEMPLATE_DIR.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import {
  EMBEDDED_TEMPLATE_DIR,
  pgliteVersion,
  startEmbeddedDatabase,
  TEMPLATE_STAMP,
  type TemplateStamp,
} from './embedded';
import { migrate } from './migrate';

/** Make the ready folder `dir` afresh: a database with every migration, and its stamp. */
export async function makeEmbeddedTemplate(dir = EMBEDDED_TEMPLATE_DIR): Promise<TemplateStamp> {
  rmSync(dir, { recursive: true, force: true });
  // An empty folder of its own, never seeded from an older ready folder.
  const db = await startEmbeddedDatabase(dir, { template: null });
  const pool = new Pool({ ...db.connection, max: 1 });
  try {
    await migrate(pool);
    const { rows } = await pool.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    const stamp: TemplateStamp = { pglite: pgliteVersion(), migrations: rows.map((r) => r.name) };
    writeFileSync(join(dir, TEMPLATE_STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
    return stamp;
  } finally {
    await pool.end();
    // A clean stop: Postgres writes its checkpoint, so the copy starts with nothing to recover.
    await db.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stamp = await makeEmbeddedTemplate(process.argv[2]);
  console.log(
    `embedded database made ready in ${process.argv[2] ?? EMBEDDED_TEMPLATE_DIR}: PGlite ${stamp.pglite}, ${stamp.migrations.length} migrations`,
  );
}
