/**
 * The guided flows' step rules as pure functions (spec §4 'Value-proposition flow', 'Cold-email
 * flow', 'Other wizards', 'GTM plan'; §5). The questions, prompts and limits live in
 * domain/playbooks; this file decides what the interview card shows and what a tap does.
 */
import {
  FLOWS,
  VALUE_PROPOSITION_CARRIES_TO,
  type Answers,
  type FlowType,
  type Question,
} from '../../../domain/playbooks';
import { SKIP_TO_ANALYSIS, transcriptProblem } from '../../../domain/playbooks/callAnalysis';
import { withSelectDefaults } from '../../../domain/playbooks/flow';
import {
  GTM_SKIP_HINT,
  GTM_SKIP_LABEL,
  GTM_SKIP_MIN_ANSWERS,
  answeredCount,
} from '../../../domain/playbooks/gtmPlan';
import { VALUE_PROPOSITION_TEXT_STEPS } from '../../../domain/playbooks/valueProposition';

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
}

/**
 * The flow's questions. The objection flow's depend on the audience: until one is picked, the list
 * is the first audience's (the select's default), so 'Question N of M' is right from the start.
 */
export function questionsOf(progress: Pick<FlowProgress, 'type' | 'answers'>): Question[] {
  const flow = FLOWS[progress.type];
  return flow.questions(withSelectDefaults(flow.questions(progress.answers), progress.answers));
}

export function stepIndexOf(progress: FlowProgress): number {
  const index =
    progress.stepId === null ? 0 : questionsOf(progress).findIndex((q) => q.id === progress.stepId);
  return Math.max(0, index);
}

/** A new flow, or one picked up again: a finished value proposition pre-fills later flows (editable). */
export function startProgress(
  type: FlowType,
  saved: Partial<FlowProgress> | null,
  carriedValueProposition: string | null,
): FlowProgress {
  const answers: Answers = { ...saved?.answers };
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
  };
  // A saved step that no longer exists (e.g. another audience was picked) falls back to the first.
  return questionsOf(progress).some((q) => q.id === progress.stepId)
    ? progress
    : { ...progress, stepId: null };
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
  /** 'Question N of M' (spec §2). */
  counter: string;
  control: ControlKind;
  /** The answer shown: what was typed, or for a select the choice (the first option by default, spec §5). */
  value: string;
  /** The primary button: 'Next', or the flow's finish label; null where a tap on a choice advances. */
  primaryLabel: string | null;
  /** False while the answer is blank (spec §5: blank answers are blocked), unless the question is optional. */
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
  const questions = questionsOf(progress);
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
    // An optional answer never holds the flow up (issue 13, point 5).
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
      // Offered once past the first step (spec §2).
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
  /** Tell the user why not (the spec's alerts). */
  | { kind: 'alert'; message: string }
  /** Value proposition: generate the options, then show the last step. */
  | { kind: 'generate'; progress: FlowProgress }
  /** The flow is done: these are the answers to build the result from. */
  | { kind: 'finish'; answers: Answers }
  | { kind: 'ignored' };

/** Select steps the user has seen take their first option when nothing was chosen (spec §5). */
function answersWithSeenDefaults(progress: FlowProgress, upTo: number): Answers {
  return withSelectDefaults(questionsOf(progress).slice(0, upTo + 1), progress.answers);
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
  const next = questionsOf(answered)[index + 1]!;
  const moved = { ...answered, stepId: next.id };
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
    progress: { ...answered, stepId: questionsOf(answered)[view.index + 1]!.id },
  };
}

export function goBack(progress: FlowProgress): StepResult {
  const index = stepIndexOf(progress);
  if (index === 0) return { kind: 'ignored' };
  return { kind: 'move', progress: { ...progress, stepId: questionsOf(progress)[index - 1]!.id } };
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
