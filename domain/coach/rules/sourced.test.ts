import { describe, expect, it } from 'vitest';
import { coachEmail } from '../index';
import type { CoachContext } from '../types';
import { checkSourced, factClaims, sentenceSpans } from './sourced';

const NOTES =
  'Dana Ortiz, VP Sales at Freightly. Just raised a Series B and is hiring 20 reps.\nWe cut new-rep ramp time from 6 months to 10 weeks.';
const CONTEXT: CoachContext = {
  recipientName: 'Dana Ortiz',
  company: 'Freightly',
  profile: { company: 'Pipewise', website: 'https://pipewise.io', signatureName: 'Sam Lee' },
  facts: { sources: 2, notes: NOTES },
};

const EMAIL = `Hi Dana,

Congrats on Freightly's Series B. Freightly opened a Rotterdam office in May [1]. I loved your recent podcast on ramp time. Your team is hiring 20 reps this quarter.

We cut new-rep ramp time from 6 months to 10 weeks, so Pipewise could help. Would a 15-minute call next week work?

Best,
Sam Lee`;

/** Each fact as 'where it comes from: the sentence'. */
const facts = (body: string, context: CoachContext = CONTEXT) =>
  factClaims(body, context).map((claim) => `${claim.from}: ${claim.text}`);

describe('facts about the prospect', () => {
  it('tells a cited fact, one from the notes and one from nowhere apart', () => {
    expect(facts(EMAIL)).toEqual([
      "notes: Congrats on Freightly's Series B.",
      'source: Freightly opened a Rotterdam office in May [1].',
      'none: I loved your recent podcast on ramp time.',
      'notes: Your team is hiring 20 reps this quarter.',
    ]);
  });

  it('leaves out the greeting, the ask, the sign-off and what the rep says of their own company', () => {
    const texts = factClaims(EMAIL, CONTEXT).map((claim) => claim.text);
    expect(texts.some((text) => /Hi Dana|Would a|Best|We cut/.test(text))).toBe(false);
  });

  it('counts a mark naming no source the email has as no source', () => {
    expect(facts('Freightly opened a Rotterdam office in May [7].')).toEqual([
      'none: Freightly opened a Rotterdam office in May [7].',
    ]);
  });

  it('takes a number missing from the notes as unsourced, even beside noted words', () => {
    expect(facts('Freightly is hiring 45 reps.')).toEqual(['none: Freightly is hiring 45 reps.']);
  });

  it('takes a fact the rep kept, or wrote in themselves, as theirs', () => {
    const kept = {
      ...CONTEXT,
      facts: { ...CONTEXT.facts!, kept: ['I loved your recent podcast on ramp time.'] },
    };
    expect(facts(EMAIL, kept)).toContain('kept: I loved your recent podcast on ramp time.');
    const original = EMAIL.replace(' I loved your recent podcast on ramp time.', '');
    const theirs = { ...CONTEXT, facts: { ...CONTEXT.facts!, original } };
    expect(facts(EMAIL, theirs)).toContain('yours: I loved your recent podcast on ramp time.');
  });

  it('judges nothing for an email no flow wrote', () => {
    expect(factClaims(EMAIL, { ...CONTEXT, facts: undefined })).toEqual([]);
    expect(
      checkSourced({ subject: 'Hi', body: EMAIL }, { ...CONTEXT, facts: undefined }),
    ).toBeNull();
  });

  it('finds the sentence in the body where a cut takes it out', () => {
    const claim = factClaims(EMAIL, CONTEXT).find((c) => c.from === 'none')!;
    expect(EMAIL.slice(claim.start, claim.end)).toBe(claim.text);
  });

  it('ends a sentence after its closing marks, not at a decimal point', () => {
    const body = 'They raised $2.5M. [1] Next one! And a last';
    expect(sentenceSpans(body).map((s) => body.slice(s.start, s.end))).toEqual([
      'They raised $2.5M. [1]',
      'Next one!',
      'And a last',
    ]);
  });
});

describe('what counts as a fact about them', () => {
  const context: CoachContext = {
    ...CONTEXT,
    facts: { sources: 1, notes: NOTES, original: undefined },
  };
  it.each([
    'Thanks for your time on Tuesday.',
    'Hope you had a great Thanksgiving.',
    'Your reps could launch campaigns in minutes.',
    'You’ll get 20 hours back every week.',
    'We help teams like yours hit quota in Q3.',
    'Hope your week is going well.',
  ])('%j is no fact to source', (sentence) => {
    expect(facts(`Hi Dana,\n\n${sentence}\n\nBest,\nSam`, context)).toEqual([]);
  });

  it.each([
    ['Congrats on the Series B!', 'notes'],
    ['We saw you raised a $40M round [1].', 'source'],
    ['Saw you’re expanding into the U.S. market [1].', 'source'],
    ['Your team moved to Samsara last year.', 'none'],
  ])('%j is a fact, from %s', (sentence, from) => {
    expect(facts(`Hi Dana,\n\n${sentence}\n\nBest,\nSam`, context)).toEqual([
      `${from}: ${sentence}`,
    ]);
  });

  it('leaves an inline greeting out of the first fact, so cutting the fact keeps the greeting', () => {
    const body = 'Hi Dana, congrats on the podcast launch! Worth a call?';
    const [claim] = factClaims(body, context);
    expect(claim?.text).toBe('congrats on the podcast launch!');
  });

  it('still flags a made-up fact the rep changed one word of, and takes a rewritten one as theirs', () => {
    const original = 'Hi Dana,\n\nI loved your recent podcast on ramp time.\n\nBest,\nSam';
    const withOriginal = { ...CONTEXT, facts: { ...CONTEXT.facts!, original } };
    expect(facts(original.replace('recent', 'latest'), withOriginal)).toEqual([
      'none: I loved your latest podcast on ramp time.',
    ]);
    expect(
      facts(
        original.replace('I loved your recent podcast on ramp time.', 'Your team spoke at SaaStr.'),
        withOriginal,
      ),
    ).toEqual(['yours: Your team spoke at SaaStr.']);
  });

  it('reads long runs of stops and commas, in the body and the notes, in linear time', () => {
    const run = `x${'.'.repeat(100_000)}y`;
    const hostile = {
      ...CONTEXT,
      facts: { ...CONTEXT.facts!, notes: `${NOTES} ${run} 1${','.repeat(100_000)}2` },
    };
    expect(sentenceSpans(run)).toHaveLength(1);
    expect(factClaims(`Freightly is hiring 20 reps. ${run}`, hostile)).toHaveLength(1);
  });
});

describe('the sourced-facts check', () => {
  it('warns on one fact with no source and names it', () => {
    const check = checkSourced({ subject: 'Ramp', body: EMAIL }, CONTEXT)!;
    expect(check).toMatchObject({
      id: 'sources',
      status: 'warn',
      label: '1 fact about Freightly with no source',
      fix: 'Say where “I loved your recent podcast on ramp time.” comes from, or cut it.',
    });
  });

  it('is bad with two, good once each has a source', () => {
    const two = EMAIL.replace('Your team is hiring 20 reps', 'Your team is hiring 45 reps');
    expect(checkSourced({ subject: 'Ramp', body: two }, CONTEXT)?.status).toBe('bad');
    const cut = EMAIL.replace(' I loved your recent podcast on ramp time.', '');
    expect(checkSourced({ subject: 'Ramp', body: cut }, CONTEXT)).toMatchObject({
      status: 'good',
      label: '3 facts about Freightly, each with a source',
    });
  });

  it('lowers the coach score for an unsourced fact, and reads the rest with no marks', () => {
    const cut = EMAIL.replace(' I loved your recent podcast on ramp time.', '');
    const withIt = coachEmail({ subject: 'Ramp time at Freightly', body: EMAIL }, CONTEXT);
    const without = coachEmail({ subject: 'Ramp time at Freightly', body: cut }, CONTEXT);
    expect(withIt.score).toBeLessThan(without.score);
    expect(withIt.checks.map((c) => c.id)).toContain('sources');
    const links = without.checks.find((c) => c.id === 'links');
    expect(links?.status).toBe('good');
  });

  it('reads a 200 kB body of tiny lines', () => {
    const body = 'Freightly is hiring 20 reps.\n'.repeat(7_000);
    const claims = factClaims(body, CONTEXT);
    expect(claims).toHaveLength(7_000);
    expect(claims.every((claim) => claim.from === 'notes')).toBe(true);
  });
});
