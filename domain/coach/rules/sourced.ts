import { citedNumbers, numbersIn, withoutCitations } from '../../research/citations';
import { linkHost, siteName } from '../../webLink';
import {
  ABBREVIATIONS,
  folded,
  isQuestion,
  messageParts,
  plainText,
  trimEnds,
  words,
} from '../text';
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
  'wrote',
  'spoke',
  'tweet',
  'newsletter',
  'conference',
];
const EVENT = new RegExp(`^(?:${EVENT_STEMS.join('|')})`);
const YOU = /(?:^|[^\p{L}'])(?:you|your|yours|you're|you've|you'll|you'd)(?![\p{L}'])/u;
/** A sentence the rep leads with their own side ('We help teams like yours…'): about the sender. */
const SENDER_LED = /^(?:we|we're|we've|our|us)(?![\p{L}'])/iu;
/** …unless it says what the rep saw of them ('We saw you raised…'). */
const SAW =
  /(?:^|[^\p{L}])(?:saw|noticed|read|heard|loved|enjoyed|came across|congrat\w*)(?![\p{L}])/u;
/** A sentence about what could be, not what is ('Your reps could ramp in weeks', 'You'll get…'). */
const MAYBE =
  /(?:^|[^\p{L}'])(?:could|would|can|might|will|if|imagine)(?![\p{L}'])|\p{L}'(?:ll|d)(?![\p{L}'])/u;
/** Greets what happened to them without naming them: 'Congrats on the Series B!'. */
const CONGRATS = /^(?:congrat|kudos|well done|great news)/i;
/** Capitalised words that name nothing of theirs: the rep's own, greetings, days, months, holidays. */
const COMMON_CAPS = new Set(
  [
    "i i'm i've i'd i'll hi hello hey dear ps thanks thank hope congrats congratulations",
    'monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday',
    'january february march april may june july august september october november december',
    'jan feb mar apr jun jul aug sep sept oct nov dec q1 q2 q3 q4 h1 h2',
    'christmas thanksgiving easter new year holidays holiday eid diwali hanukkah',
  ]
    .join(' ')
    .split(' '),
);
const NOT_WORD = /[^\p{L}\p{N}]/u;

/** A word's letters and digits, lower case ('Freightly's' → 'freightly's', '(Series' → 'series'). */
const bare = (word: string) => trimEnds(folded(word), NOT_WORD);

/** Whether two words are one word in two forms ('raise'/'raised', 'hire'/'hiring'). */
function sameStem(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  let common = 0;
  while (common < shorter && a[common] === b[common]) common++;
  return common === shorter ? shorter >= 1 : common >= 3 && common >= Math.min(5, shorter - 1);
}

/** Whether `word` is the name `known`, or its possessive ('freightly's'). */
const isName = (word: string, known: string) => word === known || word === `${known}'s`;

/** Whether the full stop at `at` ends no sentence: an abbreviation ('Dr.', 'vs.', 'U.S.'). */
function stopInsideSentence(body: string, at: number): boolean {
  let wordStart = at;
  while (wordStart > 0 && at - wordStart < 20 && !/\s/.test(body[wordStart - 1]!)) wordStart--;
  const word = body.slice(wordStart, at).toLowerCase();
  return ABBREVIATIONS.has(word) || /^(?:\p{L}\.)+\p{L}$/u.test(word);
}

/**
 * The sentences of a body with where each sits, for cutting one out: a sentence ends at '.', '!',
 * '?' or '…' (with any closing quote and citation marks after it) before a space, or at a line's
 * end; a full stop after an abbreviation or an initial, or before a lower-case word, ends none. The
 * greeting that starts the body ('Hi Dana,') is no part of its first sentence. One pass.
 */
export function sentenceSpans(body: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let start = greetingEnd(body);
  const push = (end: number) => {
    let from = start;
    while (from < end && /\s/.test(body[from]!)) from++;
    let to = end;
    while (to > from && /\s/.test(body[to - 1]!)) to--;
    if (to > from) spans.push({ start: from, end: to });
    start = end;
  };
  for (let i = start; i < body.length; i++) {
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
    // Not an end: the run of stops and marks is passed over once, never read again from its middle.
    if (j < body.length && !/\s/.test(body[j]!)) {
      i = j - 1;
      continue;
    }
    if (ch === '.' && j === i + 1 && !marks) {
      let next = j;
      while (next < body.length && body[next] === ' ') next++;
      if (stopInsideSentence(body, i) || /\p{Ll}/u.test(body[next] ?? '')) continue;
    }
    push(j);
    i = j - 1;
  }
  push(body.length);
  return spans;
}

/** Where an inline greeting at the body's start ends ('Hi Dana, congrats…' → after 'Hi Dana,'). */
function greetingEnd(body: string): number {
  const greeting = messageParts(body).greeting;
  if (!greeting) return 0;
  const at = body.indexOf(greeting.slice(0, 60));
  return at !== -1 && at < 10 && greeting.length <= 60 ? at + greeting.length : 0;
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
    if (named?.test(text)) return true;
    if (CONGRATS.test(sentence.trim())) return true;
    return YOU.test(text) && (!SENDER_LED.test(sentence.trim()) || SAW.test(text));
  };
}

/** What a sentence states that can be checked: its numbers, the names in it, its event words. */
function anchorsOf(sentence: string, known: readonly string[]) {
  const tokens = sentence.split(/\s+/).filter(Boolean);
  const names = tokens
    .filter((token, i) => i > 0 && /^[("'“]?\p{Lu}/u.test(token))
    .map(bare)
    .filter((word) => word && !COMMON_CAPS.has(word) && !known.some((k) => isName(word, k)));
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

/** The longest kept fact's key: what the rep keeps is stored by it (the server takes at most 600). */
const KEPT_KEY_MAX = 600;

/** How a fact the rep kept is stored and found again: its key, at most KEPT_KEY_MAX characters. */
export const keptKey = (sentence: string) => factKey(sentence).slice(0, KEPT_KEY_MAX);

/** The most sentences of the email as written compared word by word; past that, only exactly. */
const WRITTEN_COMPARED_MAX = 200;
/** A sentence sharing this share of its words with one the flow wrote is still the flow's. */
const SAME_SENTENCE_SHARE = 0.7;

/**
 * Whether a sentence was in the email as the flow wrote it: the same words, or most of them (a word
 * changed does not make a made-up fact the rep's own).
 */
function writtenBefore(original: string): (sentence: string) => boolean {
  const keys = sentenceSpans(original).map((s) => factKey(original.slice(s.start, s.end)));
  const exact = new Set(keys);
  const wordSets = keys.slice(0, WRITTEN_COMPARED_MAX).map((key) => new Set(key.split(' ')));
  return (sentence) => {
    const key = factKey(sentence);
    if (exact.has(key)) return true;
    const own = [...new Set(key.split(' '))];
    return wordSets.some(
      (set) => own.filter((word) => set.has(word)).length >= SAME_SENTENCE_SHARE * own.length,
    );
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
  const kept = new Set((facts.kept ?? []).map(keptKey));
  const written = facts.original === undefined ? null : writtenBefore(facts.original);
  const claims: FactClaim[] = [];
  for (const { start, end } of sentenceSpans(body)) {
    const text = body.slice(start, end);
    const plain = plainText(withoutCitations(text)).trim();
    if (!words(plain).length || isQuestion(plain) || MAYBE.test(folded(plain))) continue;
    if (framing.includes(folded(plain))) continue;
    if (!aboutThem(plain)) continue;
    const anchors = anchorsOf(plain, known);
    if (!anchors.numbers.length && !anchors.names.length && !anchors.events.length) continue;
    const cited = citedNumbers(text).filter((n) => n >= 1 && n <= facts.sources);
    const from: FactOrigin = cited.length
      ? 'source'
      : inNotes(anchors, notes)
        ? 'notes'
        : kept.has(keptKey(text))
          ? 'kept'
          : written && !written(text)
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
