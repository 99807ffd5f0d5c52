import { describe, expect, it } from 'vitest';
import {
  foldTerm,
  indexWords,
  isEmptyQuery,
  matchesQuery,
  parseQuery,
  snippetOf,
  textTerms,
  tokenize,
} from './query';

describe('folding a word', () => {
  it.each([
    ['Café', 'cafe'],
    ['CAFÉ', 'cafe'],
    ['naïve', 'naiv'],
    ['Jürgen', 'jurgen'],
    ['pricing', 'price'],
    ['Prices', 'price'],
    ['priced', 'price'],
    ['proposals', 'propos'],
    ['rep’s', 'rep'],
    ['Q3', 'q3'],
    ['B2B', 'b2b'],
  ])('%s is searched as %s', (word, term) => {
    expect(foldTerm(word)).toBe(term);
  });
});

describe('the words of a text', () => {
  it.each([
    ['Q3 pipeline', ['q3', 'pipelin']],
    ['a deal of $40,000 or 40000', ['deal', '40000', '40000']],
    ['grew 2.5 times', ['grew', '2.5', 'time']],
    [
      'mail dana@freightly.com today',
      ['mail', 'dana@freightly.com', 'dana', 'freightly.com', 'freightly', 'com', 'todai'],
    ],
    ['see freightly.com.', ['see', 'freightly.com', 'freightly', 'com']],
    ['cross-sell', ['cross', 'sell']],
    ['the café of the year', ['cafe', 'year']],
  ])('%s is indexed under %j', (text, terms) => {
    const { words, stop, parts } = indexWords(text);
    expect([...words.filter((_, i) => !stop[i]), ...parts].toSorted()).toEqual(terms.toSorted());
  });

  it('keeps stop words in the order of words, for phrases, marked as not indexed', () => {
    expect(indexWords('The café of the year')).toEqual({
      words: ['the', 'cafe', 'of', 'the', 'year'],
      stop: [true, false, true, true, false],
      parts: [],
    });
  });

  it('keeps where each word stands in the text, accents and all', () => {
    const text = 'Un café à Zürich';
    expect(tokenize(text).map((t) => text.slice(t.start, t.end))).toEqual([
      'Un',
      'café',
      'à',
      'Zürich',
    ]);
  });
});

describe('parsing a query', () => {
  it.each([
    ['pricing objections ', { terms: ['price', 'object'], prefix: null }],
    ['pricing obj', { terms: ['price'], prefix: { term: 'obj', starts: ['obj'] } }],
    ['the pricing', { terms: [], prefix: { term: 'price', starts: ['pricing', 'price'] } }],
    ['pr', { terms: ['pr'], prefix: null }],
    ['Café ', { terms: ['cafe'], prefix: null }],
    ['$40,000 ', { terms: ['40000'], prefix: null }],
    ['dana@freightly.com ', { terms: ['dana@freightly.com'], prefix: null }],
    ['Q3 ', { terms: ['q3'], prefix: null }],
  ])('%j asks for %j', (q, expected) => {
    expect(parseQuery(q)).toMatchObject(expected);
  });

  it('reads a quoted phrase as its words in order, stop words kept', () => {
    expect(parseQuery('"case study of the year" freight ').phrases).toEqual([
      {
        terms: ['case', 'studi', 'of', 'the', 'year'],
        stop: [false, false, true, true, false],
        lastIsPrefix: false,
      },
    ]);
  });

  it('reads -word and -"phrase" as what must not match', () => {
    const q = parseQuery('onboarding -webinar -"sign up" ');
    expect(q.terms).toEqual(['onboard']);
    expect(q.excluded).toEqual(['webinar']);
    expect(q.excludedPhrases).toEqual([
      { terms: ['sign', 'up'], stop: [false, true], lastIsPrefix: false },
    ]);
  });

  it('runs a quote left open to the end, its last word a prefix while typed', () => {
    expect(parseQuery('"case stu').phrases).toEqual([
      { terms: ['case', 'stu'], stop: [false, false], lastIsPrefix: true },
    ]);
  });

  it('reads a query sent complete with its last word whole', () => {
    expect(parseQuery('pricing', { typing: false })).toMatchObject({
      terms: ['price'],
      prefix: null,
    });
  });

  it.each([
    ['', true],
    ['   ', true],
    ['the of and ', true],
    ['"the of"', true],
    ['-pricing ', true],
    ['pricing ', false],
    ['"case study"', false],
  ])('%j asks for nothing: %s', (q, empty) => {
    expect(isEmptyQuery(parseQuery(q))).toBe(empty);
  });

  it.each([
    ['5,000 characters', 'pricing '.repeat(625)],
    ['only stop words', 'the of and a to in is it '],
    ['operator characters', 'price & | ! : * ( ) <-> -- "" \' ` \\ ^ $ { } [ ] ~ ?'],
    ['unbalanced quotes', '"a "b" "c -"d'],
    ['NUL bytes', 'pri\0cing \0\0 "\0"'],
    ['a lone minus', '- -- -'],
    ['letters from elsewhere', 'Привет 東京 مرحبا 😀'],
    ['5,000 dots and ats', '.@'.repeat(2_500)],
  ])('takes %s without throwing', (_, q) => {
    expect(() => {
      const query = parseQuery(q);
      matchesQuery(textTerms(q), query);
      snippetOf(q, query);
    }).not.toThrow();
  });

  it('reads at most 32 words of a pasted paragraph', () => {
    const q = parseQuery(Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ') + ' ');
    expect(q.terms).toHaveLength(32);
  });
});

describe('matching a text', () => {
  const text =
    'Our pricing for Freightly: $40,000 a year, case study attached. Mail dana@freightly.com before Q3. Un café?';
  it.each([
    ['price ', true],
    ['prices ', true],
    ['PRICING ', true],
    ['pric', true],
    ['prici', true],
    ['pricin', true],
    ['cafe ', true],
    ['café ', true],
    ['40000 ', true],
    ['40,000 ', true],
    ['q3 ', true],
    ['Q3 ', true],
    ['dana@freightly.com ', true],
    ['freightly.com ', true],
    ['freightly ', true],
    ['dana ', true],
    ['"case study"', true],
    ['"study case"', false],
    ['"case stu', true],
    ['pricing -webinar ', true],
    ['pricing -café ', false],
    ['pricing -"case study"', false],
    ['pricing webinar ', false],
    ['zzz', false],
  ])('%j: %s', (q, found) => {
    expect(matchesQuery(textTerms(text), parseQuery(q))).toBe(found);
  });
});

const marked = ({ snippet, marks }: { snippet: string; marks: [number, number][] }) =>
  marks.map(([a, b]) => snippet.slice(a, b));

describe('a snippet', () => {
  it('marks the matched words, their other forms too', () => {
    const result = snippetOf(
      'Our prices went up. Pricing is now per seat.',
      parseQuery('pricing '),
    );
    expect(result.snippet).toBe('Our prices went up. Pricing is now per seat.');
    expect(marked(result)).toEqual(['prices', 'Pricing']);
  });

  it('marks a phrase whole and an accented word by its plain form', () => {
    expect(
      marked(snippetOf('A case study from a café.', parseQuery('"case study" cafe '))),
    ).toEqual(['case study', 'café']);
  });

  it('shows the part of a long text with the most matched words, cut at spaces', () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(40);
    const text = `${filler}pricing once. ${filler}pricing and the renewal together. ${filler}`;
    const result = snippetOf(text, parseQuery('pricing renewal '));
    expect(result.snippet.startsWith('…')).toBe(true);
    expect(result.snippet.endsWith('…')).toBe(true);
    expect(result.snippet.length).toBeLessThanOrEqual(242);
    expect(marked(result)).toEqual(['pricing', 'renewal']);
  });

  it('makes white space single spaces, so a snippet is one line', () => {
    expect(snippetOf('Hi Dana,\n\n  the deck\tis attached.', parseQuery('deck ')).snippet).toBe(
      'Hi Dana, the deck is attached.',
    );
  });

  it('shows the start of the text when nothing in it is marked', () => {
    expect(snippetOf('x'.repeat(500), parseQuery('pricing ')).snippet).toBe(`${'x'.repeat(240)}…`);
  });

  it('marks the word being typed', () => {
    expect(marked(snippetOf('The proposal is out.', parseQuery('propo')))).toEqual(['proposal']);
  });
});
