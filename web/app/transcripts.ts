/**
 * A debrief's transcript written into the field it was recorded for, when no screen shows that
 * field (after each flush of the sync engine): a guided flow's saved answer or a chat's message
 * box. Here, where the debrief meets the flows and the chat, so none of them imports another.
 */
import { FLOWS } from '../../domain/playbooks';
import { ANSWER_MAX_CHARS } from '../../domain/playbooks/flow';
import { isFlowType } from '../../domain/playbooks/tools';
import { saveChatDraftText } from '../data/composerDrafts';
import type { PitchpadDb, TranscriptTarget } from '../data/db';
import { claimTranscript, isWatched } from '../features/debrief/transcriptTargets';
import { loadFlowProgress } from '../features/playbooks/flowDrafts';
import { prefillShared } from '../features/share/prefillShared';

/**
 * Every transcript back for a field no screen waits on, written into that field's saved draft.
 * Answers how many went.
 */
export async function applyWaitingTranscripts(db: PitchpadDb): Promise<number> {
  const waiting = await db.recordings
    .where('state')
    .equals('transcribed')
    .filter((row) => row.target !== undefined && row.appliedAt === undefined && !isWatched(row.id))
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
