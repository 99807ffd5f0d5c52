import { describe, expect, it } from 'vitest';
import { citedNumbers, sendableEmail, withoutCitations } from './citations';

describe('citation marks', () => {
  it.each([
    ['Congrats on the Series B [1].', 'Congrats on the Series B.'],
    ['They raised $20M[1][2] last week.', 'They raised $20M last week.'],
    ['Hiring 20 reps [1, 3] this year.', 'Hiring 20 reps this year.'],
    ['Three offices [2–4].', 'Three offices.'],
    ['A link [1](https://example.com) stays.', 'A link [1](https://example.com) stays.'],
    ['Hi [First Name], a blank stays.', 'Hi [First Name], a blank stays.'],
    ['A year [2026] is no mark of ours.', 'A year [2026] is no mark of ours.'],
  ])('%s is sent as %s', (marked, sent) => {
    expect(withoutCitations(marked)).toBe(sent);
  });

  it('reads the sources each mark cites, once each, ranges spelled out', () => {
    expect(citedNumbers('A [1]. B [3][1]. C [2-4]. D [9-1].')).toEqual([1, 3, 2, 4, 9]);
    expect(citedNumbers('No marks, a [Name] and [link](https://x.io).')).toEqual([]);
  });

  it('sends an email with neither subject nor body marked', () => {
    expect(
      sendableEmail({ subject: 'Your Series B [1]', body: 'Saw the news [1].\n\nBest,\nSam' }),
    ).toEqual({ subject: 'Your Series B', body: 'Saw the news.\n\nBest,\nSam' });
  });

  it('reads a 200 kB run of brackets in linear time', () => {
    const hostile = '[1, '.repeat(50_000);
    expect(withoutCitations(hostile)).toBe(hostile);
    expect(citedNumbers(`${'[1]'.repeat(60_000)}`)).toEqual([1]);
  });
});
