// `npm run build` (its last step): a data folder for the embedded database made ready in advance,
// initdb run and every migration applied, which a first start on an empty DATA_DIR copies instead of
// making one (db/embedded.ts). `tsx db/makeTemplate.ts [dir]`; the default is EMBEDDED_TEMPLATE_DIR.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Pool } from 'pg';
import {
  EMBEDDED_TEMPLATE_DIR,
  migrationDigest,
  pgliteVersion,
  startEmbeddedDatabase,
  TEMPLATE_STAMP,
  type TemplateStamp,
} from './embedded';
import { migrate, readMigrations } from './migrate';

/** Make the ready folder `dir` afresh: a database with every migration, and its stamp. */
export async function makeEmbeddedTemplate(dir = EMBEDDED_TEMPLATE_DIR): Promise<TemplateStamp> {
  rmSync(dir, { recursive: true, force: true });
  // An empty folder of its own, never seeded from an older ready folder.
  const db = await startEmbeddedDatabase(dir, { template: null });
  const pool = new Pool({ ...db.connection, max: 1 });
  let stamp: TemplateStamp;
  try {
    const applied = new Set(await migrate(pool));
    stamp = {
      pglite: pgliteVersion(),
      migrations: readMigrations()
        .filter((m) => applied.has(m.name))
        .map((m) => ({ name: m.name, sha256: migrationDigest(m.sql) })),
    };
  } finally {
    await pool.end();
    // A clean stop: Postgres writes its checkpoint, so the copy starts with nothing to recover.
    await db.stop();
  }
  // Stamped only once stopped cleanly: a folder without its stamp is never copied.
  writeFileSync(join(dir, TEMPLATE_STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
  return stamp;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const stamp = await makeEmbeddedTemplate(process.argv[2]);
  console.log(
    `embedded database made ready in ${process.argv[2] ?? EMBEDDED_TEMPLATE_DIR}: PGlite ${stamp.pglite}, ${stamp.migrations.length} migrations`,
  );
}
