/**
 * The shares table (db/migrations/0034, 0035): a rep's share links and their snapshots. A share is found
 * by the SHA-256 of its id; a rep's own routes also check it is theirs.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Share } from '../../domain/contract/share';
import type { Pool } from '../db';
import type { Snapshot } from '../../domain/exports/files';

export interface ShareRow {
  id: string;
  user_id: number;
  chat_id: string | null;
  workflow_id: string | null;
  message_id: number | null;
  title: string;
  content: string | null;
  email_subject: string | null;
  shown_name: string | null;
  anyone: boolean;
  expires_at: Date | null;
  snapshot_at: Date;
  created_at: Date;
  revoked_at: Date | null;
  views: number;
  last_viewed_at: Date | null;
}

/** What a share shows, made from the stored chat. */
export type { Snapshot };

/** A new share's id: 128 random bits, as 22 characters of base64url. */
export const newShareId = () => randomBytes(16).toString('base64url');

const hashOf = (id: string) => createHash('sha256').update(id).digest();

export function presentShare(row: ShareRow): Share {
  return {
    id: row.id,
    path: `/s/${row.id}`,
    chatId: row.chat_id,
    workflowId: row.workflow_id,
    messageId: row.message_id,
    title: row.title,
    anyone: row.anyone,
    expiresAt: row.expires_at?.toISOString() ?? null,
    snapshotAt: row.snapshot_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    shownName: row.shown_name,
    views: row.views,
    lastViewedAt: row.last_viewed_at?.toISOString() ?? null,
  };
}

/** The most live links (not turned off, not expired) a rep may have at once. */
export const LIVE_SHARES_MAX = 500;
/** The live links of the rep `userParam` names ('$3'), counted. */
const liveCount = (userParam: string) =>
  `SELECT count(*) FROM shares WHERE user_id = ${userParam} AND revoked_at IS NULL
     AND (expires_at IS NULL OR expires_at > now())`;
/** The advisory locks' first key: a rep's links are made one at a time. */
const SHARE_LOCK_SPACE = 720_419;

/** A new share; undefined when the rep already has `LIVE_SHARES_MAX` live links. */
export async function insertShare(
  pool: Pool,
  share: {
    id: string;
    userId: number;
    /** What it shows: a chat (or its reply `messageId`), or a saved analysis. */
    source: { chatId: string; messageId: number | null } | { workflowId: string };
    snapshot: Snapshot;
    shownName: string | null;
    anyone: boolean;
    expiresAt: Date | null;
  },
): Promise<ShareRow | undefined> {
  // Counted and made under a lock of the rep's, in one transaction: two links made at once (on
  // two instances too) cannot both take the last place.
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [SHARE_LOCK_SPACE, share.userId]);
    const { rows } = await client.query<ShareRow>(
      `INSERT INTO shares (id_hash, id, user_id, chat_id, message_id, title, content, email_subject,
                           shown_name, anyone, expires_at, workflow_id)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
        WHERE (${liveCount('$3')}) < $13
       RETURNING *`,
      [
        hashOf(share.id),
        share.id,
        share.userId,
        'chatId' in share.source ? share.source.chatId : null,
        'chatId' in share.source ? share.source.messageId : null,
        share.snapshot.title,
        share.snapshot.content,
        share.snapshot.emailSubject,
        share.shownName,
        share.anyone,
        share.expiresAt,
        'workflowId' in share.source ? share.source.workflowId : null,
        LIVE_SHARES_MAX,
      ],
    );
    await client.query('COMMIT');
    return rows[0];
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Whether the rep may have one more live link (an ended one given a new time counts as one). */
export async function hasRoomForLink(pool: Pool, userId: number): Promise<boolean> {
  const { rows } = await pool.query<{ live: number }>(`SELECT (${liveCount('$1')})::int AS live`, [
    userId,
  ]);
  return rows[0]!.live < LIVE_SHARES_MAX;
}

/** The rep's live shares, newest first. */
export async function listShares(pool: Pool, userId: number): Promise<ShareRow[]> {
  const { rows } = await pool.query<ShareRow>(
    `SELECT * FROM shares WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows;
}

/** One of the rep's live shares. */
export async function findOwnShare(
  pool: Pool,
  userId: number,
  id: string,
): Promise<ShareRow | undefined> {
  const { rows } = await pool.query<ShareRow>(
    `SELECT * FROM shares WHERE id_hash = $1 AND user_id = $2 AND revoked_at IS NULL`,
    [hashOf(id), userId],
  );
  return rows[0];
}

export async function updateShare(
  pool: Pool,
  userId: number,
  id: string,
  change: {
    anyone?: boolean;
    expiresAt?: Date | null;
    shownName?: string | null;
    snapshot?: Snapshot;
  },
): Promise<ShareRow | undefined> {
  const { rows } = await pool.query<ShareRow>(
    `UPDATE shares SET
        anyone = COALESCE($3, anyone),
        expires_at = CASE WHEN $4::boolean THEN $5::timestamptz ELSE expires_at END,
        shown_name = CASE WHEN $6::boolean THEN $7 ELSE shown_name END,
        title = COALESCE($8, title),
        content = COALESCE($9, content),
        email_subject = CASE WHEN $8::text IS NOT NULL THEN $10 ELSE email_subject END,
        snapshot_at = CASE WHEN $8::text IS NOT NULL THEN now() ELSE snapshot_at END
      WHERE id_hash = $1 AND user_id = $2 AND revoked_at IS NULL
      RETURNING *`,
    [
      hashOf(id),
      userId,
      change.anyone ?? null,
      change.expiresAt !== undefined,
      change.expiresAt ?? null,
      change.shownName !== undefined,
      change.shownName ?? null,
      change.snapshot?.title ?? null,
      change.snapshot?.content ?? null,
      change.snapshot?.emailSubject ?? null,
    ],
  );
  return rows[0];
}

/** Revoke: the page answers 410 from now on, and the content is gone. */
export async function revokeShare(pool: Pool, userId: number, id: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE shares SET revoked_at = now(), content = NULL, email_subject = NULL, shown_name = NULL
      WHERE id_hash = $1 AND user_id = $2 AND revoked_at IS NULL`,
    [hashOf(id), userId],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * A share as its page opens it, by id: live, revoked (or its chat or analysis deleted) or expired,
 * or none.
 * One query by the id's hash, whatever the answer. A reader who is not its rep is counted.
 */
export async function openShare(
  pool: Pool,
  id: string,
  readerId: number | undefined,
  counted = true,
): Promise<
  { state: 'live'; share: ShareRow; own: boolean } | { state: 'gone' } | { state: 'none' }
> {
  const { rows } = await pool.query<ShareRow & { source_live: boolean }>(
    `WITH found AS (
       SELECT s.*, COALESCE(c.deleted_at, w.deleted_at) IS NULL AS source_live FROM shares s
         LEFT JOIN chats c ON c.id = s.chat_id
         LEFT JOIN workflows w ON w.id = s.workflow_id
        WHERE s.id_hash = $1
     ),
     counted AS (
       UPDATE shares SET views = views + 1, last_viewed_at = now()
        WHERE id_hash = $1 AND revoked_at IS NULL AND anyone AND $3::boolean
          AND (expires_at IS NULL OR expires_at > now()) AND user_id IS DISTINCT FROM $2
          AND EXISTS (SELECT 1 FROM found WHERE source_live)
     )
     SELECT * FROM found`,
    [hashOf(id), readerId ?? null, counted],
  );
  const row = rows[0];
  if (!row) return { state: 'none' };
  const own = readerId === row.user_id;
  // A private share is no one's but its rep's: to anyone else there is nothing here, ended or not.
  if (!row.anyone && !own) return { state: 'none' };
  if (row.revoked_at || !row.source_live || row.content === null) return { state: 'gone' };
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) return { state: 'gone' };
  return { state: 'live', share: row, own };
}
