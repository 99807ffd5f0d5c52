import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { readMigrations } from './migrate';

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
export async function startEmbeddedDatabase(
  dataDir: string,
  /** The ready folder to fill an empty data folder from (EMBEDDED_TEMPLATE_DIR); null for none. */
  opts: { template?: string | null } = {},
): Promise<EmbeddedDatabase> {
  const inMemory = dataDir === IN_MEMORY;
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    if (opts.template !== null) seedFromTemplate(dataDir, opts.template ?? EMBEDDED_TEMPLATE_DIR);
  }
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
 * Where the build keeps a data folder made ready in advance (`npm run build`: db/makeTemplate.ts).
 * Postgres's initdb, which PGlite runs in WebAssembly on an empty data folder, takes about 6 s on
 * this machine and the migrations half a second more, all on a first start; copying the ready
 * folder takes a fraction of that. Absent (no build yet, `npm run dev` before one), the first start
 * makes the folder itself.
 */
export const EMBEDDED_TEMPLATE_DIR = fileURLToPath(
  new URL('../dist/embedded-template/', import.meta.url),
);

/** What a ready folder was made with, kept beside its files (never copied into a data folder). */
export const TEMPLATE_STAMP = 'pitchpad-template.json';

export interface TemplateStamp {
  /** The PGlite release that made it: another release may not read its files. */
  pglite: string;
  /** The migrations it holds, each with a digest of its SQL (one edited since does not match). */
  migrations: Array<{ name: string; sha256: string }>;
}

/** The digest a stamp keeps of a migration's SQL. */
export const migrationDigest = (sql: string) => createHash('sha256').update(sql).digest('hex');

/** The installed PGlite's release. */
export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@electric-sql/pglite');
  // The package's own package.json, found from its entry point upwards.
  for (let dir = resolve(main, '..'); dir !== resolve(dir, '..'); dir = resolve(dir, '..')) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version: string };
    if (pkg.name === '@electric-sql/pglite') return pkg.version;
  }
  throw new Error('@electric-sql/pglite: package.json not found');
}

/**
 * A data folder with no database yet (no PG_VERSION) is filled from the ready folder `template`,
 * when there is one made by this PGlite release with migrations this code holds as they are (the
 * rest are applied at start as on any database). Files already in the folder (the session secret)
 * stay. PG_VERSION is copied last: a copy cut short leaves a folder still taken for empty, which the
 * next start fills again.
 */
export function seedFromTemplate(dataDir: string, template: string): boolean {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return false;
  const stampFile = join(template, TEMPLATE_STAMP);
  if (!existsSync(stampFile) || !existsSync(join(template, 'PG_VERSION'))) return false;
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as TemplateStamp;
  const known = new Map(readMigrations().map((m) => [m.name, migrationDigest(m.sql)]));
  if (
    stamp.pglite !== pgliteVersion() ||
    !stamp.migrations.every((m) => known.get(m.name) === m.sha256)
  )
    return false;
  const skipped = new Set([TEMPLATE_STAMP, 'socket', 'PG_VERSION']);
  cpSync(template, dataDir, {
    recursive: true,
    force: true,
    filter: (source) => source === template || !skipped.has(relative(template, source)),
  });
  copyFileSync(join(template, 'PG_VERSION'), join(dataDir, 'PG_VERSION'));
  return true;
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
