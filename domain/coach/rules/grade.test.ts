import { describe, expect, it } from 'vitest';
import { checkGrade } from './grade';

const PLAIN = `Hi Dana,

Saw that Freightly is hiring 20 reps this spring. New reps often take six months to close their first deal.

We help sales teams get new reps there in ten weeks, with short daily practice on real calls.

Worth a quick chat next week?

Best,
Sam`;

const A_LITTLE_HARD = `Hi Dana,

Congrats on the Series B. When a sales organization grows this quickly, new hires usually spend months learning the product before they contribute to pipeline.

Our training program gets them there in about ten weeks.

Would a call next Tuesday be useful?

Best,
Sam`;

const JARGON = `Hi Dana,

RampUp's comprehensive enablement platform empowers revenue organizations to systematically accelerate representative productivity through personalized, data-driven coaching methodologies.

Would you be available for an introductory conversation?

Best,
Sam`;

/** Short words, but one sentence that never stops. */
const RUN_ON = `Hi Dana,

So we help the teams that hire a lot of new reps get them to their first deal in ten weeks not six months and we do it with a bit of work each day on real calls that the reps make and the boss can see how it goes and when to step in and help.

Want to see how?

Sam`;

/** A long calendar link is no long word. */
const PLAIN_WITH_LINK = `${PLAIN.replace('Worth a quick chat next week?', 'Worth a quick chat next week? https://calendly.com/samantha-lee/introductory-conversation')}`;

describe('reading grade', () => {
  it.each([
    ['a plain email', PLAIN, 'good', 'Reads at grade 2 — easy on a phone', undefined],
    [
      'a plain email with a long calendar link',
      PLAIN_WITH_LINK,
      'good',
      'Reads at grade 2 — easy on a phone',
      undefined,
    ],
    [
      'an email with a few long words',
      A_LITTLE_HARD,
      'warn',
      'Reads at grade 7 — aim for grade 5 or lower',
      'Swap long words like “organization” and “contribute” for everyday ones, and keep sentences short.',
    ],
    [
      'an email in jargon',
      JARGON,
      'bad',
      'Reads at college level — aim for grade 5 or lower',
      'Swap long words like “systematically” and “representative” for everyday ones, and keep sentences short.',
    ],
    [
      'a run-on sentence of short words',
      RUN_ON,
      'warn',
      'Reads at grade 8 — aim for grade 5 or lower',
      'Use shorter sentences and everyday words.',
    ],
  ])('judges %s', (_label, body, status, label, fix) => {
    expect(checkGrade({ subject: 'Ramp time at Freightly', body }, {})).toEqual({
      id: 'grade',
      status,
      label,
      fix,
    });
  });
});
