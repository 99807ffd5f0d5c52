import { describe, expect, it } from 'vitest';
import { checkReader } from './reader';

const FIX = 'Make it about them: fewer “I/we”, more “you” (“You could…” instead of “We help…”).';

const ABOUT_THEM = `Hi Dana,

You're hiring 20 reps this spring. Your new reps could close a first deal in ten weeks, not six months.

Worth a quick call to see if that fits your plan?

Sam`;

const BALANCED = `Hi Dana,

I saw you're hiring 20 reps. We get new reps to a first deal in ten weeks.

Would that help your team this quarter?

Sam`;

const ABOUT_US = `Hi Dana,

I'm Sam from RampUp. We help sales teams like yours ramp faster, and our platform is used by 200 companies. I think we could help you too.

Would you be open to a call?

Sam`;

const ALL_ABOUT_US = `Hi Dana,

I wanted to introduce myself. I'm Sam, and I lead sales at RampUp. We built our platform because we saw our own reps struggle, and we're proud of what we've built. Our customers love us.

Can we talk next week?

Sam`;

/** 'US' in capitals is the country, not 'us'. */
const THE_COUNTRY = `Hi Dana,

Saw Freightly is opening a US office. Teams that hire in the US fast often lose a quarter to ramp.

Worth a chat?

Sam`;

describe('focus on the reader', () => {
  it.each([
    ['an email about the reader', ABOUT_THEM, 'good', 'About them: 3 “you” to 0 “I/we”', undefined],
    ['as much "you" as "I/we"', BALANCED, 'good', 'About them: 2 “you” to 2 “I/we”', undefined],
    ['the US as a country', THE_COUNTRY, 'good', 'About them: 0 “you” to 0 “I/we”', undefined],
    ['an email mostly about the sender', ABOUT_US, 'warn', 'About you: 3 “you” to 5 “I/we”', FIX],
    ['an email all about the sender', ALL_ABOUT_US, 'bad', 'About you: 0 “you” to 13 “I/we”', FIX],
  ])('judges %s', (_label, body, status, label, fix) => {
    expect(checkReader({ subject: 'Ramp time at Freightly', body }, {})).toEqual({
      id: 'reader',
      status,
      label,
      fix,
    });
  });
});
