import { isQuestion, messageParts, sentences } from '../text';
import { good, notGood, plural, type Rule } from '../types';

/** Words that can come before an ask without changing it: 'Just reply…', 'Alternatively, book…', 'If it helps, grab…'. */
const LEAD_IN =
  /^(?:(?:so|and|then|just|please|simply|or|but|also|alternatively|otherwise|either way)\b[\s,]*|if\b[^,]{0,80},\s*)*/i;
/** Sentences that ask without a question mark: 'Book a time here', 'Let me know', 'Reply with a day'. */
const IMPERATIVE_ASK =
  /^(?:let me know|let's|let us|reply|hit reply|write back|book|grab|pick|choose|schedule|set up|send me|shoot me|drop me|tell me|call me|ping me|feel free to|click|join|sign up|register|check out|take a look|have a look|try|reach out|get in touch|(?:i'd|i would|we'd|we would) love to (?:chat|talk|connect|meet|show|set up|schedule|find|grab|book|hop on|walk|hear|learn|explore))\b/i;

/** Whether a sentence asks the reader for something: a question, or an ask in the imperative. */
const isAsk = (sentence: string) =>
  isQuestion(sentence) ||
  IMPERATIVE_ASK.test(sentence.trim().replace(/[’‘]/g, "'").replace(LEAD_IN, ''));

/** Exactly one question or call to action: none is bad, two or more a warning. */
export const checkCta: Rule = (email) => {
  const asks = sentences(messageParts(email.body).message).filter(isAsk).length;
  if (asks === 1) return good('cta', 'One clear ask');
  if (asks === 0)
    return notGood(
      'cta',
      'bad',
      'No ask',
      'End with one clear ask, like “Worth a quick call next week?”',
    );
  return notGood(
    'cta',
    'warn',
    `${plural(asks, 'ask')} — keep one`,
    'Keep just one ask, so saying yes is easy.',
  );
};
