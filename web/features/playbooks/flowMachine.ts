/**
 * The guided flows' step rules as pure functions, for every flow (value proposition, cold email,
 * the other wizards, GTM plan). The questions, prompts and limits live in domain/playbooks; this
 * file decides what the interview card shows and what a tap does.
 */
import {
  FLOWS,
  VALUE_PROPOSITION_CARRIES_TO,
  type Answers,
  type FlowType,
  type Question,
} from '../../../domain/playbooks';
import { SKIP_TO_ANALYSIS, transcriptProblem } from '../../../domain/playbooks/callAnalysis';
import { labelOf, withSelectDefaults } from '../../../domain/playbooks/flow';
import {
  GTM_SKIP_HINT,
  GTM_SKIP_LABEL,
  GTM_SKIP_MIN_ANSWERS,
  answeredCount,
} from '../../../domain/playbooks/gtmPlan';
import { VALUE_PROPOSITION_TEXT_STEPS } from '../../../domain/playbooks/valueProposition';
import { answersFromProfile, profileAnswerOf } from '../../../domain/playbooks/profileAnswers';
import type { ProfileField, ProfileValues } from '../../../domain/contract/profile';

export const SKIP_TO_EMAIL = 'Skip to Email';
export const NEXT_LABEL = 'Next';

/** Where a flow is: its answers so far, the step on screen, and (value proposition) the generated options. */
export interface FlowProgress {
  type: FlowType;
  answers: Answers;
  /** The question on screen; null means the first. */
  stepId: string | null;
  /** The value propositions offered on the last step, once generated. */
  options: string[] | null;
  /**
   * What the rep's profile answers (question id → the profile's answer), whether or not the answer
   * shown is still that: an answer equal to it is 'from your profile', a different one can be
   * offered back to the profile. Absent with no profile.
   */
  fromProfile?: Answers;
  /** Steps the rep has been on or opened: asked like any other, even when the profile answers them. */
  opened?: string[];
}

/**
 * The flow's questions. The objection flow's depend on the audience: until one is picked, the list
 * is the first audience's (the select's default), so 'Question N of M' is right from the start.
 */
export function questionsOf(progress: Pick<FlowProgress, 'type' | 'answers'>): Question[] {
  const flow = FLOWS[progress.type];
  return flow.questions(withSelectDefaults(flow.questions(progress.answers), progress.answers));
}

/** Whether the answer shown is the profile's, unchanged (and not blank). */
export function isFromProfile(progress: FlowProgress, questionId: string): boolean {
  const profile = progress.fromProfile?.[questionId];
  return profile !== undefined && profile.trim() !== '' && progress.answers[questionId] === profile;
}

/**
 * The steps the rep is asked: the flow's questions less those the profile answers that the rep has
 * not been on (they show as a summary the rep can open, `profileSummary`). With no profile, every
 * question, as before. Never none: a flow the profile answers entirely asks everything.
 */
export function stepsOf(progress: FlowProgress): Question[] {
  const questions = questionsOf(progress);
  const asked = questions.filter((q) => !isSkipped(progress, q));
  return asked.length ? asked : questions;
}

function isSkipped(progress: FlowProgress, q: Question): boolean {
  return (
    isFromProfile(progress, q.id) &&
    q.id !== progress.stepId &&
    !progress.opened?.includes(q.id) &&
    (q.check?.(progress.answers[q.id]!).ok ?? true)
  );
}

/** The steps the profile answered that are not asked, in the flow's order, with their answers. */
export function profileSummary(progress: FlowProgress): { question: Question; answer: string }[] {
  const asked = new Set(stepsOf(progress).map((q) => q.id));
  return questionsOf(progress)
    .filter((q) => !asked.has(q.id))
    .map((question) => ({ question, answer: labelOf(question, progress.answers[question.id]!) }));
}

/** The rep opens a step the profile answered, to read or change it: it is asked from now on. */
export function openStep(progress: FlowProgress, questionId: string): FlowProgress {
  if (!questionsOf(progress).some((q) => q.id === questionId)) return progress;
  return { ...progress, stepId: questionId, opened: withOpened(progress, questionId) };
}

function withOpened(progress: FlowProgress, questionId: string): string[] {
  const opened = progress.opened ?? [];
  return opened.includes(questionId) ? opened : [...opened, questionId];
}

/**
 * The answer on screen as a change to the profile, when it differs from what the profile holds
 * and can be saved there as it stands ('Save to your profile'); null otherwise.
 */
export function profileChangeOf(
  progress: FlowProgress,
): { field: ProfileField; value: string } | null {
  const { question } = stepView(progress);
  const profile = progress.fromProfile?.[question.id];
  const field = profileAnswerOf(progress.type, question.id)?.saveTo;
  const typed = progress.answers[question.id]?.trim() ?? '';
  // As it would be kept: a link typed without https:// gets it, as the profile keeps links.
  const checked = question.check?.(typed);
  const value = checked?.ok ? checked.value : typed;
  if (profile === undefined || !field || !value || value === profile.trim()) return null;
  return { field, value };
}

export function stepIndexOf(progress: FlowProgress): number {
  const index =
    progress.stepId === null ? 0 : stepsOf(progress).findIndex((q) => q.id === progress.stepId);
  return Math.max(0, index);
}

/**
 * A new flow, or one picked up again. What the rep typed stays; a step never touched takes the
 * profile's answer, else a finished value proposition's (both editable).
 */
export function startProgress(
  type: FlowType,
  saved: Partial<FlowProgress> | null,
  carriedValueProposition: string | null,
  profile?: ProfileValues,
): FlowProgress {
  const answers: Answers = { ...saved?.answers };
  const fromProfile = profile
    ? answersFromProfile(type, profile, allQuestionsOf(type, answers))
    : {};
  for (const [id, value] of Object.entries(fromProfile))
    if (answers[id] === undefined) answers[id] = value;
  const carry = carriedValueProposition?.trim();
  if (carry) {
    for (const target of VALUE_PROPOSITION_CARRIES_TO) {
      // Only a step never touched: an answer the user cleared stays cleared.
      if (target.flow === type && answers[target.questionId] === undefined)
        answers[target.questionId] = carry;
    }
  }
  const progress: FlowProgress = {
    type,
    answers,
    stepId: saved?.stepId ?? null,
    options: saved?.options ?? null,
    ...(Object.keys(fromProfile).length ? { fromProfile } : {}),
  };
  // A saved step that no longer exists (e.g. another audience was picked) falls back to the first.
  return questionsOf(progress).some((q) => q.id === progress.stepId)
    ? progress
    : { ...progress, stepId: null };
}

/** Every question the flow may ask, whatever is chosen (the objection flow's every audience). */
function allQuestionsOf(type: FlowType, answers: Answers): Question[] {
  if (type !== 'objection') return questionsOf({ type, answers });
  const audience = questionsOf({ type, answers })[0]!;
  return [
    audience,
    ...(audience.options ?? []).flatMap((o) =>
      FLOWS.objection.questions({ ...answers, [audience.id]: o.value }).slice(1),
    ),
  ];
}

/**
 * The profile as it is now (it arrived from the server, or changed on the profile screen): each
 * step still showing the profile's earlier answer, or never touched, takes the new one; what the
 * rep typed stays. The same progress when nothing changes.
 */
export function withProfile(progress: FlowProgress, profile: ProfileValues): FlowProgress {
  const next = answersFromProfile(
    progress.type,
    profile,
    allQuestionsOf(progress.type, progress.answers),
  );
  const before = progress.fromProfile ?? {};
  const answers = { ...progress.answers };
  let changed = false;
  for (const id of new Set([...Object.keys(before), ...Object.keys(next)])) {
    if (before[id] === next[id]) continue;
    changed = true;
    const untouched = answers[id] === undefined || answers[id] === before[id];
    if (!untouched) continue;
    if (next[id] === undefined) delete answers[id];
    else answers[id] = next[id];
  }
  if (!changed) return progress;
  return { ...progress, answers, fromProfile: next };
}

/**
 * A flow opened by a reply's button that fills its first answer (the chat's no-model
 * answer): that answer is set, replacing what was there, and the flow shows that step so the rep
 * sees it and can add to it. Only a written answer is filled; a choice step is left as it was.
 */
export function withPrefill(progress: FlowProgress, prefill: string | undefined): FlowProgress {
  const first = questionsOf(progress)[0];
  const text = prefill?.trim();
  if (!first || !text || first.type === 'select' || first.type === 'cards') return progress;
  return { ...progress, answers: { ...progress.answers, [first.id]: text }, stepId: first.id };
}

export type ControlKind = 'text' | 'textarea' | 'select' | 'cards' | 'generated';

/** What the interview card shows for the step on screen. */
export interface StepView {
  question: Question;
  index: number;
  total: number;
  /** 'Question N of M'. */
  counter: string;
  control: ControlKind;
  /** The answer shown: what was typed, or for a select the choice (the first option by default). */
  value: string;
  /** The primary button: 'Next', or the flow's finish label; null where a tap on a choice advances. */
  primaryLabel: string | null;
  /**
   * False while the answer is blank (a blank answer would make a useless prompt), unless the
   * question is optional.
   */
  canSubmit: boolean;
  canGoBack: boolean;
  skip: { label: string; enabled: boolean; hint: string | null } | null;
}

function controlOf(q: Question): ControlKind {
  if (q.type === 'cards') return 'cards';
  if (q.type === 'select') return q.options?.length ? 'select' : 'generated';
  if (q.type === 'textarea') return 'textarea';
  return 'text';
}

/** The value proposition's last text step leads to the generated options ('Create Sales Pitch'). */
function isLastValuePropTextStep(type: FlowType, q: Question): boolean {
  return type === 'playbook' && q.id === VALUE_PROPOSITION_TEXT_STEPS.at(-1);
}

export function stepView(progress: FlowProgress): StepView {
  const questions = stepsOf(progress);
  const index = stepIndexOf(progress);
  const question = questions[index]!;
  const flow = FLOWS[progress.type];
  const control = controlOf(question);
  const typed = progress.answers[question.id] ?? '';
  const value =
    control === 'select' ? (typed.trim() ? typed : (question.options?.[0]?.value ?? '')) : typed;
  const isLast = index === questions.length - 1;
  const primaryLabel =
    control === 'cards' || control === 'generated'
      ? null
      : isLast || isLastValuePropTextStep(progress.type, question)
        ? flow.finishLabel
        : NEXT_LABEL;
  return {
    question,
    index,
    total: questions.length,
    counter: `Question ${index + 1} of ${questions.length}`,
    control,
    value,
    primaryLabel,
    // An optional answer never holds the flow up: the rep may have no booking link or call context
    // to give.
    canSubmit: question.optional === true || value.trim() !== '',
    canGoBack: index > 0,
    skip: skipOf(progress, index),
  };
}

function skipOf(progress: FlowProgress, index: number): StepView['skip'] {
  switch (progress.type) {
    case 'email':
      return { label: SKIP_TO_EMAIL, enabled: true, hint: null };
    case 'call':
      // Offered once past the first step: the transcript, which the analysis cannot do without.
      return index >= 1 ? { label: SKIP_TO_ANALYSIS, enabled: true, hint: null } : null;
    case 'gtmplan': {
      const enabled = answeredCount(progress.answers) >= GTM_SKIP_MIN_ANSWERS;
      return { label: GTM_SKIP_LABEL, enabled, hint: enabled ? null : GTM_SKIP_HINT };
    }
    default:
      return null;
  }
}

export type StepResult =
  /** Move to this progress (the next or previous step). */
  | { kind: 'move'; progress: FlowProgress }
  /** Tell the user why not (a validation message). */
  | { kind: 'alert'; message: string }
  /** Value proposition: generate the options, then show the last step. */
  | { kind: 'generate'; progress: FlowProgress }
  /** The flow is done: these are the answers to build the result from. */
  | { kind: 'finish'; answers: Answers }
  | { kind: 'ignored' };

/**
 * Select steps the user has seen take their first option when nothing was chosen, as the card
 * showed it chosen.
 */
function answersWithSeenDefaults(progress: FlowProgress, upTo: number): Answers {
  return withSelectDefaults(stepsOf(progress).slice(0, upTo + 1), progress.answers);
}

/** Move to `stepId`, the step left counted as one the rep has been on (so it stays asked). */
function moveTo(progress: FlowProgress, from: string, stepId: string): FlowProgress {
  return { ...progress, stepId, opened: withOpened(progress, from) };
}

export function withAnswer(
  progress: FlowProgress,
  questionId: string,
  value: string,
): FlowProgress {
  return { ...progress, answers: { ...progress.answers, [questionId]: value } };
}

/** The primary button (Next / the finish label) on the step on screen. */
export function submitStep(progress: FlowProgress): StepResult {
  const view = stepView(progress);
  if (view.primaryLabel === null || !view.canSubmit) return { kind: 'ignored' };
  const { question, index, total } = view;
  if (progress.type === 'call' && question.id === 'transcript') {
    const problem = transcriptProblem(view.value, false);
    if (problem) return { kind: 'alert', message: problem };
  }
  const checked = question.check?.(view.value);
  if (checked && !checked.ok) return { kind: 'alert', message: checked.message };
  const answered = withAnswer(progress, question.id, checked ? checked.value : view.value);
  if (index === total - 1)
    return { kind: 'finish', answers: answersWithSeenDefaults(answered, index) };
  const next = stepsOf(answered)[index + 1]!;
  const moved = moveTo(answered, question.id, next.id);
  return isLastValuePropTextStep(progress.type, question)
    ? { kind: 'generate', progress: moved }
    : { kind: 'move', progress: moved };
}

/** A tap on a card or a generated option: cards advance, a value proposition finishes the flow. */
export function pickOption(progress: FlowProgress, value: string): StepResult {
  const view = stepView(progress);
  if (view.control !== 'cards' && view.control !== 'generated') return { kind: 'ignored' };
  const answered = withAnswer(progress, view.question.id, value);
  if (view.index === view.total - 1)
    return { kind: 'finish', answers: answersWithSeenDefaults(answered, view.index) };
  return {
    kind: 'move',
    progress: moveTo(answered, view.question.id, stepsOf(answered)[view.index + 1]!.id),
  };
}

export function goBack(progress: FlowProgress): StepResult {
  const index = stepIndexOf(progress);
  if (index === 0) return { kind: 'ignored' };
  const steps = stepsOf(progress);
  return { kind: 'move', progress: moveTo(progress, steps[index]!.id, steps[index - 1]!.id) };
}

/** 'Skip to Email', 'Skip to analysis with current information', 'Skip to Plan Generation'. */
export function skipToResult(progress: FlowProgress): StepResult {
  const view = stepView(progress);
  if (!view.skip?.enabled) return { kind: 'ignored' };
  if (progress.type === 'call') {
    const problem = transcriptProblem(progress.answers.transcript, true);
    if (problem) return { kind: 'alert', message: problem };
  }
  // Skipping from a step takes its answer as it stands, so that answer must pass its own check too.
  const checked = view.question.check?.(view.value);
  if (checked && !checked.ok) return { kind: 'alert', message: checked.message };
  const answered = checked ? withAnswer(progress, view.question.id, checked.value) : progress;
  return { kind: 'finish', answers: answersWithSeenDefaults(answered, view.index) };
}

/** For the flows menu: how far an unfinished flow got ('Question 3 of 7'). */
export function progressLabel(progress: FlowProgress): string {
  return stepView(progress).counter;
}
