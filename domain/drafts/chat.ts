import type { PlaybookType } from '../playbooks/types';
import type { Answers } from '../playbooks/flow';
import { draftColdEmail, emailDraftMarkdown } from './coldEmail';
import { draftGtmPlan, draftedPlanMarkdown } from './gtmPlan';
import { draftObjectionGuide, draftPersonaSheet } from './guides';

/** The operator's one-line fix when no model is configured (the drafter's replies and the server's 503s say it). */
export const NO_MODEL_FIX = 'set OPENAI_API_KEY (or OPENAI_BASE_URL for a local, OpenAI-compatible model such as Ollama) and restart Pitchpad';

/** What the offline drafter can compose from a user's own answers, with no model (design §5). */
export const OFFLINE_DRAFTS = [
  'a cold email from your recipient, value proposition and booking link (Generate Cold Emails)',
  'a customer persona sheet (Define Customer Personas)',
  'an objection-handling guide skeleton (Handle Objections)',
  'a GTM plan document from your eleven answers (Build Your GTM Plan)',
];

/**
 * The offline drafter's answer to a chat message. A finished flow's answers become a draft (cold
 * email, persona sheet, objection guide, GTM plan). Open questions need a language model: it says so
 * plainly, never pretending to know, and lists what it can draft right now. A cold email signs with
 * `sender`, the rep's name, when it is known.
 */
export function draftChatReply(type: PlaybookType, _message: string, answers?: Answers, sender?: string): string {
  if (answers) {
    if (type === 'email') return `${emailDraftMarkdown(draftColdEmail(answers, sender))}

_Offline draft, composed from your answers._`;
    if (type === 'demo') return draftPersonaSheet(answers);
    if (type === 'objection') return draftObjectionGuide(answers);
    if (type === 'gtmplan') return draftedPlanMarkdown(draftGtmPlan(answers));
  }
  return [
    "I'm Pitchpad's **offline drafter**: no language model is configured on this server, so I can't answer open questions or research your market yet.",
    '',
    `To get full answers, whoever runs Pitchpad can fix it in one line: ${NO_MODEL_FIX}.`,
    '',
    'What I can draft for you right now, from your own answers:',
    ...OFFLINE_DRAFTS.map((d) => `- ${d}`),
  ].join('\n');
}
