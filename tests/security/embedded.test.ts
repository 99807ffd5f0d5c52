import { spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../api/db';
import { IN_MEMORY, startEmbeddedDatabase } from '../../db/embedded';

/**
 * The TCP ports this process listens on, from the kernel's own tables: the inodes of our open
 * sockets (/proc/self/fd) matched against /proc/net/tcp{,6} rows in state LISTEN (0A).
 */
function tcpPortsWeListenOn(): Set<number> {
  const ourSockets = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (m) ourSockets.add(m[1]!);
    } catch {
      /* closed while we looked */
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A' && ourSockets.has(cols[9]!))
        ports.add(parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

const mode = (path: string) => statSync(path).mode & 0o777;

let db: Database | undefined;
const tempDirs: string[] = [];
const tempDir = (prefix = 'pitchpad-embedded-test-') => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterEach(async () => {
  await db?.close();
  db = undefined;
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Each test creates a database on disk (initdb): slow on a loaded 2-core machine.
describe('the embedded database is not a network service', { timeout: 90_000 }, () => {
  it('listens on a Unix socket in <DATA_DIR>/socket (mode 0700), and on no TCP port', async () => {
    // The check itself must see a TCP listener when there is one.
    const probe = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => probe.once('listening', r));
    expect(tcpPortsWeListenOn()).toContain((probe.address() as { port: number }).port);
    await new Promise((r) => probe.close(r));

    const before = tcpPortsWeListenOn();
    const dataDir = tempDir();
    db = await openDatabase({ databaseUrl: undefined, dataDir });
    expect((await db.pool.query('SELECT 1 + 1 AS n')).rows[0].n).toBe(2);

    expect([...tcpPortsWeListenOn()].filter((p) => !before.has(p))).toEqual([]);
    const socketDir = join(dataDir, 'socket');
    expect(lstatSync(join(socketDir, '.s.PGSQL.5432')).isSocket()).toBe(true);
    expect(mode(socketDir)).toBe(0o700);
    // pg is told a socket directory, not an address.
    const options = (
      db.pool as unknown as { options: { host?: string; connectionString?: string } }
    ).options;
    expect(options.host).toBe(socketDir);
    expect(options.connectionString).toBeUndefined();
  });

  it('in memory, the socket gets its own 0700 temp directory, removed on close', async () => {
    const embedded = await startEmbeddedDatabase(IN_MEMORY);
    const dir = embedded.connection.host;
    try {
      expect(dir.startsWith(tmpdir())).toBe(true);
      expect(mode(dir)).toBe(0o700);
      expect(lstatSync(embedded.socketPath).isSocket()).toBe(true);
    } finally {
      await embedded.stop();
    }
    expect(existsSync(dir)).toBe(false);
  });

  it('starts over a socket file left by a killed process', async () => {
    const dataDir = tempDir();
    const first = await startEmbeddedDatabase(dataDir);
    await first.stop();
    // A process killed while listening leaves its socket file behind.
    const killed = spawn(process.execPath, [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(first.socketPath)}, () => console.log('up'))`,
    ]);
    await new Promise((r) => killed.stdout.once('data', r));
    killed.kill('SIGKILL');
    await new Promise((r) => killed.once('exit', r));
    expect(lstatSync(first.socketPath).isSocket()).toBe(true);

    db = await openDatabase({ databaseUrl: undefined, dataDir });
    expect((await db.pool.query('SELECT 1 AS n')).rows[0].n).toBe(1);
  });

  it('refuses a DATA_DIR another running process is serving', async () => {
    const dataDir = tempDir();
    db = await openDatabase({ databaseUrl: undefined, dataDir });
    await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(/in use by another process/);
    expect((await db.pool.query('SELECT 1 AS n')).rows[0].n).toBe(1);
  });

  it('with a DATA_DIR too deep for a socket path, uses a 0700 temp directory instead', async () => {
    const dataDir = join(tempDir(), 'a'.repeat(60), 'b'.repeat(60));
    const embedded = await startEmbeddedDatabase(dataDir);
    try {
      expect(embedded.connection.host.startsWith(tmpdir())).toBe(true);
      expect(mode(embedded.connection.host)).toBe(0o700);
      await new Promise<void>((resolve, reject) => {
        const s = connect(embedded.socketPath, () => (s.destroy(), resolve()));
        s.once('error', reject);
      });
    } finally {
      await embedded.stop();
    }
    expect(existsSync(embedded.connection.host)).toBe(false);
  });
});
