import { describe, expect, it } from 'vitest';
import { combineShared } from './sharedText';

describe('combineShared', () => {
  it.each([
    [
      'title, text and link, each on a line',
      {
        title: 'Dana Ortiz | LinkedIn',
        text: 'VP Sales at Freightly',
        url: 'https://www.linkedin.com/in/dana',
      },
      'Dana Ortiz | LinkedIn\nVP Sales at Freightly\nhttps://www.linkedin.com/in/dana',
    ],
    [
      'the link once when Android put it inside the text',
      { text: 'Dana Ortiz, VP Sales https://lnkd.in/abc', url: 'https://lnkd.in/abc' },
      'Dana Ortiz, VP Sales https://lnkd.in/abc',
    ],
    [
      'the title once when the text starts with it',
      { title: 'Re: pricing', text: 'Re: pricing\n\nToo expensive for us this year.' },
      'Re: pricing\n\nToo expensive for us this year.',
    ],
    [
      'the text alone when the title is inside it, whatever its case',
      { title: 'CALL NOTES', text: 'Call notes: Freightly wants a pilot.' },
      'Call notes: Freightly wants a pilot.',
    ],
    [
      'a longer text in place of a title it contains',
      { title: 'Dana', text: 'Dana Ortiz' },
      'Dana Ortiz',
    ],
    [
      'blank and missing parts left out, the rest trimmed',
      { title: '  ', text: '  Too expensive.  ', url: undefined },
      'Too expensive.',
    ],
    ['nothing when nothing was shared', {}, ''],
  ])('gives %s', (_name, params, expected) => {
    expect(combineShared(params, 8000)).toEqual({ text: expected, note: null });
  });

  it('cuts a text longer than the field and says so', () => {
    const shared = combineShared({ text: 'a'.repeat(9000) }, 8000);
    expect(shared.text).toHaveLength(8000);
    expect(shared.note).toBe(
      'What was shared is 9,000 characters long; only the first 8,000 are used.',
    );
  });

  it.each([
    ['a line with no spaces', 'x'],
    ['"*"', '*'],
    ['"_"', '_'],
    ['"["', '['],
    ['"`"', '`'],
  ])('cuts 200 kB of %s to the field and says so', (_name, char) => {
    const shared = combineShared(
      { title: char.repeat(1000), text: char.repeat(200 * 1024), url: char.repeat(2000) },
      32_000,
    );
    expect(shared).toEqual({
      text: char.repeat(32_000),
      note: 'What was shared is 204,800 characters long; only the first 32,000 are used.',
    });
  });

  it('a link that holds a 100 kB title and a 200 kB text of one repeated letter is shared once, in their place', () => {
    const title = `${'a'.repeat(100 * 1024)}b`;
    const text = 'a'.repeat(200 * 1024);
    const shared = combineShared({ title, text, url: `${title}\n${text}` }, 400_000);
    expect(shared.text).toBe(`${title}\n${text}`);
    expect(shared.note).toBeNull();
  });

  it('shares nothing from 100,000 newlines, and the words after them alone', () => {
    expect(
      combineShared({ title: '\n'.repeat(100_000), text: '\n'.repeat(100_000) }, 32_000),
    ).toEqual({ text: '', note: null });
    expect(combineShared({ text: `${'\n'.repeat(100_000)}Too expensive.` }, 32_000)).toEqual({
      text: 'Too expensive.',
      note: null,
    });
  });
});
