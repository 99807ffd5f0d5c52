import { citedNumbers, numbersIn, withoutCitations } from '../../research/citations';
import { linkHost, siteName } from '../../webLink';
import { folded, isQuestion, messageParts, plainText, words } from '../text';
import { good, notGood, plural, type Check, type CoachContext, type Email } from '../types';

/**
 * Cite it or don't claim it: a fact about the prospect ('Congrats on the Series B', 'Loved your
 * post on ramp time') must come from a page the email was written with (a '[1]' beside it), from
 * what the rep told the flow, or be kept by the rep on purpose. Made-up personalisation costs the
 * reply and the rep's name, so each one without a source is shown for the rep to keep or cut.
 *
 * A sentence is such a fact when it is about them (names the recipient or their company, or says
 * 'you'/'your' and does not start with 'we'/'our') and states something checkable: a number, a
 * name (a capitalised word inside the sentence), or an event (raised, hiring, launched, a post…).
 * It comes from the rep's notes when every number and name in it is in them, or, with neither, one
 * of its event words is. Questions are asks, not claims. A heuristic: it looks for what a reader
 * would call personalisation, and errs towards asking the rep.
 */

/** Where a fact about the prospect comes from. */
export type FactOrigin = 'source' | 'notes' | 'kept' | 'yours' | 'none';

export interface FactClaim {
  /** The sentence as the body holds it (its marks too), and where: `body.slice(start, end)`. */
  text: string;
  start: number;
  end: number;
  /** The sources its marks cite that the email has. */
  cited: number[];
  from: FactOrigin;
}

/** Event words, by their start: what happened to a company or a person. */
const EVENT_STEMS = [
  'rais',
  'fund',
  'round',
  'hire',
  'hiri',
  'recruit',
  'launch',
  'announc',
  'acquir',
  'acquisit',
  'merg',
  'expan',
  'opened',
  'opening',
  'post',
  'article',
  'blog',
  'podcast',
  'interview',
  'keynote',
  'webinar',
  'panel',
  'award',
  'promot',
  'joined',
  'grew',
  'growing',
  'revenue',
  'valuat',
  'ipo',
  'layoff',
  'headcount',
  'release',
  'partnership',
  'new office',
  'wrote',
  'spoke',
  'tweet',
  'newsletter',
  'conference',
];
const EVENT = new RegExp(`^(?:${EVENT_STEMS.join('|')})`);
const YOU = /(?:^|[^\p{L}'])(?:you|your|yours|you're|you've|you'll)(?![\p{L}'])/u;
const SENDER_LED = /^(?:we|we're|we've|our|us)(?![\p{L}'])/iu;
/** Capitalised words that name nothing of theirs. */
const COMMON_CAPS = new Set([
  'i',
  "i'm",
  "i've",
  "i'd",
  "i'll",
  'hi',
  'hello',
  'hey',
  'dear',
  'ps',
]);

/** A word's letters and digits, lower case ('Freightly's' → 'freightly's', '(Series' → 'series'). */
const bare = (word: string) => folded(word).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** Whether two words are one word in two forms ('raise'/'raised', 'hire'/'hiring'). */
function sameStem(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  let common = 0;
  while (common < shorter && a[common] === b[common]) common++;
  return common === shorter ? shorter >= 1 : common >= 3 && common >= Math.min(5, shorter - 1);
}

/**
 * The sentences of a body with where each sits, for cutting one out: a sentence ends at '.', '!',
 * '?' or '…' (with any closing quote and citation marks after it) before a space, or at a line's
 * end. One pass over the text.
 */
export function sentenceSpans(body: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let start = 0;
  const push = (end: number) => {
    let from = start;
    while (from < end && /\s/.test(body[from]!)) from++;
    let to = end;
    while (to > from && /\s/.test(body[to - 1]!)) to--;
    if (to > from) spans.push({ start: from, end: to });
    start = end;
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '\n') {
      push(i);
      continue;
    }
    if (!'.!?…'.includes(ch)) continue;
    let j = i + 1;
    while (j < body.length && '.!?…"\'”’)*_'.includes(body[j]!)) j++;
    const marks = /^(?:[ \t]?\[\d{1,2}(?:[ \t]*[,–-][ \t]*\d{1,2}){0,5}\])+/.exec(
      body.slice(j, j + 80),
    );
    if (marks) j += marks[0].length;
    if (j < body.length && !/\s/.test(body[j]!)) continue;
    push(j);
    i = j - 1;
  }
  push(body.length);
  return spans;
}

/** A sentence as facts are compared: no marks, plain words, lower case, one space. */
export const factKey = (sentence: string) =>
  folded(plainText(withoutCitations(sentence)))
    .replace(/\s+/g, ' ')
    .trim();

/** The names the email is expected to hold without a source: theirs and the rep's own. */
function knownNames(context: CoachContext): string[] {
  const { profile } = context;
  const host = profile?.website ? linkHost(profile.website) : undefined;
  return [
    context.recipientName ?? '',
    context.company ?? '',
    profile?.company ?? '',
    (host && siteName(host)) ?? '',
    profile?.signatureName ?? '',
  ]
    .flatMap((name) => name.split(/\s+/))
    .map(bare)
    .filter(Boolean);
}

/** Whether a plain sentence is about the recipient: names them or their company, or says 'you'. */
function aboutThemTest(context: CoachContext): (sentence: string) => boolean {
  const names = [context.company, ...(context.recipientName?.split(/\s+/) ?? [])]
    .map((name) => bare(name ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .filter((name) => name.length >= 2);
  const named = names.length
    ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.join('|')})(?![\\p{L}\\p{N}])`, 'u')
    : null;
  return (sentence) => {
    const text = folded(sentence);
    return (named?.test(text) ?? false) || (YOU.test(text) && !SENDER_LED.test(sentence.trim()));
  };
}

/** What a sentence states that can be checked: its numbers, the names in it, its event words. */
function anchorsOf(sentence: string, known: readonly string[]) {
  const tokens = sentence.split(/\s+/).filter(Boolean);
  const names = tokens
    .filter((token, i) => i > 0 && /^[("'“]?\p{Lu}/u.test(token))
    .map(bare)
    .filter((word) => word && !COMMON_CAPS.has(word) && !known.some((k) => sameStem(k, word)));
  const events = tokens.map(bare).filter((word) => EVENT.test(word));
  return { numbers: numbersIn(sentence), names, events };
}

/** Whether a fact stands in the rep's notes: its numbers and names, else one of its events. */
function inNotes(anchors: ReturnType<typeof anchorsOf>, notes: NotesIndex): boolean {
  if (!anchors.numbers.every((n) => notes.numbers.has(n))) return false;
  if (anchors.names.length || anchors.numbers.length)
    return anchors.names.every((name) => notes.has(name));
  return anchors.events.some((event) => notes.has(event));
}

interface NotesIndex {
  numbers: Set<string>;
  has(word: string): boolean;
}

/** The rep's notes, read once for looking words up by their stem. */
function notesIndex(notes: string): NotesIndex {
  const byStart = new Map<string, string[]>();
  for (const word of new Set(notes.split(/\s+/).map(bare))) {
    if (!word) continue;
    const key = word.slice(0, 3);
    const same = byStart.get(key);
    if (same) same.push(word);
    else byStart.set(key, [word]);
  }
  return {
    numbers: new Set(numbersIn(notes)),
    has: (word) => (byStart.get(word.slice(0, 3)) ?? []).some((noted) => sameStem(noted, word)),
  };
}

/**
 * The facts about the prospect in an email's body and where each comes from, in the body's order.
 * Nothing without `context.facts` (the email was not written by a flow that knows its sources).
 */
export function factClaims(body: string, context: CoachContext): FactClaim[] {
  const facts = context.facts;
  if (!facts) return [];
  const parts = messageParts(body);
  const framing = folded(`${parts.greeting}\n${parts.signOff}`);
  const known = knownNames(context);
  const aboutThem = aboutThemTest(context);
  const notes = notesIndex(facts.notes);
  const kept = new Set((facts.kept ?? []).map(factKey));
  const written =
    facts.original === undefined
      ? null
      : new Set(
          sentenceSpans(facts.original).map((s) => factKey(facts.original!.slice(s.start, s.end))),
        );
  const claims: FactClaim[] = [];
  for (const { start, end } of sentenceSpans(body)) {
    const text = body.slice(start, end);
    const plain = plainText(withoutCitations(text)).trim();
    if (!words(plain).length || isQuestion(plain)) continue;
    if (framing.includes(folded(plain))) continue;
    if (!aboutThem(plain)) continue;
    const anchors = anchorsOf(plain, known);
    if (!anchors.numbers.length && !anchors.names.length && !anchors.events.length) continue;
    const cited = citedNumbers(text).filter((n) => n >= 1 && n <= facts.sources);
    const key = factKey(text);
    const from: FactOrigin = cited.length
      ? 'source'
      : inNotes(anchors, notes)
        ? 'notes'
        : kept.has(key)
          ? 'kept'
          : written && !written.has(key)
            ? 'yours'
            : 'none';
    claims.push({ text, start, end, cited, from });
  }
  return claims;
}

/** A claim short enough to quote in a fix. */
const shortClaim = (text: string) => {
  const plain = plainText(withoutCitations(text)).trim();
  return plain.length <= 60 ? plain : `${plain.slice(0, 57).trimEnd()}…`;
};

/**
 * Sourced facts: every fact about the prospect has a source, comes from the rep's notes or is kept
 * by the rep. One without is a warning, two or more bad. No facts about them: no check.
 */
export function checkSourced(email: Email, context: CoachContext): Check | null {
  const claims = factClaims(email.body, context);
  if (!claims.length) return null;
  const who = context.company || context.recipientName?.split(/\s+/)[0] || 'them';
  const unsourced = claims.filter((claim) => claim.from === 'none');
  if (!unsourced.length)
    return good('sources', `${plural(claims.length, 'fact')} about ${who}, each with a source`);
  return notGood(
    'sources',
    unsourced.length === 1 ? 'warn' : 'bad',
    `${plural(unsourced.length, 'fact')} about ${who} with no source`,
    `Say where “${shortClaim(unsourced[0]!.text)}” comes from, or cut it.`,
  );
}
