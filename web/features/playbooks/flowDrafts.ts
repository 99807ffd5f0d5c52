/**
 * A flow's progress in the drafts table (web/data/drafts.ts): one row per answered step, saved as
 * typed, plus two rows of our own for where the user was and the generated options. Step ids of
 * our own start with '@', which no question id does.
 */
import type { Answers, FlowType } from '../../../domain/playbooks';
import type { PitchpadDb } from '../../data/db';
import type { ProfileValues } from '../../../domain/contract/profile';
import { profileValues, readLocalProfile } from '../profile/profileStore';
import { clearDraft, listDrafts, loadDraft, saveDraft } from '../../data/drafts';
import { forgetTargets } from '../debrief/recordingStore';
import { isFlowType } from '../../../domain/playbooks/tools';
import { startProgress, type FlowProgress } from './flowMachine';

const STEP_KEY = '@step';
const OPTIONS_KEY = '@options';
/** The value proposition last picked, carried into later flows (keyValues). */
export const CARRIED_VALUE_PROPOSITION_KEY = 'flows.valueProposition';

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** The saved progress of a flow, or null when it has none. */
export async function loadFlowProgress(
  db: PitchpadDb,
  type: FlowType,
): Promise<Partial<FlowProgress> | null> {
  const draft = await loadDraft(db, type);
  if (!draft) return null;
  const answers: Answers = {};
  for (const [stepId, value] of Object.entries(draft))
    if (!stepId.startsWith('@') && typeof value === 'string') answers[stepId] = value;
  const step = draft[STEP_KEY];
  const options = draft[OPTIONS_KEY];
  return {
    answers,
    stepId: typeof step === 'string' ? step : null,
    options: isStringArray(options) && options.length ? options : null,
  };
}

/**
 * The flow as the user left it, with the rep's profile and a finished value proposition filled in
 * where they answer a step not typed yet.
 */
export async function resumeFlow(
  db: PitchpadDb,
  type: FlowType,
  profile?: ProfileValues,
): Promise<FlowProgress> {
  const [saved, carried] = await Promise.all([
    loadFlowProgress(db, type),
    db.keyValues.get(CARRIED_VALUE_PROPOSITION_KEY),
  ]);
  return startProgress(
    type,
    saved,
    typeof carried?.value === 'string' ? carried.value : null,
    profile,
  );
}

export function saveFlowAnswer(
  db: PitchpadDb,
  type: FlowType,
  questionId: string,
  value: string,
): Promise<void> {
  return saveDraft(db, type, questionId, value);
}

export function saveFlowStep(db: PitchpadDb, type: FlowType, stepId: string | null): Promise<void> {
  return saveDraft(db, type, STEP_KEY, stepId);
}

export function saveFlowOptions(
  db: PitchpadDb,
  type: FlowType,
  options: string[] | null,
): Promise<void> {
  return saveDraft(db, type, OPTIONS_KEY, options);
}

export async function clearFlowProgress(db: PitchpadDb, type: FlowType): Promise<void> {
  await clearDraft(db, type);
  // A voice note recorded for this flow and not back yet no longer fills it (a later run of the
  // flow is another meeting): its transcript stays on /debrief.
  await forgetTargets(db, (target) => target.kind === 'flow' && target.flow === type).catch(
    () => {},
  );
}

/** Every unfinished flow and how far it got, for the flows menu. */
export async function unfinishedFlows(db: PitchpadDb): Promise<Map<FlowType, FlowProgress>> {
  const out = new Map<FlowType, FlowProgress>();
  // 'Question N of M' counts the steps asked, as the flow does: not those the profile answers.
  const profile = profileValues(await readLocalProfile(db));
  for (const { flow } of await listDrafts(db)) {
    if (!isFlowType(flow)) continue;
    const saved = await loadFlowProgress(db, flow);
    // A draft with nothing typed yet (only the step marker) is not worth a "resume" badge.
    if (saved && Object.values(saved.answers ?? {}).some((v) => v.trim()))
      out.set(flow, startProgress(flow, saved, null, profile));
  }
  return out;
}

/** Remember the value proposition a finished flow picked, so later flows start with it. */
export async function carryValueProposition(db: PitchpadDb, text: string): Promise<void> {
  if (text.trim())
    await db.keyValues.put({ key: CARRIED_VALUE_PROPOSITION_KEY, value: text.trim() });
}
