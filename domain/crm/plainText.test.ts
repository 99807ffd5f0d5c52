import { describe, expect, it } from 'vitest';
import { isoDatesIn, isoDay, meetingDay } from './dates';
import { crmPlainText } from './plainText';

describe('crmPlainText: a note as a HubSpot or Salesforce note field takes it', () => {
  it('names each section with a colon, its lines under it, lists as "- ", and no Markdown mark left', () => {
    const note = [
      '# CRM note: Freightly',
      '',
      '## Summary',
      '',
      'Dana wants **faster ramp** for _new_ reps; see [the deck](https://acme.com/deck).',
      '',
      '## Next steps',
      '',
      '* Sam sends the `pilot` proposal by Nov 30, 2026',
      '1. Dana books the CFO call',
      '   - nested: legal review',
      '',
      '### Stakeholders ##',
      '| Name | Role |',
      '|---|:---:|',
      '| Dana Ortiz | VP Sales |',
      '',
      '**Risks**',
      '> **Needs review:** nothing came up about the budget.',
      '',
      '---',
      '## Date',
      '27 November 2026',
    ].join('\n');
    expect(crmPlainText(note)).toBe(
      [
        'CRM note: Freightly',
        '',
        'Summary:',
        'Dana wants faster ramp for new reps; see the deck https://acme.com/deck.',
        '',
        'Next steps:',
        '- Sam sends the pilot proposal by 2026-11-30',
        '- Dana books the CFO call',
        '- nested: legal review',
        '',
        'Stakeholders:',
        'Name, Role',
        'Dana Ortiz, VP Sales',
        '',
        'Risks:',
        'Needs review: nothing came up about the budget.',
        '',
        'Date:',
        '2026-11-27',
      ].join('\n'),
    );
  });

  it('keeps what is no Markdown: snake_case, C#, a sum, and a line break of its own', () => {
    expect(crmPlainText('## Tools\n\nThey use sales_ops_v2 and C#\r\nBudget: 5 + 3 k')).toBe(
      'Tools:\nThey use sales_ops_v2 and C#\nBudget: 5 + 3 k',
    );
  });

  it.each([
    ['"#" and spaces', `# ${'# '.repeat(100 * 1024)}x`],
    ['a heading of 200 kB of "#"', '#'.repeat(200 * 1024)],
    ['"*" x 200 kB', '*'.repeat(200 * 1024)],
    ['"_" between letters', `a${'_'.repeat(200 * 1024)}b`],
    ['"[a](" x 50 k', '[a]('.repeat(50 * 1024)],
    ['"|-" table rule with no end', `|${'--|'.repeat(60 * 1024)}x`],
    ['bold line of spaces', `**a**${' '.repeat(200 * 1024)}x`],
    ['100,000 newlines', `${'\n'.repeat(100_000)}Done.`],
    ['dates with no year', 'Nov 27 '.repeat(30 * 1024)],
  ])('reads 200 kB of %s in linear time (well under a second)', (_name, text) => {
    const start = performance.now();
    const out = crmPlainText(text);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(out).not.toMatch(/\*|\n{3}/);
  });
});

describe('dates', () => {
  it('writes the dates that read one way as YYYY-MM-DD and leaves the others as they are', () => {
    expect(
      isoDatesIn(
        'Met 2026/11/3, again Nov 27, 2026 and 1st December 2026; not 03/04/2026, 31 Feb 2026 or Nov 2026.',
      ),
    ).toBe(
      'Met 2026-11-03, again 2026-11-27 and 2026-12-01; not 03/04/2026, 31 Feb 2026 or Nov 2026.',
    );
  });

  it("is the rep's own calendar day, and a meeting date typed as one day", () => {
    expect(isoDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(meetingDay(' Sept 9, 2026 ')).toBe('2026-09-09');
    expect(meetingDay('last Tuesday')).toBe('last Tuesday');
  });
});
