import { WORKFLOW_NAME_MAX } from '../limits';
import { callAnalysisFlow } from './callAnalysis';
import { coldEmailFlow } from './coldEmail';
import { crmNoteFlow } from './crmNote';
import { cutAtWord, type Answers, type Flow, type FlowType } from './flow';
import { followUpFlow } from './followUp';
import { gtmPlanFlow } from './gtmPlan';
import { objectionFlow } from './objection';
import { personaFlow } from './persona';
import { valuePropositionFlow } from './valueProposition';

/** Every guided flow by playbook type. */
export const FLOWS: Record<FlowType, Flow> = {
  playbook: valuePropositionFlow,
  email: coldEmailFlow,
  demo: personaFlow,
  call: callAnalysisFlow,
  objection: objectionFlow,
  gtmplan: gtmPlanFlow,
  followup: followUpFlow,
  crmnote: crmNoteFlow,
};

export type { Answers, Flow, FlowType, Option, Question } from './flow';

/**
 * The name a finished flow is saved under, in the history and as its chat's title: named for its
 * subject from the flow's own answers ('Call Analysis: Sam Lee and Dana Ortiz', 'GTM Plan for
 * Pipewise'), else the flow's name and the date; never longer than a stored name.
 */
export function workflowNameFor(type: FlowType, answers: Answers, now: Date): string {
  return cutAtWord(
    FLOWS[type].workflowName(answers, now).trim().replace(/\s+/g, ' '),
    WORKFLOW_NAME_MAX - 1,
  );
}

/**
 * A finished value proposition pre-fills these answers of later flows (the user can edit them):
 * the cold email's value_prop, and the objection and persona flows' value_proposition.
 */
export const VALUE_PROPOSITION_CARRIES_TO: ReadonlyArray<{ flow: FlowType; questionId: string }> = [
  { flow: 'email', questionId: 'value_prop' },
  { flow: 'objection', questionId: 'value_proposition' },
  { flow: 'demo', questionId: 'value_proposition' },
];
