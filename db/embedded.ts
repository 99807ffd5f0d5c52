import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** Marks an in-memory embedded database (tests, throwaway runs). */
export const IN_MEMORY = 'memory://';

export interface EmbeddedDatabase {
  /** A postgres:// URL for `pg` on loopback. */
  connectionString: string;
  stop(): Promise<void>;
}

/**
 * Start PGlite (WASM Postgres) behind a Postgres wire-protocol socket on loopback, so the app
 * reaches it through the same `pg` Pool as a real Postgres: one data-access code path.
 * PGlite serves one connection at a time: the pool over it must use `max: 1` (stack-notes).
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const inMemory = dataDir === IN_MEMORY;
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(inMemory ? undefined : dataDir);
  // The pool keeps one connection; room for a second lets it reconnect while a dropped one closes.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 2 });
  await server.start();
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
  return {
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
