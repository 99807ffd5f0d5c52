/**
 * How search reads text and queries, the same way on both sides of the search: the phone's index
 * (web/features/search) folds each message with these functions, and the screen parses what the
 * rep types with them, so a word is found however it was written.
 *
 * Folding: lower case, accents removed ('Café' → 'cafe'), English words stemmed ('pricing' and
 * 'prices' → 'price'), and tokens kept whole where people mean them whole: 'Q3', '40,000' (read as
 * 40000, so either form finds it), '2.5', 'dana@freightly.com' and 'freightly.com' (which are also
 * indexed under their parts: 'freightly' finds both). Stop words ('the', 'of') are not indexed: they
 * count only inside a quoted phrase, which is checked against the text itself.
 *
 * A query: words (all must match), "quoted phrases" (the words in that order), -word and -"phrase"
 * (must not match), and the last word, while the rep is still typing it, as the start of a word.
 * Every other character (& | ! : * ( ) <-> and the like) only separates words. Nothing here throws,
 * and every pattern is bounded, so a long or hostile input is read in linear time.
 */
import { stemmer } from 'stemmer';
import { SEARCH_QUERY_MAX } from '../contract/searchBasics';

/** English stop words, never indexed: they match nearly every message and say nothing alone. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are as at be because been before being
  below between both but by can could did do does doing down during each few for from further had
  has have having he her here hers herself him himself his how i if in into is it its itself just
  me more most my myself no nor not now of off on once only or other our ours ourselves out over
  own same she should so some such than that the their theirs them themselves then there these
  they this those through to too under until up very was we were what when where which while who
  whom why will with would you your yours yourself yourselves`.split(/\s+/),
);

/** A prefix shorter than this matches only as a whole word: 'pr' would match half the phone. */
export const MIN_PREFIX = 3;

/** A word of a text: where it stands, the form it is searched by, and any parts also indexed. */
export interface Token {
  start: number;
  end: number;
  /** Folded and stemmed ('pricing' → 'price'); an address, a number or 'q3' kept whole. */
  term: string;
  /** A stop word: kept for phrases, never indexed. */
  stop: boolean;
  /** An address's parts, indexed besides the whole: 'dana@freightly.com' → dana, freightly.com, freightly, com. */
  parts?: string[];
}

// The shapes of a token, tried in this order at each word's start. Each repeat is bounded, so a
// failed try costs at most a few hundred characters, never a scan to the end of the text.
const EMAIL = String.raw`[\p{L}\p{N}\p{M}._%+\-]{1,64}@(?:[\p{L}\p{N}\p{M}\-]{1,63}\.){1,8}\p{L}{2,24}`;
const DOMAIN = String.raw`(?:[\p{L}\p{N}\p{M}\-]{1,63}\.){1,8}\p{L}{2,24}(?![\p{L}\p{N}\p{M}])`;
const GROUPED_NUMBER = String.raw`\p{N}{1,3}(?:,\p{N}{3}){1,6}(?:\.\p{N}{1,12})?(?!\p{N})`;
const DECIMAL = String.raw`\p{N}{1,20}\.\p{N}{1,12}(?![\p{N}.])`;
const WORD = String.raw`[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{M}]+)*`;
const WORD_RUN = new RegExp(WORD, 'gu');
// Tried only where a word is followed by a character such a token continues with (most words are
// not), from that word's start: the common case costs one simple pattern.
const SHAPED = new RegExp(`(${EMAIL})|(${DOMAIN})|(${GROUPED_NUMBER})|(${DECIMAL})`, 'uy');

const ASCII = /^[\x20-\x7e]*$/;
const LETTERS = /^[a-z]+$/;
const COMBINING = /\p{M}/gu;

/** Lower case, accents and apostrophes removed: 'Café' → 'cafe', 'rep’s' → 'reps'. */
export function foldWord(word: string): string {
  const plain = ASCII.test(word) ? word : word.normalize('NFKD').replace(COMBINING, '');
  return plain.toLowerCase().replace(/['’]/g, '');
}

// The stemmer is the slow part of indexing, and a phone's words repeat: remember each answer.
const stems = new Map<string, string>();
const STEMS_KEPT = 50_000;

/** A folded word's stem ('pricing' → 'price'); words that are not plain letters ('q3') stay whole. */
export function stemWord(folded: string): string {
  if (folded.length < 3 || !LETTERS.test(folded)) return folded;
  let stem = stems.get(folded);
  if (stem === undefined) {
    if (stems.size >= STEMS_KEPT) stems.clear();
    stem = stemmer(folded);
    stems.set(folded, stem);
  }
  return stem;
}

// A word as written → its term and whether it is a stop word: words repeat, so each is worked out once.
const wordTerms = new Map<string, [string, boolean]>();

function wordTerm(word: string): [string, boolean] {
  let known = wordTerms.get(word);
  if (known === undefined) {
    if (wordTerms.size >= STEMS_KEPT) wordTerms.clear();
    const folded = foldWord(word);
    known = [stemWord(folded), STOP_WORDS.has(folded)];
    wordTerms.set(word, known);
  }
  return known;
}

/** The searchable form of one word as typed: folded, then stemmed. */
export const foldTerm = (word: string): string => stemWord(foldWord(word));

/** What a scan hands on for each word: where it stands, its term, whether a stop word, its parts. */
type Visit = (start: number, end: number, term: string, stop: boolean, parts?: string[]) => void;

/** A character a shaped token (an address, a grouped or decimal number) continues with: @ . , _ % + - */
const continuesToken = (code: number) =>
  code === 64 ||
  code === 46 ||
  code === 44 ||
  code === 95 ||
  code === 37 ||
  code === 43 ||
  code === 45;

/** Each word of `text` in order, as search reads it (tokenize and indexWords share this). */
function scan(text: string, visit: Visit): void {
  const words = new RegExp(WORD_RUN);
  for (let match = words.exec(text); match; match = words.exec(text)) {
    const start = match.index;
    let raw = match[0];
    let shape: RegExpExecArray | null = null;
    if (continuesToken(text.charCodeAt(start + raw.length))) {
      SHAPED.lastIndex = start;
      shape = SHAPED.exec(text);
      if (shape) {
        raw = shape[0];
        words.lastIndex = start + raw.length;
      }
    }
    const end = start + raw.length;
    if (shape === null) {
      const [term, stop] = wordTerm(raw);
      if (term) visit(start, end, term, stop);
      continue;
    }
    const [, email, domain, grouped] = shape;
    if (email !== undefined || domain !== undefined) {
      const term = foldWord(raw);
      const [local, host] = email !== undefined ? splitEmail(term) : [null, term];
      const parts = [...(local === null ? [] : [local]), ...(email !== undefined ? [host] : [])];
      for (const label of host.split('.')) if (label) parts.push(label);
      visit(start, end, term, false, [...new Set(parts)]);
    } else if (grouped !== undefined) visit(start, end, raw.replace(/,/g, ''), false);
    else {
      const [term, stop] = wordTerm(raw);
      if (term) visit(start, end, term, stop);
    }
  }
}

/** The words of `text` as search reads them, in order, with their places in `text`. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  scan(text, (start, end, term, stop, parts) =>
    tokens.push(parts ? { start, end, term, stop, parts } : { start, end, term, stop }),
  );
  return tokens;
}

function splitEmail(address: string): [string, string] {
  const at = address.lastIndexOf('@');
  return [address.slice(0, at), address.slice(at + 1)];
}

/** A text as the phone's index takes it. */
export interface IndexedWords {
  /** Every word's term, in order, stop words too: a quoted phrase is matched against these. */
  words: string[];
  /** Which of `words` are stop words: kept for phrases, never indexed. */
  stop: boolean[];
  /** An address's parts ('dana', 'freightly.com', 'freightly', 'com'): indexed besides the whole. */
  parts: string[];
}

/** The words of a text as the phone's index takes them (scanned once, no object per word). */
export function indexWords(text: string): IndexedWords {
  const words: string[] = [];
  const stop: boolean[] = [];
  const parts: string[] = [];
  scan(text, (_start, _end, term, isStop, termParts) => {
    words.push(term);
    stop.push(isStop);
    if (termParts) parts.push(...termParts);
  });
  return { words, stop, parts };
}

/** Words in this order, each as `foldTerm` gives it; the last a word's start while it is typed. */
export interface Phrase {
  terms: string[];
  /** Which of `terms` are stop words: matched in the phrase's order, never looked up alone. */
  stop: boolean[];
  lastIsPrefix: boolean;
}

/** The last word as typed so far: matched by the start of a word, and also as a whole word. */
export interface TypedPrefix {
  /** The word's stem, matched whole ('pricing' → 'price'). */
  term: string;
  /** Starts that a word in the index may have: the folded word, and shorter ones for a stem's endings. */
  starts: string[];
}

/** A typed query, parsed: every part must hold for a text to match. */
export interface ParsedQuery {
  terms: string[];
  prefix: TypedPrefix | null;
  phrases: Phrase[];
  excluded: string[];
  excludedPhrases: Phrase[];
}

/** True when the query asks for nothing (blank, stop words alone, or only exclusions). */
export function isEmptyQuery(query: ParsedQuery): boolean {
  return (
    query.terms.length === 0 &&
    query.prefix === null &&
    !query.phrases.some((phrase) => phrase.stop.includes(false))
  );
}

/** At most this many words are read from a query: a pasted paragraph searches by its first ones. */
const MAX_QUERY_WORDS = 32;

// The first letters of the endings Porter's stemmer takes off or changes: a word typed so far that
// ends with one of these may be on its way to a longer word whose stem lacks them ('prici' is on
// its way to 'pricing', indexed as 'price'), so the word without them is looked for too.
const ENDING_STARTS: ReadonlySet<string> = new Set(
  'i in e ed es s a al at ati io ion er l ly n ne y'.split(' '),
);

/** The starts to look for while `folded` (a word of letters) is being typed (see ENDING_STARTS). */
function prefixStarts(folded: string): string[] {
  const starts = new Set([folded]);
  const stem = stemWord(folded);
  if (stem.length >= MIN_PREFIX && stem !== folded) starts.add(stem);
  for (let drop = 1; drop <= 3 && folded.length - drop >= MIN_PREFIX + 1; drop++)
    if (ENDING_STARTS.has(folded.slice(-drop))) starts.add(folded.slice(0, -drop));
  return [...starts];
}

/**
 * Parse what the rep typed. `q` past the longest query taken (SEARCH_QUERY_MAX) is cut there; a
 * quote left open runs to the end; a query that does not end in a space or quote has its last word
 * read as a prefix (`typing: false` reads it whole, as a query sent complete).
 */
export function parseQuery(q: string, { typing = true } = {}): ParsedQuery {
  const text = q.slice(0, SEARCH_QUERY_MAX).replace(/\0/g, ' ');
  const parsed: ParsedQuery = {
    terms: [],
    prefix: null,
    phrases: [],
    excluded: [],
    excludedPhrases: [],
  };
  const stillTyping = typing && text.length > 0 && !/[\s"]$/.test(text);
  let words = 0;
  const chunk = /(-?)"([^"]*)("?)|(-?)([^\s"]+)/gu;
  const matches = [...text.matchAll(chunk)];
  matches.forEach((match, index) => {
    if (words >= MAX_QUERY_WORDS) return;
    const last = index === matches.length - 1;
    const [, phraseMinus, phraseText, closing, minus, bare] = match;
    if (phraseText !== undefined) {
      const tokens = tokenize(phraseText).slice(0, MAX_QUERY_WORDS - words);
      words += tokens.length;
      if (!tokens.length) return;
      const phrase: Phrase = {
        terms: tokens.map((t) => t.term),
        stop: tokens.map((t) => t.stop),
        lastIsPrefix: last && stillTyping && !closing && tokens.at(-1)!.end === phraseText.length,
      };
      if (phrase.lastIsPrefix)
        phrase.terms[phrase.terms.length - 1] = foldWord(phraseText.slice(tokens.at(-1)!.start));
      (phraseMinus ? parsed.excludedPhrases : parsed.phrases).push(phrase);
      return;
    }
    const tokens = tokenize(bare ?? '').slice(0, MAX_QUERY_WORDS - words);
    words += tokens.length;
    if (!tokens.length) return;
    if (minus) {
      if (tokens.length === 1) parsed.excluded.push(tokens[0]!.term);
      else
        parsed.excludedPhrases.push({
          terms: tokens.map((t) => t.term),
          stop: tokens.map((t) => t.stop),
          lastIsPrefix: false,
        });
      return;
    }
    const typed = last && stillTyping ? tokens.pop() : undefined;
    for (const token of tokens) if (!token.stop) parsed.terms.push(token.term);
    if (typed) {
      const folded = foldWord((bare ?? '').slice(typed.start, typed.end));
      // An address or a number is looked for as typed ('freightly.co' finds freightly.com).
      const starts = LETTERS.test(folded) ? prefixStarts(folded) : [typed.term];
      if (folded.length >= MIN_PREFIX) parsed.prefix = { term: typed.term, starts };
      else if (!typed.stop) parsed.terms.push(typed.term);
    }
  });
  parsed.terms = [...new Set(parsed.terms)];
  parsed.excluded = [...new Set(parsed.excluded)];
  return parsed;
}

/** The terms of a text, for checking a query against it (matchesQuery). */
export interface TextTerms {
  tokens: Token[];
  /** Every term and part in the text. */
  all: Set<string>;
}

export const textTerms = (text: string): TextTerms => termsOf(tokenize(text));

function termsOf(tokens: Token[]): TextTerms {
  const all = new Set<string>();
  for (const token of tokens) {
    all.add(token.term);
    if (token.parts) for (const part of token.parts) all.add(part);
  }
  return { tokens, all };
}

function matchesPrefix(term: string, prefix: TypedPrefix): boolean {
  return term === prefix.term || prefix.starts.some((start) => term.startsWith(start));
}

/** Where each occurrence of `phrase` starts in `tokens` (indexes of its first token). */
function phraseAt(tokens: readonly Token[], phrase: Phrase): number[] {
  const found: number[] = [];
  const n = phrase.terms.length;
  for (let i = 0; i + n <= tokens.length; i++) {
    let j = 0;
    for (; j < n; j++) {
      const term = tokens[i + j]!.term;
      const wanted = phrase.terms[j]!;
      const ok =
        j === n - 1 && phrase.lastIsPrefix
          ? term.startsWith(wanted) || term === stemWord(wanted)
          : term === wanted;
      if (!ok) break;
    }
    if (j === n) found.push(i);
  }
  return found;
}

/** True when the text holds every word, phrase and prefix of the query and none it excludes. */
export function matchesQuery(text: TextTerms, query: ParsedQuery): boolean {
  if (query.terms.some((term) => !text.all.has(term))) return false;
  if (query.excluded.some((term) => text.all.has(term))) return false;
  if (query.prefix) {
    const prefix = query.prefix;
    let found = false;
    for (const term of text.all)
      if (matchesPrefix(term, prefix)) {
        found = true;
        break;
      }
    if (!found) return false;
  }
  if (query.phrases.some((phrase) => phraseAt(text.tokens, phrase).length === 0)) return false;
  return !query.excludedPhrases.some((phrase) => phraseAt(text.tokens, phrase).length > 0);
}

/** About how long a snippet is, in characters. */
export const SNIPPET_LENGTH = 240;
/** How much of the text before the first match a snippet shows. */
const LEAD = 60;

export interface Snippet {
  snippet: string;
  marks: [number, number][];
}

/**
 * The part of `text` that shows the query best: about SNIPPET_LENGTH characters (white space made
 * single spaces, '…' where it is cut) around the most matched words, and where each matched word
 * stands in it (a stem's other forms too: 'pricing' marks 'prices').
 */
export function snippetOf(text: string, query: ParsedQuery, length = SNIPPET_LENGTH): Snippet {
  const flat = flatten(text);
  return snippetFrom(flat, tokenize(flat), query, length);
}

/** A text read for searching: white space made single spaces, and its terms. */
export interface ReadText {
  flat: string;
  terms: TextTerms;
}

/** Read `text` once, to check any number of queries against it (findInRead). */
export function readText(text: string): ReadText {
  const flat = flatten(text);
  return { flat, terms: termsOf(tokenize(flat)) };
}

/** The snippet of a read text when it matches the query (matchesQuery), else null. */
export function findInRead(
  read: ReadText,
  query: ParsedQuery,
  length = SNIPPET_LENGTH,
): Snippet | null {
  return matchesQuery(read.terms, query)
    ? snippetFrom(read.flat, read.terms.tokens, query, length)
    : null;
}

/** The snippet of `text` when it matches the query (matchesQuery), else null: the text read once. */
export const findIn = (text: string, query: ParsedQuery, length = SNIPPET_LENGTH): Snippet | null =>
  findInRead(readText(text), query, length);

const flatten = (text: string) => text.replace(/\s+/g, ' ').trim();

function snippetFrom(
  flat: string,
  tokens: readonly Token[],
  query: ParsedQuery,
  length: number,
): Snippet {
  // Each matched token, and which part of the query it matched (to count the parts a window shows).
  const matched: { token: Token; part: string }[] = [];
  const wanted = new Set(query.terms);
  const byPhrase = new Map<number, { end: number; part: string }>();
  query.phrases.forEach((phrase, p) => {
    for (const i of phraseAt(tokens, phrase))
      byPhrase.set(i, { end: i + phrase.terms.length, part: `"${p}` });
  });
  for (let i = 0; i < tokens.length; i++) {
    const phrase = byPhrase.get(i);
    if (phrase) {
      const first = tokens[i]!;
      const lastToken = tokens[phrase.end - 1]!;
      matched.push({ token: { ...first, end: lastToken.end }, part: phrase.part });
      i = phrase.end - 1;
      continue;
    }
    const token = tokens[i]!;
    const terms = [token.term, ...(token.parts ?? [])];
    const part = terms.find((term) => wanted.has(term));
    if (part !== undefined && !token.stop) matched.push({ token, part });
    else if (query.prefix && terms.some((term) => matchesPrefix(term, query.prefix!)))
      matched.push({ token, part: '*' });
  }
  if (!matched.length) return cut(flat, 0, length, []);
  // The window holding the most different matched parts; the earliest of equals.
  let best = 0;
  let bestCount = 0;
  for (let a = 0; a < matched.length; a++) {
    const limit = matched[a]!.token.start + length - LEAD;
    const parts = new Set<string>();
    for (let b = a; b < matched.length && matched[b]!.token.end <= limit; b++)
      parts.add(matched[b]!.part);
    if (parts.size > bestCount) {
      best = a;
      bestCount = parts.size;
    }
  }
  const from = Math.max(0, matched[best]!.token.start - LEAD);
  return cut(
    flat,
    from,
    length,
    matched.map((m) => m.token),
  );
}

/** `flat` from about `from`, about `length` long, cut at spaces, with the marks inside it. */
function cut(flat: string, from: number, length: number, marked: readonly Token[]): Snippet {
  let start = from;
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    // Start after a space, unless the word cut runs past the first mark.
    const firstMark = marked.find((t) => t.start >= from)?.start ?? flat.length;
    start = space !== -1 && space < firstMark ? space + 1 : start;
  }
  let end = Math.min(flat.length, start + length);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const before = start > 0 ? '…' : '';
  const after = end < flat.length ? '…' : '';
  const marks: [number, number][] = [];
  for (const token of marked) {
    if (token.start < start || token.end > end) continue;
    const mark: [number, number] = [
      token.start - start + before.length,
      token.end - start + before.length,
    ];
    const previous = marks.at(-1);
    if (previous && mark[0] < previous[1]) continue;
    marks.push(mark);
  }
  return { snippet: before + flat.slice(start, end) + after, marks };
}
