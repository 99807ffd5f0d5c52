/**
 * Where a recording's transcript goes once it is back: the answer or the message box the
 * rep recorded from (its `target`). Once only: the field on screen takes it as it arrives
 * (`claimTranscript`, MicButton); otherwise the page writes it into the field's saved draft
 * (web/app/transcripts.ts `applyWaitingTranscripts`, after each flush of the sync engine), so the flow or chat finds it
 * filled when the rep opens it. Its row's `appliedAt` says it went.
 */
import type { LocalRecording, PitchpadDb, TranscriptTarget } from '../../data/db';

/** Recordings whose field is on screen in this page now: that field takes the transcript itself. */
const watched = new Set<string>();

/** The field on screen waits for `id`'s transcript; answers the function that stops waiting. */
export function watchTranscript(id: string): () => void {
  watched.add(id);
  return () => watched.delete(id);
}

/** Mark the transcript of `id` as taken and answer it, unless it is not back or already went. */
export function claimTranscript(
  db: PitchpadDb,
  id: string,
  now = Date.now(),
): Promise<string | null> {
  return db.transaction('rw', db.recordings, async () => {
    const row = await db.recordings.get(id);
    if (row?.state !== 'transcribed' || row.appliedAt !== undefined || !row.transcript) return null;
    await db.recordings.update(id, { appliedAt: now });
    return row.transcript;
  });
}

/** Whether the field of `id` is on screen in this page now (it takes the transcript itself). */
export function isWatched(id: string): boolean {
  return watched.has(id);
}

/** Whether two targets name the same field. */
export function sameTarget(a: TranscriptTarget | undefined, b: TranscriptTarget): boolean {
  if (!a || a.kind !== b.kind) return false;
  if (a.kind === 'chat') return a.chatId === (b as typeof a).chatId;
  return a.flow === (b as typeof a).flow && a.answer === (b as typeof a).answer;
}

/**
 * The recordings made for `target` whose transcript has not gone into it yet: sent and waiting, or
 * back. The field takes them while on screen, also after a reload (MicButton).
 */
export function pendingTranscriptsFor(
  db: PitchpadDb,
  target: TranscriptTarget,
): Promise<LocalRecording[]> {
  return db.recordings
    .where('state')
    .anyOf('queued', 'transcribed')
    .filter((row) => row.appliedAt === undefined && sameTarget(row.target, target))
    .toArray();
}
