import { SPAM_PHRASES } from '../spamWords';
import { folded } from '../text';
import { good, notGood, quoteList, type Rule } from '../types';

/** Text as a run of plain words between single spaces: ' act now ', so a phrase matches only whole words. */
const matchable = (text: string) =>
  ` ${folded(text)
    .replace(/(?<!\p{L})'|'(?!\p{L})/gu, ' ')
    .replace(/[^\p{L}\p{N}$%']+/gu, ' ')
    .trim()} `;

/** Every listed phrase in its matchable form, longest first, so '100% guaranteed' is found before 'guaranteed'. */
const PHRASES = Object.values(SPAM_PHRASES)
  .flat()
  .map((phrase) => ({ phrase, form: matchable(phrase) }))
  .toSorted((a, b) => b.form.length - a.form.length);

/** The listed phrases found in a text, each once, a shorter one inside a found longer one not again. */
export function spamPhrases(text: string): string[] {
  const haystack = matchable(text);
  const found: { phrase: string; form: string; at: number }[] = [];
  for (const { phrase, form } of PHRASES) {
    const at = haystack.indexOf(form);
    if (at === -1 || found.some((hit) => hit.form.includes(form))) continue;
    found.push({ phrase, form, at });
  }
  return found.toSorted((a, b) => a.at - b.at).map((hit) => hit.phrase);
}

/** Spam-trigger words in the subject or body: one in the body is a warning; two, or one in the subject, bad. */
export const checkSpam: Rule = (email) => {
  const inSubject = spamPhrases(email.subject);
  const all = [...new Set([...inSubject, ...spamPhrases(email.body)])];
  if (all.length === 0) return good('spam', 'No spam-like words');
  const shown = all.slice(0, 3);
  const weight = all.length + inSubject.length;
  return notGood(
    'spam',
    weight >= 2 ? 'bad' : 'warn',
    `Spam-like: ${shown.map((phrase) => `“${phrase}”`).join(', ')}`,
    `Reword ${quoteList(shown)}: spam filters and busy readers both skip ${shown.length === 1 ? 'it' : 'them'}.`,
  );
};
