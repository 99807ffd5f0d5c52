import { describe, expect, it } from 'vitest';
import { typedParts } from './search';
import { SNIPPET_MAX, snippetOf } from './search.present';

/** A headline as ts_headline writes it: matched words between the two private-use marks. */
const headline = (text: string) => text.replaceAll('[', '\uE000').replaceAll(']', '\uE001');
const shown = (snippet: { snippet: string; marks: [number, number][] }) =>
  snippet.marks.map(([start, end]) => snippet.snippet.slice(start, end));

describe('a hit’s snippet', () => {
  it('is the text without its marks, the marked words as offsets into it', () => {
    const text = 'Met Dana at the Café in São Paulo about pricing';
    const snippet = snippetOf({
      headline: headline('Met Dana at the [Café] in [São] Paulo about [pricing]'),
      starts_at: 1,
      body_length: text.length,
    });
    expect(snippet.snippet).toBe(text);
    expect(shown(snippet)).toEqual(['Café', 'São', 'pricing']);
  });

  it('marks a number Postgres reads as two words as one: 40,000', () => {
    const snippet = snippetOf({
      headline: headline('They ship [40],[000] pallets'),
      starts_at: 1,
      body_length: 24,
    });
    expect(shown(snippet)).toEqual(['40,000']);
  });

  it('says with … that the text goes on before and after the fragment', () => {
    const snippet = snippetOf({
      headline: headline('the [kangaroo] budget'),
      starts_at: 40,
      body_length: 200,
    });
    expect(snippet.snippet).toBe('…the kangaroo budget…');
    expect(shown(snippet)).toEqual(['kangaroo']);
  });

  it('counts offsets as the phone does (UTF-16), past emoji and accents', () => {
    const snippet = snippetOf({
      headline: headline('👍 great call, ça [marche] 🚀 [pricing]'),
      starts_at: 1,
      body_length: [...'👍 great call, ça marche 🚀 pricing'].length,
    });
    expect(snippet.snippet).toBe('👍 great call, ça marche 🚀 pricing');
    expect(shown(snippet)).toEqual(['marche', 'pricing']);
  });

  it('cuts a fragment of long words to at most SNIPPET_MAX characters, between words, around the first match', () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i}-${'x'.repeat(12)}`);
    long[20] = '[kangaroo]';
    const snippet = snippetOf({
      headline: headline(long.join(' ')),
      starts_at: 1,
      body_length: 2_000,
    });
    expect(snippet.snippet.length).toBeLessThanOrEqual(SNIPPET_MAX + 2);
    expect(snippet.snippet).toMatch(/^…word\d+-x+ .* word\d+-x+…$/);
    expect(shown(snippet)).toEqual(['kangaroo']);
  });
});

describe('what the rep typed', () => {
  it.each([
    ['pric', { head: '', last: 'pric' }],
    ['freightly pric', { head: 'freightly ', last: 'pric' }],
    ['freightly pric ', { head: 'freightly pric ', last: null }],
    ['"pricing tie', { head: '"pricing tie', last: null }],
    ['"pricing tiers" acm', { head: '"pricing tiers" acm'.slice(0, -3), last: 'acm' }],
    ['acme -dock', { head: 'acme -dock', last: null }],
    ['acme or glob', { head: 'acme or glob', last: null }],
    ['40,000', { head: '40,000', last: null }],
    ['café crè', { head: 'café ', last: 'crè' }],
    ['(pricing', { head: '(pricing', last: null }],
  ])('%j: the word still being typed apart, when there is one', (q, parts) => {
    expect(typedParts(q)).toEqual(parts);
  });
});
