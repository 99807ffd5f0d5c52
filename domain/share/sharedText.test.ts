import { describe, expect, it } from 'vitest';
import { combineShared } from './sharedText';

describe('combineShared', () => {
  it.each([
    ['title, text and link, each on a line', { title: 'Dana Ortiz | LinkedIn', text: 'VP Sales at Freightly', url: 'https://www.linkedin.com/in/dana' }, 'Dana Ortiz | LinkedIn\nVP Sales at Freightly\nhttps://www.linkedin.com/in/dana'],
    ['the link once when Android put it inside the text', { text: 'Dana Ortiz, VP Sales https://lnkd.in/abc', url: 'https://lnkd.in/abc' }, 'Dana Ortiz, VP Sales https://lnkd.in/abc'],
    ['the title once when the text starts with it', { title: 'Re: pricing', text: 'Re: pricing\n\nToo expensive for us this year.' }, 'Re: pricing\n\nToo expensive for us this year.'],
    ['the text alone when the title is inside it, whatever its case', { title: 'CALL NOTES', text: 'Call notes: Freightly wants a pilot.' }, 'Call notes: Freightly wants a pilot.'],
    ['a longer text in place of a title it contains', { title: 'Dana', text: 'Dana Ortiz' }, 'Dana Ortiz'],
    ['blank and missing parts left out, the rest trimmed', { title: '  ', text: '  Too expensive.  ', url: undefined }, 'Too expensive.'],
    ['nothing when nothing was shared', {}, ''],
  ])('gives %s', (_name, params, expected) => {
    expect(combineShared(params, 8000)).toEqual({ text: expected, note: null });
  });

  it('cuts a text longer than the field and says so', () => {
    const shared = combineShared({ text: 'a'.repeat(9000) }, 8000);
    expect(shared.text).toHaveLength(8000);
    expect(shared.note).toBe('What was shared is 9,000 characters long; only the first 8,000 are used.');
  });
});
