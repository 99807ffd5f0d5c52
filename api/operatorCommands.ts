// What an operator runs from the server's shell: `npm run grant-pro` / `revoke-pro` and
// `npm run setup-link`. With DATABASE_URL, or with the server stopped, the command opens the
// database itself. While a server runs on the embedded database, no second process may open it
// (PGlite is one process's database, and its socket serves one session to every connection, so a
// second client's statements could land between the server's own): the command asks the running
// server instead, over a Unix socket in DATA_DIR's private socket folder, and the server runs it
// with its own pool.
import { lstatSync, unlinkSync } from 'node:fs';
import { createServer, connect, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { addressToOpen, paymentsEnabled, type Config } from './config';
import type { Pool } from './db';
import { IN_MEMORY } from '../db/embedded';
import { setGrantByUsername } from './billing/planSettings.sql';
import { issueSetupToken, setupLink } from './settings/setupToken';

export type OperatorCommand =
  { command: 'grant' | 'revoke'; username: string } | { command: 'setup-link' };

/** What a command prints, and whether it did what was asked. */
export interface OperatorAnswer {
  ok: boolean;
  message: string;
}

/** Run `request` on `pool`; `where` names the database for the answer ('embedded PGlite (.data)'). */
export async function runOperatorCommand(
  pool: Pool,
  config: Config,
  request: OperatorCommand,
  where: string,
): Promise<OperatorAnswer> {
  if (request.command === 'setup-link') {
    const { rows } = await pool.query<{ username: string }>(
      'SELECT username FROM users WHERE is_operator ORDER BY id',
    );
    if (rows.length)
      return {
        ok: false,
        message: `This server has its operator already (${rows.map((r) => r.username).join(', ')}): a setup link would not be accepted.`,
      };
    const token = await issueSetupToken(pool, config.sessionSecret);
    return {
      ok: true,
      message: `A new setup link for ${where} (the previous one no longer works):\n\n  ${setupLink(addressToOpen(config, config.port), token)}\n\nOpen it and sign in (or create an account) to become this server's operator. It works once.`,
    };
  }
  const grant = request.command === 'grant';
  const account = await setGrantByUsername(pool, request.username, grant, paymentsEnabled(config));
  if (!account) return { ok: false, message: `No user named '${request.username}' on ${where}.` };
  const still =
    !grant && account.access !== 'none'
      ? account.access === 'everyone'
        ? ' (every account on this server gets every tool: see Settings → Plans)'
        : ' (they keep their paid subscription)'
      : '';
  return {
    ok: true,
    message: `${grant ? 'Granted' : 'Revoked'} Pro for '${account.username}' on ${where}${still}. It counts from their next request.`,
  };
}

/** sun_path holds 108 bytes on Linux (104 on macOS), one of them the terminating NUL. */
const MAX_SOCKET_PATH_BYTES = 103;

/** Where a server on the embedded database in `dataDir` takes operator commands, or null if nowhere. */
export function operatorSocketPath(dataDir: string): string | null {
  if (dataDir === IN_MEMORY) return null;
  const path = join(resolve(dataDir), 'socket', 'operator.sock');
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES ? path : null;
}

/**
 * Take operator commands on the embedded database's socket folder (mode 0700: only this user may
 * connect), one JSON line each way. Answers the server, for closing at shutdown; null when the
 * folder's path is too long for a socket.
 */
export async function serveOperatorCommands(
  config: Config,
  pool: Pool,
  where: string,
): Promise<Server | null> {
  const path = operatorSocketPath(config.dataDir);
  if (!path) return null;
  // A socket left by a killed run; the database's own socket check has already refused a second
  // server on this folder.
  if (lstatSync(path, { throwIfNoEntry: false })?.isSocket()) unlinkSync(path);
  const server = createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 4_096) socket.destroy();
      if (!text.includes('\n')) return;
      void answer(text.slice(0, text.indexOf('\n'))).then((reply) =>
        socket.end(`${JSON.stringify(reply)}\n`),
      );
    });
    socket.on('error', () => socket.destroy());
  });
  const answer = async (line: string): Promise<OperatorAnswer> => {
    try {
      return await runOperatorCommand(pool, config, parseCommand(line), where);
    } catch (err) {
      return { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  };
  await new Promise<void>((done, fail) => server.once('error', fail).listen(path, done));
  return server;
}

function parseCommand(line: string): OperatorCommand {
  const value = JSON.parse(line) as Partial<{ command: string; username: unknown }>;
  if (value.command === 'setup-link') return { command: 'setup-link' };
  if (
    (value.command === 'grant' || value.command === 'revoke') &&
    typeof value.username === 'string'
  )
    return { command: value.command, username: value.username };
  throw new Error('Not an operator command.');
}

/**
 * Ask the server running on the embedded database in `dataDir` to run `request`; null when none
 * answers there (no server runs: the command may open the database itself).
 */
export function askRunningServer(
  dataDir: string,
  request: OperatorCommand,
): Promise<OperatorAnswer | null> {
  const path = operatorSocketPath(dataDir);
  if (!path || !lstatSync(path, { throwIfNoEntry: false })?.isSocket())
    return Promise.resolve(null);
  return new Promise((done, fail) => {
    let text = '';
    const socket = connect(path);
    socket.setEncoding('utf8');
    socket.once('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.once('end', () => {
      try {
        done(JSON.parse(text) as OperatorAnswer);
      } catch {
        fail(new Error('The running server gave no answer.'));
      }
    });
    // Nobody listens (a socket file left by a killed run): no server runs.
    socket.once('error', () => done(null));
  });
}

/**
 * Run an operator command from the shell: through the running server when one holds the embedded
 * database, else on the database opened here. Prints the answer; exits 1 when it was refused.
 */
export async function runFromShell(config: Config, request: OperatorCommand): Promise<void> {
  const answered = config.databaseUrl ? null : await askRunningServer(config.dataDir, request);
  let answer = answered;
  if (!answer) {
    const { openDatabase } = await import('./db');
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      answer = await runOperatorCommand(db.pool, config, request, db.label);
    } finally {
      await db.close();
    }
  }
  (answer.ok ? console.log : console.error)(answer.message);
  if (!answer.ok) process.exitCode = 1;
}
