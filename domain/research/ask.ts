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

/** Words before a competitor's name that are not part of it ('mostly Gong', 'vs. Chorus'). */
const LEAD_WORDS =
  /^(?:mostly|mainly|usually|often|sometimes|vs\.?|versus|against|the|like|e\.g\.?|such as)\s+/i;

/** What an answer about competitors may start with that is no one to look up. */
const NO_ONE = new Set([
  'we',
  'they',
  'our',
  'their',
  'us',
  'it',
  'i',
  'mostly',
  'nobody',
  'none',
  'nothing',
  'spreadsheets',
  'spreadsheet',
  'excel',
  'email',
  'status quo',
  'in-house',
  'manual',
  'doing nothing',
  'other',
  'others',
]);

/**
 * Whom a flow's answer names to look up. A recipient: the company ('Dana Ortiz, VP Sales at
 * Freightly' → 'Freightly'), else the person. Competitors: the first one named, when it is a name
 * ('Gong, Chorus and spreadsheets' → 'Gong'; 'spreadsheets' is no one to look up). Nothing when
 * the answer names no one (yet).
 */
export function lookUpSubject(
  answer: string,
  kind: 'recipient' | 'competitor',
): string | undefined {
  const text = answer.slice(0, 2_000);
  let subject: string | undefined;
  if (kind === 'recipient') {
    const { company, recipientName } = recipientContext(text);
    subject = (company ?? recipientName)?.trim();
  } else {
    let first = text.split(/[,;\n(]|\s(?:and|or|&)\s/)[0]!.trim();
    for (let lead = LEAD_WORDS.exec(first); lead; lead = LEAD_WORDS.exec(first))
      first = first.slice(lead[0].length);
    first = first.replace(/[.!?:]+$/, '').trim();
    const words = first.split(/\s+/);
    subject =
      /^\p{Lu}/u.test(first) &&
      words.length <= 4 &&
      !NO_ONE.has(first.toLowerCase()) &&
      !NO_ONE.has(words[0]!.toLowerCase())
        ? first
        : undefined;
  }
  return subject && subject.length >= 2 && subject.length <= SUBJECT_MAX ? subject : undefined;
}
