import { describe, expect, it } from 'vitest';
import { messageParts, plainText, readingGrade, sentences, syllables, words } from './text';

/**
 * Common words from sales emails with their dictionary syllable counts (the CMU Pronouncing
 * Dictionary's first pronunciation), none of them used to tune the counter's rules.
 */
const HELD_OUT =
  'account:2 accounts:2 achieve:2 across:2 actually:4 additional:4 address:2 advantage:3 advice:2 afford:2 afternoon:3 agency:3 allow:2 already:3 alternative:4 amount:2 annual:3 another:3 answer:2 anything:3 apply:2 approach:2 appreciate:4 approval:3 article:3 assume:2 attention:3 available:4 avoid:2 aware:2 balance:2 benefit:3 billing:2 brand:1 budget:2 building:2 capacity:4 career:2 certain:2 channel:2 choose:1 collect:2 combine:2 comfortable:4 commission:3 common:2 community:4 compare:2 competitor:4 complete:2 concern:2 conference:3 connect:2 consider:3 contact:2 content:2 continue:3 contract:2 control:2 convert:2 coverage:3 critical:3 daily:2 deadline:2 decision:3 deliver:3 department:3 design:2 detail:2 develop:3 difference:3 direct:2 director:3 discount:2 easily:3 effort:2 employee:3 enough:2 ensure:2 entering:3 equipment:3 estimate:3 evening:2 event:2 evidence:3 expect:2 expert:2 extra:2 feature:2 features:2 feedback:2 finally:3 flexible:3 friday:2 general:3 global:2 handle:2 headcount:2 heavy:2 history:3 however:3 inside:2 instead:2 invite:2 involved:2 journey:2 launch:1 learning:2 level:2 listen:2 location:3 lower:2 major:2 matter:2 member:2 mention:2 method:2 middle:2 mistake:2 model:2 monday:2 moment:2 monthly:2 natural:3 network:2 normal:2 obvious:3 online:2 option:2 order:2 organization:5 original:4 overall:3 owner:2 package:2 payment:2 perfect:2 perform:2 performance:3 physical:3 picture:2 policy:3 popular:3 position:3 potential:3 practical:3 prefer:2 prepare:2 present:2 pressure:2 primary:3 probably:3 profile:2 program:2 progress:2 promote:2 proposal:3 provide:2 purchase:2 quality:3 question:2 rather:2 recommend:3 record:2 regular:3 remember:3 remote:2 renewal:3 request:2 resource:2 retention:3 return:2 revenue:3 secure:2 security:4 select:2 senior:2 session:2 settle:2 shipping:2 signal:2 simply:2 slowly:2 source:1 standard:2 storage:2 student:2 study:2 suitable:3 summary:3 surface:2 survey:2 switch:1 teammate:2 template:2 thursday:2 topic:2 tracking:2 training:2 travel:2 tuesday:2 uncertain:3 unusual:4 upgrade:2 useless:2 valuable:3 vendor:2 version:2 visit:2 website:2 weekend:2 weekly:2 wherever:3 window:2 within:2 yourself:2'
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]);

describe('syllables', () => {
  it.each([
    ['the', 1],
    ['make', 1],
    ['makes', 1],
    ['asked', 1],
    ['wanted', 2],
    ['boxes', 2],
    ['pages', 2],
    ['table', 2],
    ['tables', 2],
    ['people', 2],
    ['lately', 2],
    ['management', 3],
    ['someone', 2],
    ['timeline', 2],
    ['idea', 3],
    ['media', 3],
    ['video', 3],
    ['actual', 3],
    ['client', 2],
    ['being', 2],
    ['opportunity', 5],
    ['follow-up', 3],
    ["you're", 1],
    ['Café', 2],
    ['naïve', 2],
    ['20', 1],
  ])('counts %s as %i', (word, count) => {
    expect(syllables(word)).toBe(count);
  });

  it('is right for at least 95% of common words it was not tuned on', () => {
    const right = HELD_OUT.filter(([word, count]) => syllables(word) === Number(count)).length;
    expect(HELD_OUT.length).toBeGreaterThan(200);
    expect(right / HELD_OUT.length).toBeGreaterThanOrEqual(0.95);
  });
});

describe('plainText', () => {
  it.each([
    ['a link', 'See [the demo](https://cal.com/sam) now', 'See the demo https://cal.com/sam now'],
    [
      'a link after a stray bracket',
      'See [[the demo](https://cal.com/sam)',
      'See [the demo https://cal.com/sam',
    ],
    ['bold, code and a heading', '## **Ramp** `time`', 'Ramp time'],
  ])('takes the Markdown out of %s', (_name, text, expected) => {
    expect(plainText(text)).toBe(expected);
  });

  it.each([
    ['"["', '['.repeat(200 * 1024), '['.repeat(200 * 1024)],
    ['"[a]("', '[a]('.repeat(50 * 1024), '[a]('.repeat(50 * 1024)],
    ['"*"', '*'.repeat(200 * 1024), ''],
    ['"_"', '_'.repeat(200 * 1024), ''],
    ['"`"', '`'.repeat(200 * 1024), ''],
    ['newlines', '\n'.repeat(100_000), '\n'.repeat(100_000)],
  ])(
    'keeps 200 kB of %s that is no Markdown as it is, and drops the marks',
    (_name, text, expected) => {
      expect(plainText(text)).toBe(expected);
    },
  );
});

describe('words', () => {
  it('counts what a reader counts: Markdown marks, dashes and emoji are no words, a link is one', () => {
    expect(
      words('**Quick** idea — see https://cal.com/sam/20min 🙂 for a 20-minute slot'),
    ).toHaveLength(8);
    expect(words('Café “naïve” résumé’s')).toHaveLength(3);
  });
});

describe('sentences', () => {
  it.each([
    ['full stops, questions and exclamations', 'We cut ramp time. Worth a call? Great!', 3],
    ['abbreviations and lower-case runs', 'Dr. Ortiz said e.g. ramp is slow. It is.', 2],
    ['a hard-wrapped line runs on', 'Most teams that hire\nfast lose a quarter to ramp.', 1],
    ['a new line starting with a capital starts a sentence', 'Saw your post\nWorth a call?', 2],
    ['list items', 'Two things:\n- Ramp in 10 weeks\n- Quota on track', 3],
    ['a link at the end of a sentence', 'Book here: https://cal.com/sam?ref=x. Thanks.', 2],
  ])('splits %s', (_label, text, count) => {
    expect(sentences(text)).toHaveLength(count);
  });
});

describe('messageParts', () => {
  it.each([
    [
      'a greeting line and a sign-off with a signature',
      'Hi Dana,\n\nWorth a call?\n\nBest,\nSam Lee\nHead of Sales, Acme',
      'Hi Dana,',
      'Worth a call?',
      'Best,\nSam Lee\nHead of Sales, Acme',
    ],
    [
      'an inline greeting and a one-line sign-off',
      'Hey Dana — saw your post. Worth a call?\n\nThanks, Sam',
      'Hey Dana —',
      'saw your post. Worth a call?',
      'Thanks, Sam',
    ],
    [
      'a name as the greeting and a dash signature',
      'Dana,\n\nWorth a call?\n\n— Sam',
      'Dana,',
      'Worth a call?',
      '— Sam',
    ],
    [
      'a P.S. after the signature',
      'Hi Dana,\n\nWorth a call?\n\nCheers,\nSam\n\nP.S. Loved your talk.',
      'Hi Dana,',
      'Worth a call?\n\nP.S. Loved your talk.',
      'Cheers,\nSam',
    ],
    [
      'a "Thanks!" followed by more message',
      'Thanks!\nWould Tuesday work?\n\nBest,\nSam',
      '',
      'Thanks!\nWould Tuesday work?',
      'Best,\nSam',
    ],
    [
      'bold Markdown around the greeting',
      '**Hi Dana,**\n\nWorth a call?',
      'Hi Dana,',
      'Worth a call?',
      '',
    ],
    ['no greeting and no sign-off', 'Worth a call next week?', '', 'Worth a call next week?', ''],
    [
      'a bare name as the signature',
      'Hi Dana,\n\nWorth a call?\n\nSam Lee',
      'Hi Dana,',
      'Worth a call?',
      'Sam Lee',
    ],
  ])('reads %s', (_label, body, greeting, message, signOff) => {
    expect(messageParts(body)).toEqual({ greeting, message, signOff });
  });
});

describe('readingGrade', () => {
  it('is the Flesch–Kincaid grade', () => {
    // 2 sentences, 19 words, 13 + 23 = 36 syllables: 0.39 × 19/2 + 11.8 × 36/19 − 15.59 = 10.47
    const text =
      'Our platform helps revenue teams forecast their pipeline. We reduce manual reporting for managers and improve accuracy each quarter.';
    expect(readingGrade(text)).toBe(10.5);
  });

  it('is 0 for very simple text and for no text, never negative', () => {
    expect(readingGrade('Hi. Got a sec? Yes.')).toBe(0);
    expect(readingGrade('')).toBe(0);
  });

  it('leaves links out', () => {
    expect(
      readingGrade('Book a time here: https://calendly.com/samantha-lee/introductory-conversation'),
    ).toBe(readingGrade('Book a time here:'));
  });
});
