import { Pool as PgPool } from 'pg';
import { startEmbeddedDatabase } from '../db/embedded';
import { migrate } from '../db/migrate';

export type Pool = PgPool;

export interface Database {
  pool: PgPool;
  /** What start-up prints: 'embedded (<dir>)' or the host of DATABASE_URL. */
  label: string;
  close(): Promise<void>;
}

/** The host (and database) of a Postgres URL, without credentials, for logs. */
export function describeDatabaseUrl(url: string): string {
  const u = new URL(url);
  return `postgres at ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
}

/**
 * Open the database: the Postgres at `databaseUrl`, or the embedded PGlite in `dataDir`.
 * Either way the app gets a `pg` Pool; migrations are applied before it is returned.
 */
export async function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  const embedded = opts.databaseUrl ? undefined : await startEmbeddedDatabase(opts.dataDir);
  const pool = new PgPool(
    embedded
      ? {
          // PGlite: one connection (stack-notes), kept open; it is one backend for every socket.
          // Reached over its Unix socket (a directory as host), never over TCP.
          ...embedded.connection,
          max: 1,
          idleTimeoutMillis: 0,
          // PGlite keeps prepared statements across socket connections, but a new pg client believes
          // it has none: forget them before a (re)opened connection is used, or named statements collide.
          onConnect: async (client) => {
            await client.query('DEALLOCATE ALL');
          },
        }
      : { connectionString: opts.databaseUrl, max: 10 },
  );
  // An idle client that errors (e.g. the server restarts) must not crash the process.
  pool.on('error', (err) => console.error('[db] idle client error:', err.message));
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end();
    await embedded?.stop();
    throw err;
  }
  return {
    pool,
    label: embedded ? `embedded PGlite (${opts.dataDir})` : describeDatabaseUrl(opts.databaseUrl!),
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
