import { describe, expect, it } from 'vitest';
import { coachEmail, type Coaching } from './index';
import { punctuationEmail } from '../../tests/factories/emails';

const DANA = { recipientName: 'Dana Ortiz', company: 'Freightly' };

const GOOD = {
  subject: 'Ramp time at Freightly',
  body: `Hi Dana,

Saw Freightly just raised a Series B and is hiring 20 reps. Congrats.

New reps often take six months to close a deal. We help teams like yours get there in ten weeks.

Worth a quick call next week to see if it fits?

Best,
Sam`,
};

/** What a model writes when asked for 150–200 words: long, formal, two asks and a calendar link. */
const AI_DRAFT = {
  subject: 'Onboarding at Freightly',
  body: `Hi Dana,

I hope this email finds you well. I wanted to reach out because I noticed that Freightly recently raised its Series B funding round and is currently hiring over twenty new sales representatives, which is an incredibly exciting milestone for your organization.

At RampUp, we specialize in helping rapidly scaling sales organizations dramatically accelerate the onboarding process for newly hired account executives. Our comprehensive platform combines personalized learning paths, AI-powered call coaching, and real-time performance analytics to ensure that every new representative becomes fully productive as quickly as possible.

Our customers typically see a reduction in ramp time from approximately six months to just ten weeks, which translates into significant incremental revenue and improved quota attainment across the entire team. Several companies in the logistics space have already adopted our approach with excellent results.

Would you be open to a brief 20-minute conversation next week to explore whether RampUp could be a good fit for Freightly's growth plans? Alternatively, feel free to book a time directly on my calendar: https://cal.com/sam/20min

Looking forward to hearing from you.

Best regards,
Sam Lee
Account Executive, RampUp`,
};

const fixIds = (coaching: Coaching) => coaching.fixes.map((fix) => fix.id);

describe('coachEmail', () => {
  it('scores a good short email high, with nothing to fix', () => {
    const coaching = coachEmail(GOOD, DANA);
    expect(coaching.score).toBeGreaterThanOrEqual(85);
    expect(coaching.fixes).toEqual([]);
    expect(coaching.checks.map((check) => check.id)).toEqual([
      'subject',
      'length',
      'grade',
      'sentences',
      'cta',
      'reader',
      'personal',
      'spam',
      'links',
    ]);
  });

  it('scores a typical AI draft lower and says first to cut it, simplify it and keep one ask', () => {
    const coaching = coachEmail(AI_DRAFT, DANA);
    expect(coaching.score).toBeLessThan(60);
    expect(coaching.fixes).toEqual([
      {
        id: 'length',
        status: 'bad',
        text: 'Cut it to about 50 words: keep the one outcome and the ask.',
      },
      {
        id: 'grade',
        status: 'bad',
        text: 'Swap long words like “representatives” and “organizations” for everyday ones, and keep sentences short.',
      },
      { id: 'cta', status: 'warn', text: 'Keep just one ask, so saying yes is easy.' },
    ]);
    expect(coaching.checks.find((check) => check.id === 'length')?.label).toMatch(
      /^1[78]\d words — aim for 25–50$/,
    );
  });

  it.each([
    ['nothing at all', { subject: '', body: '' }, 'Write a subject and a few lines first.'],
    ['only spaces', { subject: '   ', body: ' \n\n ' }, 'Write a subject and a few lines first.'],
    [
      'a subject and a greeting and sign-off only',
      { subject: 'Ramp time', body: 'Hi Dana,\n\nBest,\nSam' },
      'Write a few lines first.',
    ],
  ])('gives an empty email 0 and one fix: %s', (_label, email, text) => {
    expect(coachEmail(email)).toEqual({
      score: 0,
      fixes: [{ id: 'empty', status: 'bad', text }],
      checks: [{ id: 'empty', status: 'bad', label: 'Nothing to check yet', fix: text }],
    });
  });

  it('moves the score up as a bad email is fixed step by step, and leaves fewer fixes', () => {
    const steps = [
      {
        subject: 'RE: AMAZING OPPORTUNITY!!!',
        body: `Dear Sir or Madam,

I am writing to introduce our company, RampUp, which is a leading provider of comprehensive sales enablement solutions for organizations of every size and industry. We have been helping companies accelerate their onboarding for many years, and we are proud of our results, which are guaranteed. Our platform includes learning paths, call coaching, analytics and much more, and we have attached our brochure and pricing sheet for your review.

You can read more at https://rampup.example, see our customers at https://rampup.example/customers and our pricing at https://rampup.example/pricing.

Regards,
Sam`,
      },
    ];
    const edit = (
      change: (email: { subject: string; body: string }) => { subject: string; body: string },
    ) => steps.push(change(steps.at(-1)!));
    // 1. A plain subject.
    edit((email) => ({ ...email, subject: 'Ramp time at Freightly' }));
    // 2. Greet Dana and drop the attachment and the extra links.
    edit((email) => ({
      ...email,
      body: email.body
        .replace('Dear Sir or Madam,', 'Hi Dana,')
        .replace(', and we have attached our brochure and pricing sheet for your review', '')
        .replace(/\n\nYou can read more.*\n/, '\n'),
    }));
    // 3. Add one clear ask.
    edit((email) => ({
      ...email,
      body: email.body.replace('\n\nRegards,', '\n\nWorth a quick call next week?\n\nRegards,'),
    }));
    // 4. Cut it down to what matters to Dana, in plain words.
    edit((email) => ({
      ...email,
      body: `Hi Dana,

Saw Freightly is hiring 20 reps. New reps often take six months to close a deal. We help teams like yours get there in ten weeks.

Worth a quick call next week?

Regards,
Sam`,
    }));
    const coachings = steps.map((email) => coachEmail(email, DANA));
    const scores = coachings.map((coaching) => coaching.score);
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeGreaterThan(scores[i - 1]!);
    expect(scores[0]).toBeLessThan(30);
    expect(scores.at(-1)).toBeGreaterThanOrEqual(85);
    expect(fixIds(coachings[0]!)).toEqual(['subject', 'grade', 'cta']);
    expect(coachings.at(-1)!.fixes).toEqual([]);
  });

  it('leaves personalisation out of the score when the flow knows nobody', () => {
    const coaching = coachEmail(GOOD);
    expect(coaching.checks.map((check) => check.id)).not.toContain('personal');
    expect(coaching.score).toBe(100);
  });

  it('reads curly quotes, accents and emoji without miscounting', () => {
    const coaching = coachEmail(
      {
        subject: 'Idée for Freightly 🚚',
        body: 'Hi José,\n\nSaw Freightly’s new café-style office 🎉. You’re hiring 20 reps; we get new reps to a first deal in ten weeks, not six months.\n\nWorth a quick call next week?\n\n— Sam',
      },
      { recipientName: 'José', company: 'Freightly' },
    );
    expect(coaching.checks.find((check) => check.id === 'length')?.label).toBe(
      '29 words — in the 25–50 sweet spot',
    );
    expect(coaching.checks.find((check) => check.id === 'personal')?.status).toBe('good');
    expect(coaching.score).toBeGreaterThanOrEqual(85);
  });

  it.each([
    ['a 200 kB paste of an email', `${GOOD.body}\n\n`.repeat(1100)],
    ['a 200 kB run of full stops and brackets', 'a. ['.repeat(50_000)],
    ['a 200 kB word with no spaces', `https://${'a.'.repeat(100_000)}`],
    ['200 kB of blank lines and bullets', '\n- \n'.repeat(50_000)],
    ['200 kB of short lines that never end a sentence', `${'x'.repeat(60)}\n`.repeat(3_300)],
    ['200 kB of punctuation inside one word', `a${'!'.repeat(100_000)})${')'.repeat(100_000)}b`],
    ['200 kB of full stops before a letter', `${'.'.repeat(200_000)}x`],
  ])('copes with %s', (_label, body) => {
    const coaching = coachEmail({ subject: 'x'.repeat(200_000), body }, DANA);
    expect(coaching.score).toBeGreaterThanOrEqual(0);
    expect(coaching.score).toBeLessThanOrEqual(100);
  });

  it('a 32,000-character email of punctuation runs and 1,000 questions is read as 1,000 words and 1,000 asks', () => {
    const body = punctuationEmail();
    expect(body).toHaveLength(32_000);
    const coaching = coachEmail({ subject: 'Ramp time at Freightly', body }, DANA);
    expect(coaching.checks.map(({ id, status, label }) => [id, status, label])).toEqual([
      ['subject', 'good', 'Subject: 4 words — fits a phone'],
      ['length', 'bad', '1000 words — aim for 25–50'],
      ['grade', 'good', 'Reads at grade 1 or below — easy on a phone'],
      ['sentences', 'good', 'No sentence over 25 words'],
      ['cta', 'warn', '1000 asks — keep one'],
      ['reader', 'good', 'About them: 0 “you” to 0 “I/we”'],
      ['personal', 'good', 'Mentions Dana and Freightly'],
      ['spam', 'good', 'No spam-like words'],
      ['links', 'good', 'No links'],
    ]);
    // 110 points with personalisation: all but the length's 20 and half the ask's 15.
    expect(coaching.score).toBe(75);
    expect(fixIds(coaching)).toEqual(['length', 'cta']);
  });
});
