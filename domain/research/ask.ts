/**
 * A chat message that asks for research ('Research Freightly before my call', 'look up Dana Ortiz
 * at Freightly'): who to research, so the chat can offer research with sources instead of the model's
 * memory. Bounded patterns: a long or hostile message is read in linear time.
 */

import { recipientContext } from '../drafts/coldEmail';

/** The longest subject read from a message. */
const SUBJECT_MAX = 200;

const ASK =
  /^\s*(?:(?:please|can you|could you|pitchpad,?)\s+)?(?:research|look\s+up|look\s+into|dig\s+into|find\s+out\s+about)\s+(?!(?:shows?|says?|suggests?|found|finds|is|was|has|on|of|about|from)\b)([^\n]{2,300}?)\s*[.!?]*\s*$/i;
/** What follows the subject and says when or why, not who: 'before my call', 'for tomorrow'. */
const TAIL =
  /\s+(?:before|ahead\s+of|prior\s+to|for\s+(?:my|our|the|tomorrow|today)|today|tomorrow)\b.*$/i;

/** The subject a message asks to research, or null when it asks no research. */
export function researchAsk(text: string): string | null {
  if (text.length > 400) return null;
  const match = ASK.exec(text);
  if (!match) return null;
  const subject = match[1]!
    .replace(TAIL, '')
    .replace(/^(?:the\s+company\s+)/i, '')
    .trim();
  return subject.length >= 2 && subject.length <= SUBJECT_MAX ? subject : null;
}

/**
 * Whom a flow's answer names to look up: the company ('Dana Ortiz, VP Sales at Freightly' →
 * 'Freightly'), else the person; nothing when the answer names neither (yet).
 */
export function lookUpSubject(answer: string): string | undefined {
  const { company, recipientName } = recipientContext(answer.slice(0, 2_000));
  const subject = (company ?? recipientName)?.trim();
  return subject && subject.length >= 2 && subject.length <= SUBJECT_MAX ? subject : undefined;
}
