/**
 * Text helpers the coach's rules share: Markdown removed, the greeting and sign-off told apart
 * from the message, words, sentences, syllables and the Flesch–Kincaid grade.
 *
 * Every pattern here is either anchored to a line's start or bounded in length, so a 200 kB paste
 * is read in linear time: no pattern can backtrack over the whole text.
 */

/**
 * A function that remembers its last answer. Each rule asks for the same body's parts and
 * sentences in turn; this reads them once. Answers are shared, so callers must not change them.
 */
function rememberLast<T>(compute: (text: string) => T): (text: string) => T {
  let lastText: string | undefined;
  let lastAnswer: T | undefined;
  return (text) => {
    if (text !== lastText || lastAnswer === undefined) {
      lastAnswer = compute(text);
      lastText = text;
    }
    return lastAnswer;
  };
}

/** Markdown marks a model's reply carries, removed so they neither count as words nor break sentences. */
export function plainText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .replace(/[’‘]/g, "'")
      // Neither a link's label nor its address holds a '[': a look for one stops at the next '[', so a
      // run of '[' is read once, not up to 700 characters from each of them.
      .replace(/\[([^[\]\n]{0,200})\]\(([^)[\s]{0,500})\)/g, (_, label: string, url: string) =>
        label === url || !label ? url : `${label} ${url}`,
      )
      .replace(/\*\*|__|~~|`/g, '')
      .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]*>[ \t]?/gm, '')
      .replace(/^[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*$/gm, '')
      // List items become '• item': the bullet is no word, and it starts a sentence of its own.
      .replace(/^[ \t]*(?:[-*+•]|\d{1,2}[.)])[ \t]+/gm, '• ')
  );
}

/** The body read as the reader meets it: the greeting line, the message, and the sign-off with the signature. */
export interface MessageParts {
  greeting: string;
  message: string;
  signOff: string;
}

const GREETING_WORD =
  /^(?:hi|hello|hey|hiya|dear|greetings|howdy|good\s+(?:morning|afternoon|evening)|morning|afternoon)\b/i;
/** Where an inline greeting ends: 'Hi Dana, I saw…', 'Hey Dana — saw…'. */
const GREETING_END = /[,!:—–]|\s-\s/;
const CLOSING =
  /^(?:best(?:\s+(?:regards|wishes))?|(?:kind|warm|warmest|many)\s+(?:regards|thanks)|regards|warmly|cheers|sincerely|respectfully|thanks(?:\s+(?:so\s+much|again|in\s+advance))?|thank\s+you(?:\s+(?:so\s+much|again))?|many\s+thanks|with\s+thanks|yours(?:\s+(?:truly|sincerely))?|all\s+the\s+best|talk\s+soon|speak\s+soon|take\s+care)\s*(?:[,.!—–-]+\s*(?:\p{L}[\p{L}'.-]{0,30}(?:\s+\p{L}[\p{L}'.-]{0,30})?)?)?$/iu;
/** A signature dash: '— Sam', '-Sam'. */
const DASH_SIGNATURE = /^[—–-]{1,2}\s*\p{L}[\p{L}'.-]{0,30}(?:\s+\p{L}[\p{L}'.-]{0,30})?$/u;
/** One to three capitalised words and nothing else: a name signing off. */
const BARE_NAME = /^\p{Lu}[\p{L}'.-]{0,30}(?:\s+\p{Lu}[\p{L}'.-]{0,30}){0,2}$/u;
const POSTSCRIPT = /^p\.?\s?s\b/i;
/** A sign-off is looked for only among the body's last lines: a 'Thanks!' up top is part of the message. */
const SIGN_OFF_WINDOW = 8;

/**
 * Splits a body into greeting, message and sign-off. The greeting is a first line like 'Hi Dana,'
 * (or the 'Hi Dana,' that starts a longer line); the sign-off starts at a closing like 'Best,' or
 * 'Thanks, Sam' among the last lines and runs to the end, except for a P.S., which belongs to the
 * message. Without a closing, a bare name on the last line is the sign-off.
 */
export const messageParts = rememberLast(function messageParts(body: string): MessageParts {
  const lines = plainText(body).split('\n');
  let greeting = '';
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first !== -1) {
    const line = lines[first]!.trim();
    const head = line.slice(0, 60);
    const end = GREETING_END.exec(head);
    if (GREETING_WORD.test(line) && end && words(head.slice(0, end.index)).length <= 4) {
      greeting = line.slice(0, end.index + end[0].length).trim();
      lines[first] = line.slice(end.index + end[0].length);
    } else if (
      (GREETING_WORD.test(line) && words(line).length <= 4) ||
      (line.endsWith(',') && words(line).length <= 3)
    ) {
      greeting = line;
      lines[first] = '';
    }
  }

  const content = lines.flatMap((line, index) => (line.trim() ? [index] : []));
  for (const start of content.slice(-SIGN_OFF_WINDOW)) {
    const closing = lines[start]!.trim();
    if (!CLOSING.test(closing) && !DASH_SIGNATURE.test(closing)) continue;
    const rest = lines.slice(start);
    const postscript = rest.findIndex((line) => POSTSCRIPT.test(line.trim()));
    const signOff = postscript === -1 ? rest : rest.slice(0, postscript);
    // What follows a closing is a signature (a name, a title, a phone number), not a question or a paragraph.
    if (!signOff.slice(1).every(looksLikeSignature)) continue;
    const message = [
      ...lines.slice(0, start),
      ...(postscript === -1 ? [] : rest.slice(postscript)),
    ];
    return { greeting, message: message.join('\n').trim(), signOff: signOff.join('\n').trim() };
  }
  // No closing, but a bare name on the last line ('Sam', 'Sam Lee'): a signature all the same.
  const last = content.at(-1);
  if (last !== undefined && content.length >= 2 && BARE_NAME.test(lines[last]!.trim())) {
    return {
      greeting,
      message: lines.slice(0, last).join('\n').trim(),
      signOff: lines[last]!.trim(),
    };
  }
  return { greeting, message: lines.join('\n').trim(), signOff: '' };
});

const looksLikeSignature = (line: string) => !line.includes('?') && words(line).length <= 8;

/**
 * A token with the characters `strip` matches taken off both ends ('(Freightly's),' -> "Freightly's"
 * with `NOT_LETTER`). A loop, not a regex: a regex anchored at the end could rescan a long run of
 * punctuation from every position in it.
 */
export function trimEnds(token: string, strip: RegExp): string {
  let start = 0;
  let end = token.length;
  while (start < end && strip.test(token[start]!)) start++;
  while (end > start && strip.test(token[end - 1]!)) end--;
  return token.slice(start, end);
}

export const NOT_LETTER = /[^\p{L}]/u;

/** Words as a reader counts them: runs between spaces that hold a letter or a digit (a link is one word, '—' and emoji none). */
export function words(text: string): string[] {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token));
}

/** Abbreviations whose full stop ends no sentence ('Dr. Ortiz', 'vs. Gong'). */
export const ABBREVIATIONS = new Set(
  'mr mrs ms mx dr prof sr jr st vs etc e.g i.e approx inc ltd co corp no fig p.s'.split(' '),
);
/** A sentence's end: '.', '!', '?' or '…', any closing quote, bracket or Markdown mark, then a space or the end. */
const TERMINATOR = /[.!?…]{1,8}["'”)\]*_]{0,8}(?=\s|$)/g;

/**
 * The sentences of a text. Blank lines and list items always end one; a single line break ends one
 * when the next line starts with a capital, a digit or a bullet (a hard-wrapped line runs on). A
 * full stop followed by a lower-case word, or after a known abbreviation, ends none.
 */
export const sentences = rememberLast(function sentences(text: string): readonly string[] {
  const chunks: string[] = [];
  // Lines gathered in an array and joined once: growing one string line by line is quadratic here.
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) chunks.push(current.join(' '));
    current = [];
  };
  for (const raw of plainText(text).split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    if (
      current.length > 0 &&
      (line.startsWith('•') || current[0]!.startsWith('•') || /^[\p{Lu}\p{N}]/u.test(line))
    )
      flush();
    current.push(line);
  }
  flush();

  const result: string[] = [];
  for (const chunk of chunks) {
    let start = 0;
    for (const match of chunk.matchAll(TERMINATOR)) {
      const end = match.index + match[0].length;
      if (match[0].startsWith('.') && !match[0].startsWith('..')) {
        // Each look stays inside this full stop's own word and the spaces after it: linear overall.
        let next = end;
        while (next < chunk.length && /\s/.test(chunk[next]!)) next++;
        let wordStart = match.index;
        while (wordStart > start && !/\s/.test(chunk[wordStart - 1]!)) wordStart--;
        const before = chunk.slice(wordStart, match.index).toLowerCase();
        if (/\p{Ll}/u.test(chunk[next] ?? '') || ABBREVIATIONS.has(before)) continue;
      }
      result.push(chunk.slice(start, end).trim());
      start = end;
    }
    result.push(chunk.slice(start).trim());
  }
  return result
    .map((sentence) => sentence.replace(/^•\s*/, ''))
    .filter((sentence) => words(sentence).length > 0);
});

/** Whether a sentence asks: it ends in '?' (before any closing quote or Markdown mark). */
export const isQuestion = (sentence: string) => /\?["'”)\]*_]*$/.test(sentence.trim());

/** A link or an address: left out of readability, where it would count as one very long word. */
const NOT_PROSE = /^(?:https?:\/\/|www\.)|@|^[\w-]+(?:\.[\w-]+)+\//i;

/** Syllables in common words the rules below get wrong. */
const SYLLABLE_EXCEPTIONS: Record<string, number> = {
  anyone: 3,
  everyone: 3,
  business: 2,
  businesses: 3,
  maybe: 2,
  wednesday: 2,
  quiet: 2,
  ai: 2,
  via: 2,
  api: 3,
  saas: 1,
  unique: 2,
  crm: 3,
};
/** First halves of compounds that end in a silent 'e': 'someone', 'timeline', 'likewise'. */
const SILENT_E_HEADS =
  /^(some|like|home|time|life|whole|safe|care|use|base|make|take|sale|wise|side|line|store|more|where|there|here|case|space|name|note|fire|pipe|stake|fore|hope)(?=[a-z]{3})/;

/** Vowel pairs usually heard as two syllables: 'media', 'ratio', 'video', 'actual', 'premium', 'client', 'being'. */
const VOWEL_SPLITS = [
  /[^cst]ia/g,
  /io(?![nu])/g,
  /[^ctxg]ious/g,
  /(?<!p)eo(?!u)/g,
  /[^qg]ua/g,
  /iu/g,
  /[^ct]ie(?:nt|nc)|scie/g,
  /idea|area|rea[cl]t|crea(?=t)/g,
  /[^aeiou]ie(?:r|st)$/g,
  /[aeiouy]ing/g,
  /[aou]yer/g,
  /ism$/g,
];

/** Syllables of one run of letters, by vowel groups with English's usual exceptions. */
function letterSyllables(word: string): number {
  if (word in SYLLABLE_EXCEPTIONS) return SYLLABLE_EXCEPTIONS[word]!;
  if (word.length <= 3) return 1;
  // 'fire', 'hire', 'require': the 'ire' is heard as two.
  const ire = /(?:[^aeiou]|qu)ire[sd]?$/.test(word) ? 1 : 0;
  let w = word
    .replace(SILENT_E_HEADS, (head) => head.slice(0, -1))
    .replace(/([^aeiouy])ely$/, '$1ly')
    .replace(/([^aeiouy])e(ment|ful|less|ness)/, '$1$2')
    .replace(/([^aeiouy])les$/, '$1le')
    .replace(/([^aeiouy])led$/, '$1le');
  // 'makes' and 'notes' end in a silent 'es'; 'boxes', 'pages' and 'places' do not.
  if (/[^aeiouy]es$/.test(w) && !/(?:[sxz]|[cs]h|[cg])es$/.test(w)) w = w.slice(0, -2);
  if (/[^aeiouytd]ed$/.test(w)) w = w.slice(0, -2); // 'asked', but 'wanted', 'needed'
  if (/[^aeiouy]e$/.test(w) && !/[^aeiouy]le$/.test(w)) w = w.slice(0, -1); // 'make', but 'table'
  w = w.replace(/^y/, '');
  let heard = (w.match(/[aeiouy]+/g)?.length ?? 0) + ire;
  for (const split of VOWEL_SPLITS) heard += w.match(split)?.length ?? 0;
  return Math.max(1, heard);
}

/**
 * Syllables in a word, for Flesch–Kincaid in English: vowel groups, a silent final 'e' (but '-le'),
 * silent '-es'/'-ed' (but 'boxes', 'wanted'), and common vowel pairs heard as two. Hyphenated
 * words add their parts; a word with no letters ('20') counts one. Right for about nine common
 * words in ten (see text.test.ts); errors are small and run both ways, so a grade moves little.
 */
export function syllables(word: string): number {
  const parts = word
    .toLowerCase()
    // A final 'é' is heard ('café', 'résumé'); 'ï', 'ë' and 'ü' start a syllable of their own ('naïve', 'Zoë').
    .replace(/é/g, 'ay')
    .replace(/[ïëü]/g, '-$&')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/'/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean);
  return parts.length === 0 ? 1 : parts.reduce((sum, part) => sum + letterSyllables(part), 0);
}

/** The words of a text that are prose, for readability: no links or addresses. */
export const proseWords = (text: string) =>
  words(text).filter((word) => !NOT_PROSE.test(trimEnds(word, /[("'“]/)));

/**
 * The Flesch–Kincaid grade of a text (Kincaid et al., 1975):
 * 0.39 × words per sentence + 11.8 × syllables per word − 15.59, to one decimal, never below 0.
 * Markdown marks and links are left out. A text without words is grade 0.
 */
export function readingGrade(text: string): number {
  const all = sentences(text);
  let wordCount = 0;
  let syllableCount = 0;
  let sentenceCount = 0;
  // Emails repeat their words: each word's syllables are worked out once, and counted every time it appears.
  const counted = new Map<string, number>();
  for (const sentence of all) {
    const prose = proseWords(sentence);
    if (prose.length === 0) continue;
    sentenceCount++;
    wordCount += prose.length;
    for (const word of prose) {
      const key = word.toLowerCase();
      let count = counted.get(key);
      if (count === undefined) counted.set(key, (count = syllables(word)));
      syllableCount += count;
    }
  }
  if (wordCount === 0) return 0;
  const grade = 0.39 * (wordCount / sentenceCount) + 11.8 * (syllableCount / wordCount) - 15.59;
  return Math.max(0, Math.round(grade * 10) / 10);
}

/** A text folded for matching names and phrases: lower case, accents and curly quotes gone. */
export const folded = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’‘]/g, "'").toLowerCase();
