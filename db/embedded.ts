import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** Marks an in-memory embedded database (tests, throwaway runs). */
export const IN_MEMORY = 'memory://';

/** The port in the socket's file name: `pg` looks for `<host>/.s.PGSQL.<port>`. Nothing listens on it. */
const SOCKET_PORT = 5432;

/** sun_path is 108 bytes on Linux (104 on macOS), one of them the terminating NUL. */
const MAX_SOCKET_PATH_BYTES = 103;

/** How `pg` reaches the embedded database: a Unix socket directory as `host`, never a TCP port. */
export interface EmbeddedConnection {
  host: string;
  port: number;
  user: string;
  database: string;
}

export interface EmbeddedDatabase {
  connection: EmbeddedConnection;
  /** The socket file, in a directory (mode 0700) that only this process's user can enter. */
  socketPath: string;
  stop(): Promise<void>;
}

/**
 * Start PGlite (WASM Postgres) behind a Postgres wire-protocol socket, so the app reaches it through
 * the same `pg` Pool as a real Postgres: one data-access code path. The socket is a Unix socket in a
 * private directory: PGlite asks for no password, so a TCP port (even on loopback) would hand the
 * whole database to every local user.
 * PGlite serves one connection at a time: the pool over it must use `max: 1` (stack-notes).
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const inMemory = dataDir === IN_MEMORY;
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const socketDir = privateSocketDir(inMemory ? undefined : dataDir);
  const socketPath = join(socketDir.path, `.s.PGSQL.${SOCKET_PORT}`);
  let served: { db: PGlite; server: PGLiteSocketServer };
  try {
    // Before opening the data folder: a live socket means another process has it open.
    await removeStaleSocket(socketPath);
    served = await serveOnSocket(inMemory ? undefined : dataDir, socketPath);
  } catch (err) {
    socketDir.remove();
    throw err;
  }
  const { db, server } = served;
  return {
    connection: { host: socketDir.path, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    socketPath,
    async stop() {
      await server.stop();
      await db.close();
      rmSync(socketPath, { force: true });
      socketDir.remove();
    },
  };
}

/**
 * Postgres settings for the embedded database, given at every start (command-line `-c`, over the
 * data folder's postgresql.conf). PGlite runs Postgres inside one WebAssembly memory that only ever
 * grows: at least 128 MiB, and whatever Postgres allocates in it stays resident for the life of the
 * process. The biggest piece is shared_buffers, which initdb sets to 128 MB and Postgres touches at
 * start: 16 MB cuts the idle process by about 130 MiB (measured with tests/bench/start.bench.ts).
 * A small team's data fits in it, and a page that does not is read through the operating system's
 * file cache (or from the in-memory file system in tests). work_mem stays at its 4 MB default;
 * maintenance_work_mem (index builds in migrations) is bounded the same way, as its peak would stay.
 */
const EMBEDDED_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];

/**
 * The Postgres extensions the migrations create, which PGlite must be handed at start (a real
 * Postgres has them in its contrib package): search folds accents (unaccent) and finds a rep's rows
 * through one index on the rep and the words (btree_gin). See db/migrations/0031_add_search.sql.
 */
const EMBEDDED_EXTENSIONS = { btree_gin, unaccent };

async function serveOnSocket(
  dataDir: string | undefined,
  socketPath: string,
): Promise<{ db: PGlite; server: PGLiteSocketServer }> {
  const db = await PGlite.create(dataDir, {
    extensions: EMBEDDED_EXTENSIONS,
    startParams: [
      ...PGlite.defaultStartParams,
      ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting]),
    ],
  });
  // The pool keeps one connection; room for a second lets it reconnect while a dropped one closes.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });
  try {
    await server.start();
  } catch (err) {
    await db.close();
    throw err;
  }
  return { db, server };
}

interface SocketDir {
  path: string;
  /** Removes the directory if it was made for this run only. */
  remove(): void;
}

/**
 * The directory the socket lives in, mode 0700. With a data folder: `<DATA_DIR>/socket`, kept.
 * In memory, or when DATA_DIR is so deep that the socket's path would pass the kernel's limit on
 * socket paths: a fresh 0700 directory under the system temp folder, removed on stop.
 */
function privateSocketDir(dataDir: string | undefined): SocketDir {
  if (dataDir !== undefined) {
    const dir = join(resolve(dataDir), 'socket');
    if (Buffer.byteLength(join(dir, `.s.PGSQL.${SOCKET_PORT}`)) <= MAX_SOCKET_PATH_BYTES) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      chmodSync(dir, 0o700); // a directory left by an older run or made by hand may be wider
      return { path: dir, remove() {} };
    }
  }
  // mkdtemp creates the directory with mode 0700.
  const dir = mkdtempSync(join(tmpdir(), 'pitchpad-db-'));
  return { path: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A socket file left by a killed process blocks listen() (EADDRINUSE). Remove it, unless a live
 * server still answers on it: then another process is using this DATA_DIR, and two PGlite
 * instances on one data folder would corrupt it.
 */
async function removeStaleSocket(socketPath: string): Promise<void> {
  const stat = lstatSync(socketPath, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isSocket())
    throw new Error(`${socketPath} exists and is not a socket; move it away and start again`);
  const live = await new Promise<boolean>((done) => {
    const probe = connect(socketPath);
    probe.once('connect', () => (probe.destroy(), done(true)));
    probe.once('error', () => done(false));
  });
  if (live)
    throw new Error(
      `The embedded database in ${socketPath} is in use by another process (is Pitchpad already running on this DATA_DIR?)`,
    );
  unlinkSync(socketPath);
}
