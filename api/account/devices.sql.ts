import type { Pool } from '../db';

/**
 * A session's public id, in SQL: the SHA-256 of its stored id behind another prefix. The stored id
 * is the hash of the cookie's token, so it must never leave the server as it is; this one names the
 * device and opens nothing.
 */
const PUBLIC_ID = `encode(sha256(convert_to('device:' || id, 'UTF8')), 'hex')`;

export interface DeviceRow {
  public_id: string;
  user_agent: string | null;
  last_seen_at: Date | null;
  created_at: Date | null;
  current: boolean;
}

/** The user's live sessions, the asking one first, then the most recently seen. */
export async function listDevices(
  pool: Pool,
  userId: number,
  currentSessionId: string,
): Promise<DeviceRow[]> {
  const { rows } = await pool.query<DeviceRow>(
    `SELECT ${PUBLIC_ID} AS public_id, user_agent, last_seen_at, created_at, id = $2 AS current
       FROM user_session WHERE user_id = $1 AND expires_at > now()
      ORDER BY id = $2 DESC, last_seen_at DESC NULLS LAST, created_at DESC NULLS LAST`,
    [userId, currentSessionId],
  );
  return rows;
}

/**
 * End one of the user's sessions by its public id; never the asking one. Answers what it found:
 * 'ended', 'current' (the asking device) or 'none' (no such session of this user's).
 */
export async function endDevice(
  pool: Pool,
  userId: number,
  publicId: string,
  currentSessionId: string,
): Promise<'ended' | 'current' | 'none'> {
  const { rows } = await pool.query<{ current: boolean; ended: boolean }>(
    `WITH target AS (
       SELECT id FROM user_session WHERE user_id = $1 AND ${PUBLIC_ID} = $2
     ), ended AS (
       DELETE FROM user_session WHERE id IN (SELECT id FROM target) AND id <> $3 RETURNING id
     )
     SELECT (SELECT count(*) FROM target WHERE id = $3) > 0 AS current,
            (SELECT count(*) FROM ended) > 0 AS ended`,
    [userId, publicId, currentSessionId],
  );
  const row = rows[0]!;
  return row.ended ? 'ended' : row.current ? 'current' : 'none';
}

/** End every session of the user but the asking one; answers how many ended. */
export async function endOtherDevices(
  pool: Pool,
  userId: number,
  currentSessionId: string,
): Promise<number> {
  const { rowCount } = await pool.query(
    'DELETE FROM user_session WHERE user_id = $1 AND id <> $2',
    [userId, currentSessionId],
  );
  return rowCount ?? 0;
}
