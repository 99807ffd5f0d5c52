import { describe, expect, it } from 'vitest';
import { checkLength } from './length';

const CUT = 'Cut it to about 50 words: keep the one outcome and the ask.';
const GROW = 'Add a line on why this matters to them, to reach about 25 words.';

const SHORT_AND_RIGHT = `Hi Dana,

Saw Freightly just raised a Series B and is hiring 20 reps. Congrats.

New reps often take six months to close a deal. We help teams like yours get there in ten weeks.

Worth a quick call next week to see if it fits?

Best,
Sam`;

const TOO_SHORT = `Hi Dana,

Want to cut new-rep ramp time at Freightly? Open to a quick call?

Sam`;

const A_BIT_LONG = `Hi Dana,

I noticed Freightly just closed its Series B and is hiring twenty new account executives this quarter. Congratulations to the whole team.

When sales teams grow that fast, new reps usually need about six months before they close their first deal, and managers spend hours each week on shadowing and call reviews.

We help teams like yours cut ramp time to ten weeks with short daily practice and feedback on real calls.

Would a 20-minute call next week make sense?

Best regards,
Sam`;

const AI_LENGTH = `Hi Dana,

I hope this email finds you well. I wanted to reach out because I noticed that Freightly recently raised its Series B funding round and is currently hiring over twenty new sales representatives, which is an incredibly exciting milestone for your organization.

At RampUp, we specialize in helping rapidly scaling sales organizations dramatically accelerate the onboarding process for newly hired account executives. Our comprehensive platform combines personalized learning paths, AI-powered call coaching, and real-time performance analytics to ensure that every new representative becomes fully productive as quickly as possible.

Our customers typically see a reduction in ramp time from approximately six months to just ten weeks, which translates into significant incremental revenue and improved quota attainment across the entire team.

Would you be open to a brief call next week to explore whether RampUp could be a good fit for Freightly's growth plans?

Best regards,
Sam Lee
Account Executive, RampUp`;

/** The short email with a long signature: greeting and sign-off are not the message. */
const LONG_SIGNATURE = `${SHORT_AND_RIGHT} Lee
Senior Account Executive, RampUp Learning Inc.
+1 (415) 555-0134 | rampup.example
Book time with me any weekday`;

/** The short email as a model writes it, in Markdown. */
const MARKDOWN = `**Hi Dana,**

Saw **Freightly** just raised a Series B and is hiring 20 reps. Congrats.

## Ramp time
- New reps often take six months to close a deal.
- We help teams like yours get there in ten weeks.

Worth a quick call next week to see if it fits?

**Best,**
Sam`;

describe('body length', () => {
  it.each([
    [
      'a short, complete email',
      SHORT_AND_RIGHT,
      'good',
      '44 words — in the 25–50 sweet spot',
      undefined,
    ],
    [
      'the same email with a long signature',
      LONG_SIGNATURE,
      'good',
      '44 words — in the 25–50 sweet spot',
      undefined,
    ],
    [
      'the same email in Markdown, with a heading',
      MARKDOWN,
      'good',
      '46 words — in the 25–50 sweet spot',
      undefined,
    ],
    ['a two-line note', TOO_SHORT, 'warn', '13 words — aim for 25–50', GROW],
    ['a careful email that runs long', A_BIT_LONG, 'warn', '80 words — aim for 25–50', CUT],
    [
      'a model-written email of 140 words and more',
      AI_LENGTH,
      'bad',
      '143 words — aim for 25–50',
      CUT,
    ],
  ])('judges %s', (_label, body, status, label, fix) => {
    const check = checkLength({ subject: 'Ramp time at Freightly', body }, {});
    expect(check).toEqual({ id: 'length', status, label, fix });
  });
});
