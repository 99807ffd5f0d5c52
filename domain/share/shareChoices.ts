/**
 * What /share offers for a shared text, and which answer of each guided flow the
 * text pre-fills. Kept free of zod and of the flows' code: the share screen's chunk stays small.
 */
import { MESSAGE_MAX_CHARS } from '../limits';
import { TRANSCRIPT_MAX_CHARS } from '../playbooks/callAnalysis';
import { ANSWER_MAX_CHARS, type FlowType } from '../playbooks/flow';

export interface ShareChoice {
  label: string;
  description: string;
  /** The guided flow it opens; null for the free chat (the text goes into the message box). */
  flow: FlowType | null;
  /**
   * The answers the shared text fills. The objection flow asks for the audience first and then
   * each audience's own questions: the text fills the objections question of every audience, so
   * it is there whichever is picked.
   */
  answers: readonly string[];
  /** The longest text those answers (or the message box) take. */
  maxLength: number;
}

export const SHARE_CHOICES: readonly ShareChoice[] = [
  {
    label: 'Cold email to this person',
    description: 'A short, personal cold email to whoever this is about.',
    flow: 'email',
    answers: ['recipient_info'],
    maxLength: ANSWER_MAX_CHARS,
  },
  {
    label: 'Analyze this call',
    description: 'Pain points, objections and buying signals from the call.',
    flow: 'call',
    answers: ['transcript'],
    maxLength: TRANSCRIPT_MAX_CHARS,
  },
  {
    label: 'Handle this objection',
    description: 'How to answer the pushback, and what to ask next.',
    flow: 'objection',
    answers: [
      'common_objections',
      'common_investor_objections',
      'common_partner_objections',
      'common_internal_objections',
    ],
    maxLength: ANSWER_MAX_CHARS,
  },
  {
    label: 'Ask Pitchpad',
    description: 'A free chat that starts from what you shared.',
    flow: null,
    answers: [],
    maxLength: MESSAGE_MAX_CHARS,
  },
];
