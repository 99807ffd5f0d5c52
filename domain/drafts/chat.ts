import type { PlaybookType } from '../playbooks/types';

/** What the offline drafter can compose from a user's own answers, with no model (design §5). */
export const OFFLINE_DRAFTS = [
  'a cold email from your recipient, value proposition and booking link (Generate Cold Emails)',
  'a customer persona sheet (Define Customer Personas)',
  'an objection-handling guide skeleton (Handle Objections)',
  'a GTM plan document from your eleven answers (Build Your GTM Plan)',
];

/**
 * The offline drafter's answer to a chat message. Open questions need a language model: it says so
 * plainly, never pretending to know, and lists what it can draft right now.
 */
export function draftChatReply(_type: PlaybookType, _message: string): string {
  return [
    "I'm Pitchpad's **offline drafter**: no language model is configured on this server, so I can't answer open questions or research your market yet.",
    '',
    'To get full answers, the person who runs Pitchpad sets `OPENAI_API_KEY` (or `OPENAI_BASE_URL` for a local, OpenAI-compatible model) and restarts it.',
    '',
    'What I can draft for you right now, from your own answers:',
    ...OFFLINE_DRAFTS.map((d) => `- ${d}`),
  ].join('\n');
}
