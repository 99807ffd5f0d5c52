/**
 * Voice debriefs on this device. A recording is written to IndexedDB a chunk at a time
 * while it runs (recordingChunks), so a closed app or a crash loses at most the last second; its row
 * (recordings) says where it stands. Sent, it is one outbox entry of kind 'recording-upload' on its
 * own line (`rec:<id>`) carrying only the id: the handler joins the chunks into one Blob when it
 * sends, PUT /api/recordings/<id>, and the transcript comes back into the row. The audio stays here
 * until the rep deletes it, whatever the server answered.
 *
 * No React or DOM here: the service worker delivers recordings too (web/app/queuedWork.ts).
 */
import {
  RECORDING_DURATION_HEADER,
  RECORDING_TITLE_HEADER,
  RECORDING_TITLE_MAX,
  RecordingErrorCode,
  type RecordingLimitsResponse,
  type RecordingResponse,
} from '../../../domain/contract/recordings';
import { api, ApiError } from '../../data/api';
import {
  userIdOfDb,
  type LocalRecording,
  type OutboxEntry,
  type OutboxState,
  type PitchpadDb,
  type TranscriptTarget,
} from '../../data/db';
import { fileId } from '../../data/ids';
import { enqueue, flushOutbox, requeue, type Answer, type KindHandler } from '../../data/outbox';
import { answerForError } from '../../data/queue/answers';
import type { QueuedFeature } from '../../data/queue/registry';

export const RECORDING_UPLOAD = 'recording-upload';

/** A recording's line: each goes on its own, so one the server refuses holds up nothing else. */
export const recordingLine = (id: string) => `rec:${id}`;

/** A recording still 'recording' with no chunk written for this long was cut off (a closed app, a crash). */
export const ABANDONED_AFTER_MS = 5_000;

/**
 * Another try after the speech server failed or timed out: each try uploads the whole recording
 * again, so these wait longer than the outbox's backoff (30 s at most): 20 s, doubled, up to 10 min.
 */
export function transcribeRetryDelay(attempts: number): number {
  return Math.min(20_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}
/** With no speech model configured, how often to look again (GET /api/recordings/limits, no upload). */
export const NO_SPEECH_MODEL_RETRY_MS = 15 * 60_000;
/** Another request is transcribing this recording now (its Retry-After is 10 s): look again then. */
const IN_PROGRESS_RETRY_MS = 15_000;

/**
 * The meeting's name as kept: one line, trimmed, cut to what the server keeps, never inside a
 * character (half an emoji would make its header unsendable).
 */
export function cleanTitle(title: string): string {
  const line = title.replace(/\s+/g, ' ').trim().toWellFormed();
  let cut = '';
  for (const char of line) {
    if (cut.length + char.length > RECORDING_TITLE_MAX) break;
    cut += char;
  }
  return cut.trimEnd();
}

/** Start a recording's row; its chunks follow with `appendChunk`. Answers its id. */
export async function startRecording(
  db: PitchpadDb,
  recording: { mimeType: string; title?: string; target?: TranscriptTarget },
  now = Date.now(),
): Promise<string> {
  const id = fileId();
  await db.recordings.add({
    id,
    title: cleanTitle(recording.title ?? ''),
    mimeType: recording.mimeType,
    state: 'recording',
    durationMs: 0,
    bytes: 0,
    chunks: 0,
    createdAt: now,
    updatedAt: now,
    notes: '',
    ...(recording.target ? { target: recording.target } : {}),
  });
  return id;
}

/**
 * Store the next chunk of a running recording with the length recorded so far. A chunk for a
 * recording that is no longer running (discarded meanwhile) is dropped. Answers whether it was kept.
 */
export function appendChunk(
  db: PitchpadDb,
  id: string,
  blob: Blob,
  durationMs: number,
  now = Date.now(),
): Promise<boolean> {
  return db.transaction('rw', db.recordings, db.recordingChunks, async () => {
    const row = await db.recordings.get(id);
    if (row?.state !== 'recording') return false;
    await db.recordingChunks.add({ recordingId: id, seq: row.chunks, blob });
    await db.recordings.update(id, {
      chunks: row.chunks + 1,
      bytes: row.bytes + blob.size,
      durationMs: Math.max(row.durationMs, Math.round(durationMs)),
      updatedAt: now,
    });
    return true;
  });
}

/**
 * The recording stopped (or was cut off and the rep keeps it): ready to play and send. A recording
 * with no audio at all is dropped instead (answers false).
 */
export function finishRecording(db: PitchpadDb, id: string, now = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.recordings, db.recordingChunks, async () => {
    const row = await db.recordings.get(id);
    if (row?.state !== 'recording') return row !== undefined;
    if (row.chunks === 0 || row.bytes === 0) {
      await deleteRows(db, id);
      return false;
    }
    await db.recordings.update(id, { state: 'ready', updatedAt: now });
    return true;
  });
}

/** A recording's audio, its chunks joined in order (what plays, and what is uploaded). */
export async function recordingAudio(db: PitchpadDb, id: string): Promise<Blob | undefined> {
  const row = await db.recordings.get(id);
  if (!row) return undefined;
  const chunks = await db.recordingChunks
    .where('[recordingId+seq]')
    .between([id, 0], [id, Infinity])
    .toArray();
  return new Blob(
    chunks.map((chunk) => chunk.blob),
    { type: baseType(row.mimeType) },
  );
}

/** 'audio/webm;codecs=opus' → 'audio/webm': what the upload's Content-Type and a player need. */
function baseType(mimeType: string): string {
  return mimeType.split(';')[0]!.trim() || 'application/octet-stream';
}

/**
 * Send a finished recording to be transcribed (queued: it goes when the network allows, from the
 * page or the worker). A recording refused before (its problem may be gone: a speech model set up)
 * is queued again under the same id. Answers whether it was queued.
 */
export function queueRecording(db: PitchpadDb, id: string, now = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.recordings, db.outbox, async () => {
    const row = await db.recordings.get(id);
    if (!row || !(row.state === 'ready' || row.state === 'refused')) return false;
    const entry = await db.outbox.where('clientId').equals(id).first();
    if (entry) await requeue(db, entry.seq!, now);
    else
      await enqueue(
        db,
        { clientId: id, kind: RECORDING_UPLOAD, line: recordingLine(id), payload: { id } },
        now,
      );
    await db.recordings.update(id, { state: 'queued', problem: undefined, updatedAt: now });
    return true;
  });
}

/**
 * Try a waiting recording now (the rep taps 'Try now': a speech model was just set up, or the signal
 * is back): its backoff is dropped. Not before a time the server named (the day's allowance):
 * any try before it is refused the same. Answers whether it was waiting.
 */
export function retryRecordingNow(db: PitchpadDb, id: string, now = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.where('clientId').equals(id).first();
    if (entry?.kind !== RECORDING_UPLOAD || !mayTryNow(entry, now)) return false;
    await db.outbox.update(entry.seq!, { nextAttemptAt: 0, updatedAt: now });
    return true;
  });
}

/** Whether 'Try now' may send a waiting recording: queued, and no time named by the server ahead. */
export const mayTryNow = (entry: OutboxEntry, now = Date.now()) =>
  entry.state === 'queued' && !(entry.notBefore !== undefined && entry.notBefore > now);

/** 'Transcribe' (or 'Use this recording'): queued, then sent now if the network allows. */
export async function sendRecording(db: PitchpadDb, id: string): Promise<boolean> {
  if (!(await queueRecording(db, id))) return false;
  void flushRecording(db, id).catch(() => {});
  return true;
}

/**
 * Recordings made for a field the rep is done with (its flow finished or closed, its message sent):
 * their transcript no longer goes there, only to /debrief, where the rep can still use it.
 */
export function forgetTargets(
  db: PitchpadDb,
  isDone: (target: TranscriptTarget) => boolean,
): Promise<number> {
  return db.recordings
    .filter((row) => row.target !== undefined && row.appliedAt === undefined && isDone(row.target))
    .modify((row) => {
      delete row.target;
    });
}

/**
 * Delete a recording from this device: its audio, its row and its place in the outbox. One on its
 * way is left to finish (answers false): the server may be transcribing it.
 */
export function deleteRecording(db: PitchpadDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.recordings, db.recordingChunks, db.outbox, async () => {
    const entry = await db.outbox.where('clientId').equals(id).first();
    if (entry?.state === 'sending') return false;
    if (entry) await db.outbox.delete(entry.seq!);
    await deleteRows(db, id);
    return true;
  });
}

async function deleteRows(db: PitchpadDb, id: string): Promise<void> {
  await db.recordingChunks.where('recordingId').equals(id).delete();
  await db.recordings.delete(id);
}

/** The rep's edits beside a recording: the meeting's name, the notes typed, who was invited. */
export function updateRecording(
  db: PitchpadDb,
  id: string,
  changes: Partial<Pick<LocalRecording, 'title' | 'notes' | 'attendees'>>,
  now = Date.now(),
): Promise<number> {
  const cleaned =
    changes.title === undefined ? changes : { ...changes, title: cleanTitle(changes.title) };
  return db.recordings.update(id, { ...cleaned, updatedAt: now });
}

/** The recordings on this device, newest first. */
export function localRecordings(db: PitchpadDb): Promise<LocalRecording[]> {
  // Dexie's reverse() orders the query (no array is mutated).
  // oxlint-disable-next-line unicorn/no-array-reverse
  return db.recordings.orderBy('createdAt').reverse().toArray();
}

/**
 * Recordings cut off while running (the app closed, the phone crashed): still 'recording' with no
 * chunk written for a while, so no recorder writes them any more. Offered back to keep or discard.
 */
export function isCutOff(recording: LocalRecording, now = Date.now()): boolean {
  const at = cutOffAt(recording);
  return at !== null && now > at;
}

/**
 * When a running recording counts as cut off: ABANDONED_AFTER_MS after its last chunk was stored,
 * whenever that was (a screen opened just after a crash must still offer it back once that time
 * comes); null for one not running.
 */
export function cutOffAt(recording: LocalRecording): number | null {
  return recording.state === 'recording' ? recording.updatedAt + ABANDONED_AFTER_MS : null;
}

/** What the outbox's entry tells about a queued recording: waiting, or on its way. */
export function recordingEntry(db: PitchpadDb, id: string): Promise<OutboxEntry | undefined> {
  return db.outbox.where('clientId').equals(id).first();
}

// ---------------------------------------------------------------------------------------------
// Delivery

/**
 * The outbox's handler of recordings: PUT /api/recordings/<id> with the audio. Transcribed (201, or
 * 200 for a replay) is delivered; no speech heard, not audio, too large are refused for good with
 * the server's words; no speech model waits NO_SPEECH_MODEL_RETRY_MS and asks the server's limits
 * before it uploads again; the speech server's failure waits transcribeRetryDelay; another request
 * transcribing it now, a few seconds. The row takes whatever came back.
 */
export const recordingUploadHandler: KindHandler = {
  tables: ['recordings', 'recordingChunks'],
  async deliver(db, entry): Promise<Answer> {
    const id = entry.clientId;
    const row = await db.recordings.get(id);
    // Deleted meanwhile: nothing is left to send.
    if (!row) return { kind: 'delivered', forget: true };
    const now = Date.now();
    try {
      // An earlier try went unanswered (the app closed mid-upload) or found it being transcribed:
      // ask for the transcript first, a small read, before sending the whole recording again.
      if (entry.attempts > 0 || row.problemCode === RecordingErrorCode.inProgress) {
        const stored = await storedTranscript(id);
        if (stored) return stored;
      }
      if (row.problemCode === RecordingErrorCode.noSpeechModel && !(await speechConfigured()))
        return {
          kind: 'retry',
          reason: row.problem ?? 'Transcription needs a speech model.',
          delayMs: NO_SPEECH_MODEL_RETRY_MS,
          detail: { code: RecordingErrorCode.noSpeechModel },
        };
      const audio = await recordingAudio(db, id);
      const answer = await api.putFile<RecordingResponse>(
        `/api/recordings/${id}`,
        audio!,
        {
          ...(row.title ? { [RECORDING_TITLE_HEADER]: encodeURIComponent(row.title) } : {}),
          [RECORDING_DURATION_HEADER]: String(Math.round(row.durationMs)),
        },
        userIdOfDb(db),
      );
      return { kind: 'delivered', detail: answer.recording };
    } catch (error) {
      return answerForRecording(error, entry.attempts + 1, now);
    }
  },
  async settled(db, entry, state, answer, now) {
    await db.recordings.update(entry.clientId, rowAfter(state, answer, now));
  },
};

/** The debriefs' queued work, for the registry (web/app/queuedWork.ts). */
export const recordingsQueue: QueuedFeature = {
  handlers: { [RECORDING_UPLOAD]: recordingUploadHandler },
};

/** The server's transcript of `id`, as a delivery's answer, or null when it has none (yet). */
async function storedTranscript(id: string): Promise<Answer | null> {
  try {
    const { recording } = await api.get<RecordingResponse>(`/api/recordings/${id}`);
    return recording.status === 'no_speech'
      ? { kind: 'refused', reason: NO_SPEECH, detail: { code: RecordingErrorCode.noSpeech } }
      : { kind: 'delivered', detail: recording };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The server's words for a silent recording. */
const NO_SPEECH = 'We heard no speech in this recording.';

/** The server's limits say a speech model is configured (a cheap look before a costly upload). */
async function speechConfigured(): Promise<boolean> {
  return (await api.get<RecordingLimitsResponse>('/api/recordings/limits')).speechConfigured;
}

/** A failed upload's answer: the one-request rules (answers.ts), with the speech server's own waits. */
export function answerForRecording(error: unknown, attempt: number, now: number): Answer {
  const reason = error instanceof Error ? error.message : String(error);
  // The detail stays the error: the sync engine reads a session problem from it (sessionGone).
  switch (codeOf(error)) {
    case RecordingErrorCode.noSpeechModel:
      return { kind: 'retry', reason, delayMs: NO_SPEECH_MODEL_RETRY_MS, detail: error };
    case RecordingErrorCode.failed:
    case RecordingErrorCode.timeout:
      return { kind: 'retry', reason, delayMs: transcribeRetryDelay(attempt), detail: error };
    case RecordingErrorCode.inProgress:
      return { kind: 'retry', reason, delayMs: IN_PROGRESS_RETRY_MS, detail: error };
    default:
      return answerForError(error, now);
  }
}

/** The server's code in an answer's detail: an ApiError's, or the no-model look's own. */
function codeOf(detail: unknown): string | undefined {
  if (detail instanceof ApiError) return detail.code;
  const code = (detail as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** What a recording's row becomes after its try: the transcript, or why not (yet). */
function rowAfter(state: OutboxState, answer: Answer, now: number): Partial<LocalRecording> {
  if (answer.kind === 'delivered') {
    const view = answer.detail as RecordingResponse['recording'] | undefined;
    if (!view) return { updatedAt: now };
    return {
      state: 'transcribed',
      transcript: view.transcript,
      problem: undefined,
      problemCode: undefined,
      updatedAt: now,
    };
  }
  const code = codeOf(answer.detail);
  if (state === 'failed')
    return {
      state: code === RecordingErrorCode.noSpeech ? 'no_speech' : 'refused',
      problem: answer.reason,
      problemCode: code,
      updatedAt: now,
    };
  return { problem: answer.reason, problemCode: code, updatedAt: now };
}

/**
 * Transcribe the recording `id` now (the rep just sent it, online): the sync engine and the worker do
 * it otherwise. Answers the recording's row afterwards.
 */
export async function flushRecording(
  db: PitchpadDb,
  id: string,
): Promise<LocalRecording | undefined> {
  await flushOutbox(
    db,
    { [RECORDING_UPLOAD]: recordingUploadHandler },
    {
      line: recordingLine(id),
      force: true,
    },
  );
  return db.recordings.get(id);
}
