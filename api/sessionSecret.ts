// Without SESSION_SECRET (development: `npm start` with no setup), the server makes a random secret
// the first time it starts and keeps it in DATA_DIR/session-secret, readable by its own user only.
// A secret written in the source would be everyone's: anyone could forge a guest's cookies and CSRF
// tokens, and open the model key Settings → Model stores. Production never gets here: it refuses to
// start without SESSION_SECRET (config.ts).
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IN_MEMORY } from '../db/embedded';
import { ConfigError, DEV_SESSION_SECRET, type Config } from './config';

/** The file in DATA_DIR that holds the generated secret. */
export const SESSION_SECRET_FILE = 'session-secret';

/** 32 random bytes in base64url: 43 characters, nothing else. */
const GENERATED = /^[\w-]{43}$/;

/** Where the secret in force came from, for the start-up line. */
export type SessionSecretSource =
  { kind: 'env' } | { kind: 'file'; path: string; created: boolean } | { kind: 'memory' };

/**
 * `config` with the secret it runs with: SESSION_SECRET when set; else the one in
 * DATA_DIR/session-secret, made now if there is none (DATA_DIR in memory: a new one for this run,
 * as nothing else of the run outlives it). What was sealed before this file existed was sealed under
 * the development secret of the source: that one stays `previousSessionSecret`, so a stored model key
 * is opened once more and sealed again under the new secret (modelSettings.sql.ts).
 */
export async function withSessionSecret(
  config: Config,
): Promise<{ config: Config; source: SessionSecretSource }> {
  if (config.sessionSecretFromEnv) return { config, source: { kind: 'env' } };
  if (config.isProduction)
    throw new ConfigError('SESSION_SECRET: required in production (at least 32 characters)');
  if (config.dataDir === IN_MEMORY)
    return {
      config: { ...config, sessionSecret: randomBytes(32).toString('base64url') },
      source: { kind: 'memory' },
    };
  const { secret, path, created } = await secretInDataDir(config.dataDir);
  return {
    config: { ...config, sessionSecret: secret, previousSessionSecret: DEV_SESSION_SECRET },
    source: { kind: 'file', path, created },
  };
}

/**
 * The secret in `dataDir`, made if missing. Instances starting together on one DATA_DIR agree: each
 * writes a candidate to a file of its own (mode 0600), then links it to the one name, which only the
 * first link gets (the name taken: EEXIST, as O_EXCL); everyone then reads back whichever won. The
 * name never points at a half-written file.
 */
export async function secretInDataDir(
  dataDir: string,
): Promise<{ secret: string; path: string; created: boolean }> {
  const path = join(dataDir, SESSION_SECRET_FILE);
  let created = false;
  const existing = await readSecret(path);
  if (existing === null) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const candidate = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(candidate, `${randomBytes(32).toString('base64url')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
    try {
      await link(candidate, path);
      created = true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        // A file system without hard links (some bind mounts: EPERM, ENOTSUP): create the name
        // itself, exclusively; the loser of a race reads back the winner's below.
        if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw err;
        await writeFile(path, await readFile(candidate), { mode: 0o600, flag: 'wx' }).then(
          () => (created = true),
          (error: NodeJS.ErrnoException) => {
            if (error.code !== 'EEXIST') throw error;
          },
        );
      }
    } finally {
      await unlink(candidate);
    }
  }
  const secret = existing ?? (await readSecret(path));
  if (secret === null) throw new Error(`${path} vanished while it was being read`);
  return { secret, path, created };
}

/** The secret the file holds, or null when there is no file; a file this server did not write stops start-up. */
async function readSecret(path: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const secret = text.trim();
  if (!GENERATED.test(secret))
    throw new ConfigError(
      `${path} does not hold a secret this server wrote (43 base64url characters): delete it to have a new one made, or set SESSION_SECRET`,
    );
  return secret;
}
