/**
 * The server's VAPID key pair: every push message is signed with its private key, and a push service
 * takes a message for a browser only when it is signed by the key the browser subscribed with
 * (GET /api/push/key hands the public one to the phone). Made the first time it is needed and kept in
 * the database (push_vapid_keys), so subscriptions outlive restarts and every instance signs alike:
 * instances starting at once each offer a pair, the first insert wins, and all read back that one.
 *
 * The private key is encrypted under SESSION_SECRET as other stored secrets are. When the secret
 * changes and the key can no longer be opened, a new pair is made and every subscription is dropped
 * with the old one: a push service refuses the new key's signature for a browser that subscribed with
 * the old key, so those subscriptions could never carry a message again. Each phone notices at its
 * next start that the server's key changed, and subscribes anew (web/features/notifications).
 */
import webpush from 'web-push';
import type { Config } from '../config';
import type { Pool } from '../db';
import type { Logger } from '../log';
import { PURPOSE, seal, unseal } from '../settings/secretBox';

export interface VapidKeys {
  /** The public key as browsers take it (`applicationServerKey`): an uncompressed P-256 point, base64url. */
  publicKey: string;
  privateKey: string;
  /** Who sends (RFC 8292's `sub`): the server's public https address, else the contact email. */
  subject: string;
}

interface Row {
  public_key: string;
  private_key_encrypted: string;
}

/**
 * Who a push service may contact about our messages: the server's public https address, or, where it
 * has none (development, tests), the operator's contact email. Push services refuse anything else.
 */
export function vapidSubject(config: Pick<Config, 'appUrl' | 'contactEmail'>): string {
  return config.appUrl.startsWith('https://') ? config.appUrl : `mailto:${config.contactEmail}`;
}

/** The private key opened with the current secret, or the one it replaced. */
function openPrivateKey(sealed: string, config: Config): string | null {
  return (
    unseal(sealed, config.sessionSecret, PURPOSE.vapidPrivateKey) ??
    (config.previousSessionSecret
      ? unseal(sealed, config.previousSessionSecret, PURPOSE.vapidPrivateKey)
      : null)
  );
}

const readRow = async (pool: Pool) =>
  (await pool.query<Row>('SELECT public_key, private_key_encrypted FROM push_vapid_keys')).rows[0];

/** A fresh pair, its private key sealed, for the one row. */
function freshRow(config: Config): Row {
  const pair = webpush.generateVAPIDKeys();
  return {
    public_key: pair.publicKey,
    private_key_encrypted: seal(pair.privateKey, config.sessionSecret, PURPOSE.vapidPrivateKey),
  };
}

/**
 * Replaces a pair whose private key cannot be opened, and drops the subscriptions made with it, in
 * one transaction. Only the instance whose delete took the old row does it: another that found the
 * same unreadable row meanwhile deletes nothing and reads the new pair instead.
 */
async function replaceUnreadable(
  pool: Pool,
  config: Config,
  oldPublicKey: string,
  log?: Logger,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rowCount } = await client.query('DELETE FROM push_vapid_keys WHERE public_key = $1', [
      oldPublicKey,
    ]);
    if (rowCount) {
      const dropped = (await client.query('DELETE FROM push_subscriptions')).rowCount ?? 0;
      const row = freshRow(config);
      await client.query(
        'INSERT INTO push_vapid_keys (public_key, private_key_encrypted) VALUES ($1, $2)',
        [row.public_key, row.private_key_encrypted],
      );
      log?.warn(
        `The push key pair could not be opened with SESSION_SECRET (it changed?): made a new one, and dropped the ${dropped} subscription${dropped === 1 ? '' : 's'} made with the old key; phones subscribe again when the app next starts.`,
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The server's key pair: the stored one, made (once, whichever instance is first) when there is none. */
export async function vapidKeys(pool: Pool, config: Config, log?: Logger): Promise<VapidKeys> {
  // A round makes or replaces the pair and the next reads what won; a third covers another
  // instance replacing it in between.
  for (let round = 0; round < 3; round++) {
    const row = await readRow(pool);
    if (!row) {
      const fresh = freshRow(config);
      await pool.query(
        `INSERT INTO push_vapid_keys (public_key, private_key_encrypted) VALUES ($1, $2)
         ON CONFLICT (id) DO NOTHING`,
        [fresh.public_key, fresh.private_key_encrypted],
      );
      continue;
    }
    const privateKey = openPrivateKey(row.private_key_encrypted, config);
    if (privateKey) return { publicKey: row.public_key, privateKey, subject: vapidSubject(config) };
    await replaceUnreadable(pool, config, row.public_key, log);
  }
  throw new Error('The push key pair could not be made or read.');
}
