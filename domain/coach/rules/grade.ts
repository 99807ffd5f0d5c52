import { messageParts, NOT_LETTER, proseWords, readingGrade, syllables, trimEnds } from '../text';
import { good, notGood, quoteList, type Rule } from '../types';

/** Emails at a 3rd–5th grade reading level get markedly more replies (Lavender). */
export const GRADE = { best: 5, worst: 8 } as const;

/**
 * Up to two of the longest words of three syllables or more, longest first. Capitalised words are
 * left alone: they are mostly names, which the rep cannot swap.
 */
function longWords(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of proseWords(text)) {
    const word = trimEnds(raw, NOT_LETTER);
    if (!/^\p{Ll}/u.test(word) || seen.has(word)) continue;
    if (syllables(word) >= 3) seen.add(word);
  }
  const chosen: string[] = [];
  // 'representative' says nothing new after 'representatives'.
  for (const word of [...seen].toSorted((a, b) => b.length - a.length)) {
    if (
      chosen.length < 2 &&
      !chosen.some((other) => other.startsWith(word) || word.startsWith(other))
    )
      chosen.push(word);
  }
  return chosen;
}

/** The Flesch–Kincaid grade of the message: 5 or lower is good, 6–8 a warning, 9 and up bad. */
export const checkGrade: Rule = (email) => {
  const message = messageParts(email.body).message;
  const grade = Math.round(readingGrade(message));
  const shown = grade <= 1 ? 'grade 1 or below' : grade > 12 ? 'college level' : `grade ${grade}`;
  if (grade <= GRADE.best) return good('grade', `Reads at ${shown} — easy on a phone`);
  const long = longWords(message);
  const fix =
    long.length > 0
      ? `Swap long words like ${quoteList(long)} for everyday ones, and keep sentences short.`
      : 'Use shorter sentences and everyday words.';
  return notGood(
    'grade',
    grade <= GRADE.worst ? 'warn' : 'bad',
    `Reads at ${shown} — aim for grade 5 or lower`,
    fix,
  );
};
