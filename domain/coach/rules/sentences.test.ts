import { describe, expect, it } from 'vitest';
import { checkSentences } from './sentences';

const SHORT_SENTENCES = `Hi Dana,

Saw Freightly is hiring 20 reps. New reps often take six months to close a deal. We get them there in ten weeks.

Worth a quick call?

Sam`;

const ONE_LONG = `Hi Dana,

We help fast-growing sales teams like yours cut the time it takes a newly hired account executive to close a first deal from six months to about ten weeks, without extra manager hours.

Worth a quick call?

Sam`;

const THREE_LONG = `Hi Dana,

I hope this email finds you well, and I wanted to reach out because I noticed that Freightly recently raised its Series B and is currently hiring over twenty new sales reps.

At RampUp we specialize in helping rapidly scaling sales organizations dramatically accelerate the onboarding process for newly hired account executives through personalized learning paths and AI-powered call coaching.

Our customers typically see a reduction in ramp time from approximately six months to just ten weeks, which translates into significant incremental revenue and improved quota attainment.

Would you be open to a call?

Best regards,
Sam`;

/** Each list item is a sentence of its own, though none ends in a full stop. */
const A_LIST = `Hi Dana,

Three things teams like Freightly get in the first month:
- New reps practise real calls every day with feedback
- Managers see who needs help before the quarter ends
- Ramp time drops to about ten weeks

Worth a quick call?

Sam`;

describe('sentence length', () => {
  it.each([
    ['short sentences', SHORT_SENTENCES, 'good', 'No sentence over 25 words', undefined],
    ['a list of short items', A_LIST, 'good', 'No sentence over 25 words', undefined],
    [
      'one sentence that runs long',
      ONE_LONG,
      'warn',
      '1 sentence over 25 words',
      'Split the long sentence that starts “We help fast-growing sales…” in two.',
    ],
    [
      'a model-written email of long sentences',
      THREE_LONG,
      'bad',
      '3 sentences over 25 words',
      'Split each long sentence in two; the first starts “I hope this email…”.',
    ],
  ])('judges %s', (_label, body, status, label, fix) => {
    expect(checkSentences({ subject: 'Ramp time at Freightly', body }, {})).toEqual({
      id: 'sentences',
      status,
      label,
      fix,
    });
  });
});
