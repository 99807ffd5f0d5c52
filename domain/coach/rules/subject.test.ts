import { describe, expect, it } from 'vitest';
import { checkSubject } from './subject';

const BODY = 'Hi Dana,\n\nWorth a quick call about ramp time at Freightly?\n\nSam';
const SHORTEN = 'Cut the subject to 5 words or fewer, so a phone shows all of it.';

describe('subject line', () => {
  it.each([
    [
      'a short plain subject',
      'Ramp time at Freightly',
      'good',
      'Subject: 4 words — fits a phone',
      undefined,
    ],
    ['one word', 'Onboarding', 'good', 'Subject: 1 word — fits a phone', undefined],
    [
      'lower case, as a colleague writes',
      'quick idea for freightly',
      'good',
      'Subject: 4 words — fits a phone',
      undefined,
    ],
    ['an acronym', 'SDR ramp at Freightly', 'good', 'Subject: 4 words — fits a phone', undefined],
    [
      'a title-case headline',
      'Revolutionizing Sales Onboarding for Fast-Growing Teams Like Freightly',
      'warn',
      'Subject: 8 words — aim for 1–5',
      SHORTEN,
    ],
    [
      'five long words',
      'Transforming Internationalization Responsibilities Across Organizations',
      'warn',
      'Subject: 71 characters — aim for 50 or fewer',
      'Cut the subject to 50 characters or fewer, so a phone shows all of it.',
    ],
    [
      'a fake reply',
      'RE: our call',
      'bad',
      'Subject fakes a reply (“RE:”)',
      'Remove “RE:”: this is a first email, and a fake reply costs trust.',
    ],
    [
      'a fake forward',
      'Fwd: ramp time',
      'bad',
      'Subject fakes a reply (“FWD:”)',
      'Remove “FWD:”: this is a first email, and a fake reply costs trust.',
    ],
    [
      'capitals',
      'QUICK QUESTION',
      'bad',
      'Subject is in capitals',
      'Write the subject in normal case: capitals read as shouting.',
    ],
    [
      'two shouted words',
      'FREE AUDIT for Freightly',
      'bad',
      'Subject is in capitals',
      'Write the subject in normal case: capitals read as shouting.',
    ],
    [
      'an exclamation mark',
      'Big news for Freightly!',
      'bad',
      'Subject has “!”',
      'Drop the “!” from the subject: it reads like an ad.',
    ],
    [
      'several problems at once',
      'RE: Exciting Opportunity To Transform Your Sales Onboarding!',
      'bad',
      'Subject fakes a reply (“RE:”)',
      `Remove “RE:”: this is a first email, and a fake reply costs trust. Drop the “!” from the subject: it reads like an ad. ${SHORTEN}`,
    ],
  ])('judges %s', (_label, subject, status, label, fix) => {
    expect(checkSubject({ subject, body: BODY }, {})).toEqual({
      id: 'subject',
      status,
      label,
      fix,
    });
  });

  it.each([
    [
      'with the company known',
      { company: 'Freightly' },
      'Add a short subject of 1–5 words, like “Idea for Freightly”.',
    ],
    ['with nothing known', {}, 'Add a short subject of 1–5 words, like “Idea for your team”.'],
  ])('asks for a subject when there is none, %s', (_label, context, fix) => {
    expect(checkSubject({ subject: '  ', body: BODY }, context)).toEqual({
      id: 'subject',
      status: 'bad',
      label: 'No subject',
      fix,
    });
  });
});
