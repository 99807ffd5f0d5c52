// The one-time setup link of a fresh install (as Jupyter and Grafana print one): whoever opens it
// and signs in becomes the operator, so a stranger who reaches the port first cannot. One token is
// valid at a time, shared by every instance on the database, and lasts until it is claimed or
// replaced, or for SETUP_TOKEN_TTL (24 h) from when it was made: a restart within that time prints
// the same link again, and the first start-up after it a new one. A link copied into a chat or a
// ticket long ago does not stay a key to the server.
import { createHash, randomBytes } from 'node:crypto';
import type { Pool } from '../db';
import type { PoolClient } from 'pg';
import { PURPOSE, seal, unseal } from './secretBox';

/** How long a setup token lasts, as a Postgres interval (the database's clock decides, for every instance alike). */
export const SETUP_TOKEN_TTL = '24 hours';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The link a token opens: the web app's /setup page. */
export function setupLink(appUrl: string, token: string): string {
  return `${appUrl}/setup?${new URLSearchParams({ token })}`;
}

export async function operatorExists(db: Pool | PoolClient): Promise<boolean> {
  const { rows } = await db.query<{ exists: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM users WHERE is_operator) AS exists',
  );
  return rows[0]!.exists;
}

/**
 * The setup token to print at start-up: null when an operator exists; else the one already waiting,
 * or a new one. Instances starting together agree: the insert happens only when there is none (one
 * statement), and each reads back whichever won. One this SESSION_SECRET cannot open (the secret
 * changed), or one older than SETUP_TOKEN_TTL, is replaced.
 */
export async function currentSetupToken(pool: Pool, secret: string): Promise<string | null> {
  if (await operatorExists(pool)) return null;
  const fresh = randomBytes(24).toString('base64url');
  await pool.query(
    `INSERT INTO setup_tokens (id, token_hash, token_encrypted) VALUES (true, $1, $2) ON CONFLICT (id) DO NOTHING`,
    [hashOf(fresh), seal(fresh, secret, PURPOSE.setupToken)],
  );
  const { rows } = await pool.query<{
    token_hash: string;
    token_encrypted: string;
    expired: boolean;
  }>(
    `SELECT token_hash, token_encrypted, created_at <= now() - interval '${SETUP_TOKEN_TTL}' AS expired FROM setup_tokens`,
  );
  const row = rows[0];
  if (!row) return null;
  const token = unseal(row.token_encrypted, secret, PURPOSE.setupToken);
  if (!row.expired && token !== null && hashOf(token) === row.token_hash) return token;
  // Expired, or sealed under another secret: replace it, unless another instance already did (compare-and-swap).
  await pool.query(
    'UPDATE setup_tokens SET token_hash = $1, token_encrypted = $2, created_at = now() WHERE token_hash = $3',
    [hashOf(fresh), seal(fresh, secret, PURPOSE.setupToken), row.token_hash],
  );
  return currentSetupToken(pool, secret);
}

/** A new setup token in place of any waiting one (`npm run setup-link`): the old link stops working. */
export async function issueSetupToken(pool: Pool, secret: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await pool.query(
    `INSERT INTO setup_tokens (id, token_hash, token_encrypted) VALUES (true, $1, $2)
     ON CONFLICT (id) DO UPDATE SET token_hash = EXCLUDED.token_hash, token_encrypted = EXCLUDED.token_encrypted, created_at = now()`,
    [hashOf(token), seal(token, secret, PURPOSE.setupToken)],
  );
  return token;
}

export type ClaimOutcome = 'claimed' | 'invalid' | 'operator_exists';

/**
 * `userId` becomes the operator with `token`, once: in one transaction the token is taken (two
 * claims of one token cannot both find it) and the user promoted only while no operator exists.
 */
export async function claimSetupToken(
  pool: Pool,
  userId: number,
  token: string,
): Promise<ClaimOutcome> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    if (await operatorExists(client)) {
      await client.query('ROLLBACK');
      return 'operator_exists';
    }
    // An expired token is not taken: the next start-up replaces it.
    const taken = await client.query(
      `DELETE FROM setup_tokens WHERE token_hash = $1 AND created_at > now() - interval '${SETUP_TOKEN_TTL}'`,
      [hashOf(token)],
    );
    if (!taken.rowCount) {
      // A claim of the same token that won while this one waited on its row has made its operator
      // by now (each statement sees what was committed before it): that is the answer, not 'invalid'.
      const outcome = (await operatorExists(client)) ? 'operator_exists' : 'invalid';
      await client.query('ROLLBACK');
      return outcome;
    }
    const promoted = await client.query(
      'UPDATE users SET is_operator = true WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE is_operator)',
      [userId],
    );
    if (!promoted.rowCount) {
      await client.query('ROLLBACK');
      return 'operator_exists';
    }
    await client.query('COMMIT');
    return 'claimed';
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    // The one-operator index (migration 0016) caught a claim racing another: that one won.
    if ((err as { code?: unknown }).code === '23505') return 'operator_exists';
    throw err;
  } finally {
    client.release();
  }
}
