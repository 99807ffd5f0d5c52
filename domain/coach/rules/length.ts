import { messageParts, words } from '../text';
import { good, notGood, plural, type Rule } from '../types';

/** Replies peak at 25–50 words and fall away past 125 (Lavender). */
export const LENGTH = { bestMin: 25, bestMax: 50, tooLong: 125 } as const;

const CUT = 'Cut it to about 50 words: keep the one outcome and the ask.';

/** Body length in words, the greeting and sign-off left out. */
export const checkLength: Rule = (email) => {
  const count = words(messageParts(email.body).message).length;
  const label = `${plural(count, 'word')} — aim for 25–50`;
  if (count > LENGTH.tooLong) return notGood('length', 'bad', label, CUT);
  if (count > LENGTH.bestMax) return notGood('length', 'warn', label, CUT);
  if (count < LENGTH.bestMin)
    return notGood(
      'length',
      'warn',
      label,
      'Add a line on why this matters to them, to reach about 25 words.',
    );
  return good('length', `${plural(count, 'word')} — in the 25–50 sweet spot`);
};
