/**
 * Puts a shared text where the chosen tool will show it: the guided flow's answers in the drafts
 * table (saved progress, so a reload or a detour through pricing keeps it), or the new chat's
 * message draft. Nothing goes into the URL.
 */
import type { ShareChoice } from '../../../domain/share/shareChoices';
import { appendAttachedText } from '../../../domain/transcripts/attach';
import type { PitchpadDb } from '../../data/db';
import { saveChatDraftText } from '../../data/composerDrafts';
import { loadFlowProgress, saveFlowAnswer, saveFlowStep } from '../playbooks/flowDrafts';

/**
 * Adds the text to the choice's answers, after a blank line where the rep had written something
 * (nothing typed is lost), and opens the flow on its first question; the flow's other saved answers
 * stay, and `also` fills answers the rep left blank. For the free chat the text joins what the new chat's box already held. Answers whether the
 * text had to be cut to fit the answer.
 */
export async function prefillShared(
  db: PitchpadDb,
  choice: ShareChoice,
  text: string,
  also: Readonly<Record<string, string>> = {},
): Promise<{ cut: boolean }> {
  const { flow } = choice;
  if (flow === null) {
    await saveChatDraftText(db, text);
    return { cut: false };
  }
  const saved = (await loadFlowProgress(db, flow))?.answers ?? {};
  const filled = choice.answers.map((id) => ({
    id,
    ...appendAttachedText(saved[id] ?? '', text, choice.maxLength),
  }));
  // Other answers the text's source knows (a debriefed meeting's attendees: whom the follow-up is
  // for), only where the rep has written nothing.
  const known = Object.entries(also).filter(([id, value]) => value.trim() && !saved[id]?.trim());
  await Promise.all([
    ...filled.map(({ id, value }) => saveFlowAnswer(db, flow, id, value)),
    ...known.map(([id, value]) => saveFlowAnswer(db, flow, id, value)),
    saveFlowStep(db, flow, null),
  ]);
  return { cut: filled.some(({ note }) => note !== null) };
}

/** Where the choice opens, once prefilled. */
export function choicePath(choice: ShareChoice): string {
  return choice.flow ? `/chat?flow=${choice.flow}` : '/chat';
}
