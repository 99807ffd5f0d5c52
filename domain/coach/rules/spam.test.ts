import { describe, expect, it } from 'vitest';
import { SPAM_PHRASES } from '../spamWords';
import { checkSpam, spamPhrases } from './spam';

const email = (middle: string) => `Hi Dana,

Saw Freightly is hiring 20 reps this spring. ${middle}

Worth a quick call next week?

Sam`;

describe('spam-trigger words', () => {
  it.each([
    [
      'an honest email',
      'Ramp time at Freightly',
      email('New reps often take six months to close a deal; we get them there in ten weeks.'),
      'good',
      'No spam-like words',
      undefined,
    ],
    [
      'honest sales words the big lists flag',
      'Free idea for Freightly',
      email(
        'We offer a free trial, you save hours each week, and our customers call it an amazing opportunity. Congratulations on the raise.',
      ),
      'good',
      'No spam-like words',
      undefined,
    ],
    [
      'one trigger in the body',
      'Ramp time at Freightly',
      email('Results are guaranteed: reps close a first deal in ten weeks.'),
      'warn',
      'Spam-like: “guaranteed”',
      'Reword “guaranteed”: spam filters and busy readers both skip it.',
    ],
    [
      'one trigger in the subject',
      'Act now: faster ramp',
      email('New reps often take six months to close a deal; we get them there in ten weeks.'),
      'bad',
      'Spam-like: “act now”',
      'Reword “act now”: spam filters and busy readers both skip it.',
    ],
    [
      'an email full of them',
      'Ramp time at Freightly',
      email(
        "This is a limited time offer with no obligation, and it's 100% risk-free. Click here to claim it.",
      ),
      'bad',
      'Spam-like: “limited time offer”, “no obligation”, “risk-free”',
      'Reword “limited time offer”, “no obligation” and “risk-free”: spam filters and busy readers both skip them.',
    ],
    [
      'curly quotes and capitals',
      'Ramp time at Freightly',
      email('DON’T MISS OUT on ten-week ramp.'),
      'warn',
      "Spam-like: “don't miss out”",
      "Reword “don't miss out”: spam filters and busy readers both skip it.",
    ],
  ])('judges %s', (_label, subject, body, status, label, fix) => {
    expect(checkSpam({ subject, body }, {})).toEqual({ id: 'spam', status, label, fix });
  });

  it('matches whole words only', () => {
    expect(spamPhrases('Cheaper than a new hire, and our prizes-free approach')).toEqual([]);
    expect(spamPhrases('Risk free, and risk-free')).toEqual(['risk-free']);
  });

  it('ships a curated list of 60 to 120 phrases in four kinds', () => {
    const all = Object.values(SPAM_PHRASES).flat();
    expect(Object.keys(SPAM_PHRASES)).toEqual(['money', 'urgency', 'overpromise', 'pushy']);
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(all.length).toBeLessThanOrEqual(120);
    expect(all).not.toContain('free');
  });
});
