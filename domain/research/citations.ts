/**
 * The '[1]' marks a model writes after a claim to say which numbered source holds it. In the app
 * they stay beside the claim, so the rep sees where each fact comes from; what leaves the app (an
 * email copied, shared, opened in the mail app, logged in a CRM) carries none.
 */

/**
 * A citation mark: '[1]', '[1, 3]', '[2–4]', with the space before it; not a Markdown link's label
 * ('[1](https://…)') and not a template blank ('[Name]'). Bounded: at most two digits a number.
 */
const MARK = /[ \t]?\[(\d{1,2}(?:[ \t]*[,–-][ \t]*\d{1,2}){0,5})\](?!\()/g;

/** `text` with every citation mark taken out ('a Series B [1].' → 'a Series B.'). */
export function withoutCitations(text: string): string {
  return text.replace(MARK, '');
}

/** The source numbers `text`'s marks cite, in order, each once ('[2–4]' → 2, 3, 4). */
export function citedNumbers(text: string): number[] {
  const cited = new Set<number>();
  for (const match of text.matchAll(MARK)) {
    for (const part of match[1]!.split(',')) {
      const [from, to = from] = part.split(/[–-]/).map((n) => Number(n.trim()));
      // A range is read only forwards and short: '[9-1]' or '[1-99]' cites its ends alone.
      if (to! >= from! && to! - from! <= 10) for (let n = from!; n <= to!; n++) cited.add(n);
      else cited.add(from!).add(to!);
    }
  }
  return [...cited];
}

/** An email as it leaves the app: subject and body with no citation marks. */
export function sendableEmail<T extends { subject: string; body: string }>(email: T): T {
  return { ...email, subject: withoutCitations(email.subject), body: withoutCitations(email.body) };
}

/** The numbers a text states, as digits alone ('$40,000' → '40000', '2.5' → '2.5'). */
export function numbersIn(text: string): string[] {
  return [...text.matchAll(/\d[\d,.]*/g)]
    .map((m) => {
      // The stops and commas that end it are the sentence's, not the number's (a loop: a regex
      // anchored at the end would rescan a long run of them from each of its positions).
      let end = m[0].length;
      while (end > 0 && (m[0][end - 1] === '.' || m[0][end - 1] === ',')) end--;
      return m[0].slice(0, end).replace(/,(?=\d{3}\b)/g, '');
    })
    .filter((n) => n !== '');
}
