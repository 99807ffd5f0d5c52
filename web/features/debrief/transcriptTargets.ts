/**
 * Where a recording's transcript goes once it is back (issue 23): the answer or the message box the
 * rep recorded from (its `target`). Once only: the field on screen takes it as it arrives
 * (`claimTranscript`, MicButton); otherwise the page writes it into the field's saved draft
 * (`applyWaitingTranscripts`, after each flush of the sync engine), so the flow or chat finds it
 * filled when the rep opens it. Its row's `appliedAt` says it went.
 */
import { FLOWS } from '../../../domain/playbooks';
import { ANSWER_MAX_CHARS } from '../../../domain/playbooks/flow';
import { isFlowType } from '../../../domain/playbooks/tools';
import type { LocalRecording, PitchpadDb, TranscriptTarget } from '../../data/db';
import { saveChatDraftText } from '../../data/composerDrafts';
import { loadFlowProgress } from '../playbooks/flowDrafts';
import { prefillShared } from '../share/prefillShared';

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

/**
 * Every transcript back for a field no screen waits on, written into that field's saved draft.
 * Answers how many went.
 */
export async function applyWaitingTranscripts(db: PitchpadDb): Promise<number> {
  const waiting = await db.recordings
    .where('state')
    .equals('transcribed')
    .filter(
      (row) => row.target !== undefined && row.appliedAt === undefined && !watched.has(row.id),
    )
    .toArray();
  let applied = 0;
  for (const row of waiting) {
    // A flow with nothing saved has no draft to fill: its transcript waits for the field itself
    // (the flow opened), unless the flow is finished first (clearFlowProgress forgets the target).
    const target = row.target!;
    if (
      target.kind === 'flow' &&
      !(isFlowType(target.flow) && (await loadFlowProgress(db, target.flow)))
    )
      continue;
    const text = await claimTranscript(db, row.id);
    if (text === null) continue;
    await writeToTarget(db, row.target!, text);
    applied += 1;
  }
  return applied;
}

/** The transcript added to the target's saved text, after what was there (nothing typed is lost). */
async function writeToTarget(
  db: PitchpadDb,
  target: TranscriptTarget,
  text: string,
): Promise<void> {
  if (target.kind === 'chat') return saveChatDraftText(db, text, target.chatId);
  if (!isFlowType(target.flow)) return;
  const question = FLOWS[target.flow].questions({}).find((q) => q.id === target.answer);
  if (!question) return;
  await prefillShared(
    db,
    {
      label: '',
      description: '',
      flow: target.flow,
      answers: [target.answer],
      maxLength: question.maxLength ?? ANSWER_MAX_CHARS,
    },
    text,
  );
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
