import { messageParts, NOT_LETTER, trimEnds, words } from '../text';
import { good, notGood, type Rule } from '../types';

const READER = new Set([
  'you',
  'your',
  'yours',
  'yourself',
  'yourselves',
  "you're",
  "you've",
  "you'll",
  "you'd",
]);
const WRITER = new Set([
  'i',
  'me',
  'my',
  'mine',
  'myself',
  "i'm",
  "i've",
  "i'll",
  "i'd",
  'we',
  'us',
  'our',
  'ours',
  'ourselves',
  "we're",
  "we've",
  "we'll",
  "we'd",
]);

/** Counts the words about the reader ('you', 'your') and about the writer ('I', 'we', 'our') in a text. */
function pronouns(text: string): { reader: number; writer: number } {
  let reader = 0;
  let writer = 0;
  for (const raw of words(text)) {
    const word = trimEnds(raw.replace(/[’‘]/g, "'"), NOT_LETTER);
    if (word === 'US') continue; // the country
    const lower = word.toLowerCase();
    if (READER.has(lower)) reader++;
    else if (WRITER.has(lower)) writer++;
  }
  return { reader, writer };
}

/**
 * Focus on the reader. Good when 'I/we' words are no more than 'you' words (or there is at most
 * one); bad when they outnumber 'you' more than two to one and number four or more; else a warning.
 */
export const checkReader: Rule = (email) => {
  const { reader, writer } = pronouns(messageParts(email.body).message);
  const counts = `${reader} “you” to ${writer} “I/we”`;
  if (writer <= reader || writer <= 1) return good('reader', `About them: ${counts}`);
  const status = writer > 2 * reader && writer >= 4 ? 'bad' : 'warn';
  return notGood(
    'reader',
    status,
    `About you: ${counts}`,
    'Make it about them: fewer “I/we”, more “you” (“You could…” instead of “We help…”).',
  );
};
