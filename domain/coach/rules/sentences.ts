import { messageParts, sentences, words } from '../text';
import { good, notGood, type Rule } from '../types';

/** A sentence longer than this is hard to take in on a phone. */
export const LONG_SENTENCE = 25;

/** Flags sentences over 25 words: one is a warning, two or more bad. */
export const checkSentences: Rule = (email) => {
  const long = sentences(messageParts(email.body).message).filter(
    (sentence) => words(sentence).length > LONG_SENTENCE,
  );
  if (long.length === 0) return good('sentences', 'No sentence over 25 words');
  const start = `${words(long[0]!)
    .slice(0, 4)
    .join(' ')
    .replace(/[,;:.!?]+$/, '')}…`;
  if (long.length === 1)
    return notGood(
      'sentences',
      'warn',
      '1 sentence over 25 words',
      `Split the long sentence that starts “${start}” in two.`,
    );
  return notGood(
    'sentences',
    'bad',
    `${long.length} sentences over 25 words`,
    `Split each long sentence in two; the first starts “${start}”.`,
  );
};
