import type { Pool } from '../db';
import { PASSKEY_CHALLENGE_TTL_MS } from '../../domain/limits';

export type ChallengePurpose = 'register' | 'login' | 'confirm';

/** The site a ceremony is for: the passkey is bound to `rpID`, the browser names `origin`. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

/** A stored passkey as the server checks signatures with it. */
export interface PasskeyRow {
  id: string;
  user_id: number;
  public_key: Buffer;
  counter: string;
  transports: string[];
  device_name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** Keep a challenge the server just made, for one ceremony of `purpose` (a sign-in's has no user). */
export async function storeChallenge(
  pool: Pool,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  rp: RelyingParty,
): Promise<void> {
  await pool.query(
    `INSERT INTO webauthn_challenges (challenge, purpose, user_id, rp_id, origin, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [challenge, purpose, userId, rp.rpID, rp.origin, PASSKEY_CHALLENGE_TTL_MS / 1000],
  );
}

/**
 * Take the challenge out (it is used up whatever follows) if the server made it for this purpose
 * and user and it has not expired: the relying party it was made for, else undefined. One
 * statement, so two instances given the same answer cannot both take it.
 */
export async function takeChallenge(
  pool: Pool,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
): Promise<RelyingParty | undefined> {
  const { rows } = await pool.query<{ rp_id: string; origin: string; alive: boolean }>(
    `DELETE FROM webauthn_challenges
     WHERE challenge = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3
     RETURNING rp_id, origin, expires_at > now() AS alive`,
    [challenge, purpose, userId],
  );
  const row = rows[0];
  return row?.alive ? { rpID: row.rp_id, origin: row.origin } : undefined;
}

/** A user's passkeys, newest first. */
export async function listPasskeys(pool: Pool, userId: number): Promise<PasskeyRow[]> {
  const { rows } = await pool.query<PasskeyRow>(
    'SELECT * FROM passkeys WHERE user_id = $1 ORDER BY created_at DESC, id',
    [userId],
  );
  return rows;
}

/** The passkey with this credential id, whoever's it is (a sign-in learns the user from it). */
export async function findPasskey(pool: Pool, id: string): Promise<PasskeyRow | undefined> {
  const { rows } = await pool.query<PasskeyRow>('SELECT * FROM passkeys WHERE id = $1', [id]);
  return rows[0];
}

/** Keep a new passkey; false when the credential is stored already (its owner added it before). */
export async function insertPasskey(
  pool: Pool,
  p: {
    id: string;
    userId: number;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    deviceName: string;
  },
): Promise<PasskeyRow | undefined> {
  const { rows } = await pool.query<PasskeyRow>(
    `INSERT INTO passkeys (id, user_id, public_key, counter, transports, device_name)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING RETURNING *`,
    [p.id, p.userId, Buffer.from(p.publicKey), p.counter, p.transports, p.deviceName],
  );
  return rows[0];
}

/** After a good signature: the authenticator's new counter, and when the passkey was last used. */
export async function markPasskeyUsed(pool: Pool, id: string, counter: number): Promise<void> {
  // GREATEST: two sign-ins racing never move the counter back (a cloned key shows as one that does).
  await pool.query(
    'UPDATE passkeys SET counter = GREATEST(counter, $2), last_used_at = now() WHERE id = $1',
    [id, counter],
  );
}

/** Remove one of the user's own passkeys; false when the user has none by that id. */
export async function deletePasskey(pool: Pool, userId: number, id: string): Promise<boolean> {
  const { rowCount } = await pool.query('DELETE FROM passkeys WHERE id = $1 AND user_id = $2', [
    id,
    userId,
  ]);
  return (rowCount ?? 0) > 0;
}
