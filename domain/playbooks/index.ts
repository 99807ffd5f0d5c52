import { callAnalysisFlow } from './callAnalysis';
import { coldEmailFlow } from './coldEmail';
import type { Flow, FlowType } from './flow';
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
};

export type { Answers, Flow, FlowType, Option, Question } from './flow';

/**
 * A finished value proposition pre-fills these answers of later flows (the user can edit them):
 * the cold email's value_prop, and the objection and persona flows' value_proposition.
 */
export const VALUE_PROPOSITION_CARRIES_TO: ReadonlyArray<{ flow: FlowType; questionId: string }> = [
  { flow: 'email', questionId: 'value_prop' },
  { flow: 'objection', questionId: 'value_proposition' },
  { flow: 'demo', questionId: 'value_proposition' },
];
