import { describe, expect, it } from 'vitest';
import { checkCta } from './cta';

const NO_ASK = 'End with one clear ask, like “Worth a quick call next week?”';
const TOO_MANY = 'Keep just one ask, so saying yes is easy.';

const email = (middle: string) => `Hi Dana,

Saw Freightly is hiring 20 reps this spring. New reps often take six months to close a deal; we get them there in ten weeks.

${middle}

Best,
Sam`;

describe('one clear ask', () => {
  it.each([
    ['one question', email('Worth a quick call next week?'), 'good', 'One clear ask', undefined],
    [
      'one ask in the imperative',
      email('Let me know if a call next week makes sense.'),
      'good',
      'One clear ask',
      undefined,
    ],
    [
      'an ask after a lead-in',
      email('If it helps, just reply with a day that suits you.'),
      'good',
      'One clear ask',
      undefined,
    ],
    [
      'an ask with a booking link',
      email('Book 15 minutes here: https://cal.com/sam/15min'),
      'good',
      'One clear ask',
      undefined,
    ],
    [
      'a soft ask',
      email("I'd love to show you how it works for a team your size."),
      'good',
      'One clear ask',
      undefined,
    ],
    [
      'an offer that is no ask',
      email('You can see how it works at rampup.example/demo.'),
      'bad',
      'No ask',
      NO_ASK,
    ],
    ['no ask at all', email('We work with teams like Acme and Globex.'), 'bad', 'No ask', NO_ASK],
    [
      'a question and a booking line',
      email('Would you be open to a call next week? Grab a time here: https://cal.com/sam/20min'),
      'warn',
      '2 asks — keep one',
      TOO_MANY,
    ],
    [
      'a string of questions',
      email(
        'Is ramp time a priority this quarter? Who owns onboarding at Freightly? Would a call next week help?',
      ),
      'warn',
      '3 asks — keep one',
      TOO_MANY,
    ],
  ])('judges %s', (_label, body, status, label, fix) => {
    expect(checkCta({ subject: 'Ramp time at Freightly', body }, {})).toEqual({
      id: 'cta',
      status,
      label,
      fix,
    });
  });

  it('does not count the greeting or the sign-off as asks', () => {
    const check = checkCta(
      {
        subject: 'Ramp time',
        body: 'Hey Dana!\n\nWorth a quick call about ramp time at Freightly?\n\nThanks!\nSam',
      },
      {},
    );
    expect(check.status).toBe('good');
  });
});
