import type { Pool } from '../db';
import type {
  AudioContainer,
  RecordingStatus,
  RecordingView,
} from '../../domain/contract/recordings';

interface RecordingRow {
  id: string;
  title: string | null;
  container: AudioContainer;
  bytes: number;
  duration_ms: number | null;
  status: RecordingStatus | 'transcribing';
  transcript: string;
  created_at: Date;
  transcribed_at: Date | null;
  /** Seconds since the transcribing request last said it is alive (null when none transcribes). */
  heartbeat_age: number | null;
}

const COLUMNS = `id, title, container, bytes, duration_ms, status, transcript, created_at, transcribed_at,
  extract(epoch FROM now() - heartbeat_at)::float8 AS heartbeat_age`;

/** A recording as it stands: transcribed or no_speech (a view), or in a request's hands. */
export type StoredRecording =
  { state: 'done'; view: RecordingView } | { state: 'transcribing'; heartbeatAge: number };

const present = (r: RecordingRow): RecordingView => ({
  id: r.id,
  title: r.title,
  container: r.container,
  bytes: r.bytes,
  durationMs: r.duration_ms,
  status: r.status as RecordingStatus,
  transcript: r.transcript,
  createdAt: new Date(r.created_at).toISOString(),
  transcribedAt: new Date(r.transcribed_at!).toISOString(),
});

const stored = (r: RecordingRow): StoredRecording =>
  r.status === 'transcribing'
    ? { state: 'transcribing', heartbeatAge: r.heartbeat_age ?? Infinity }
    : { state: 'done', view: present(r) };

export async function findRecording(
  pool: Pool,
  userId: number,
  id: string,
): Promise<StoredRecording | undefined> {
  const { rows } = await pool.query<RecordingRow>(
    `SELECT ${COLUMNS} FROM recordings WHERE user_id = $1 AND id = $2`,
    [userId, id],
  );
  return rows[0] && stored(rows[0]);
}

/** The user's transcribed (and silent) recordings, newest first; none in a request's hands. */
export async function listRecordings(pool: Pool, userId: number): Promise<RecordingView[]> {
  const { rows } = await pool.query<RecordingRow>(
    `SELECT ${COLUMNS} FROM recordings WHERE user_id = $1 AND status <> 'transcribing'
      ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows.map(present);
}

export interface RecordingFacts {
  id: string;
  title: string | null;
  container: AudioContainer;
  bytes: number;
  durationMs: number | null;
}

/**
 * Take the recording for this request to transcribe (`claim`, a fresh random id): a new row, or one
 * whose transcribing request stopped saying it is alive `staleSeconds` ago (its process died).
 * One statement: of two requests at once on any instance, one gets the row, the other nothing (it
 * then answers what is there). True when this request holds it.
 */
export async function claimRecording(
  pool: Pool,
  userId: number,
  facts: RecordingFacts,
  claim: string,
  staleSeconds: number,
): Promise<boolean> {
  const { rows } = await pool.query(
    `INSERT INTO recordings AS r (user_id, id, title, container, bytes, duration_ms, status, claim, heartbeat_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'transcribing', $7, now())
     ON CONFLICT (user_id, id) DO UPDATE
       SET title = excluded.title, container = excluded.container, bytes = excluded.bytes,
           duration_ms = excluded.duration_ms, claim = excluded.claim, heartbeat_at = now(),
           created_at = now()
       WHERE r.status = 'transcribing' AND r.heartbeat_at < now() - make_interval(secs => $8)
     RETURNING claim`,
    [
      userId,
      facts.id,
      facts.title,
      facts.container,
      facts.bytes,
      facts.durationMs,
      claim,
      staleSeconds,
    ],
  );
  return rows.length === 1;
}

/** Say the request holding the recording is alive. False when it no longer holds it. */
export async function heartbeat(
  pool: Pool,
  userId: number,
  id: string,
  claim: string,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE recordings SET heartbeat_at = now()
      WHERE user_id = $1 AND id = $2 AND claim = $3 AND status = 'transcribing'`,
    [userId, id, claim],
  );
  return Boolean(rowCount);
}

/**
 * Store what the speech model heard, if this request still holds the recording; undefined when it
 * does not (another took it over, or the rep deleted it meanwhile).
 */
export async function finishRecording(
  pool: Pool,
  userId: number,
  id: string,
  claim: string,
  outcome: { status: RecordingStatus; transcript: string },
): Promise<RecordingView | undefined> {
  const { rows } = await pool.query<RecordingRow>(
    `UPDATE recordings
        SET status = $4, transcript = $5, transcribed_at = now(), claim = NULL, heartbeat_at = NULL
      WHERE user_id = $1 AND id = $2 AND claim = $3 AND status = 'transcribing'
      RETURNING ${COLUMNS}`,
    [userId, id, claim, outcome.status, outcome.transcript],
  );
  return rows[0] && present(rows[0]);
}

/** Let go of a recording whose transcription failed: the next upload of it transcribes it anew. */
export async function releaseRecording(
  pool: Pool,
  userId: number,
  id: string,
  claim: string,
): Promise<void> {
  await pool.query(
    `DELETE FROM recordings WHERE user_id = $1 AND id = $2 AND claim = $3 AND status = 'transcribing'`,
    [userId, id, claim],
  );
}

/** Delete a recording of the user's; false when they have none by that id. */
export async function deleteRecording(pool: Pool, userId: number, id: string): Promise<boolean> {
  const { rowCount } = await pool.query('DELETE FROM recordings WHERE user_id = $1 AND id = $2', [
    userId,
    id,
  ]);
  return Boolean(rowCount);
}

/** Bytes of audio the user had transcribed on `day` (UTC). */
export async function transcribedBytes(pool: Pool, userId: number, day: string): Promise<number> {
  const { rows } = await pool.query<{ bytes: string }>(
    'SELECT bytes FROM transcription_usage WHERE user_id = $1 AND day = $2',
    [userId, day],
  );
  return Number(rows[0]?.bytes ?? 0);
}

/**
 * Count `bytes` against the user's day when they fit in `allowance` (null: no limit); false when
 * they do not. One statement: parallel uploads on any instance queue on the row and cannot overrun it.
 */
export async function reserveTranscription(
  pool: Pool,
  userId: number,
  day: string,
  bytes: number,
  allowance: number | null,
): Promise<boolean> {
  const { rows } = await pool.query(
    `INSERT INTO transcription_usage AS u (user_id, day, bytes)
     SELECT $1::int, $2::date, $3::bigint WHERE $4::bigint IS NULL OR $3::bigint <= $4::bigint
     ON CONFLICT (user_id, day) DO UPDATE SET bytes = u.bytes + excluded.bytes
       WHERE $4::bigint IS NULL OR u.bytes + excluded.bytes <= $4::bigint
     RETURNING bytes`,
    [userId, day, bytes, allowance],
  );
  return rows.length === 1;
}

/** Give back a reservation whose transcription failed. */
export async function refundTranscription(
  pool: Pool,
  userId: number,
  day: string,
  bytes: number,
): Promise<void> {
  await pool.query(
    'UPDATE transcription_usage SET bytes = greatest(bytes - $3, 0) WHERE user_id = $1 AND day = $2',
    [userId, day, bytes],
  );
}
