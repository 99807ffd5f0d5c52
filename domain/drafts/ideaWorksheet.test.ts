import { describe, expect, it } from 'vitest';
import {
  bottomUpMarketSize,
  draftIdeaWorksheet,
  formatCount,
  formatMoney,
  ideaSubject,
  parseAmount,
  worksheetShareText,
} from './ideaWorksheet';

describe('the no-model idea worksheet', () => {
  it('shows the bottom-up market size with its arithmetic: customers × price per year', () => {
    expect(
      bottomUpMarketSize({ customers: '2,000', pricePerYear: '$1,200', unit: 'clinics' }),
    ).toEqual({
      ok: true,
      customers: 2000,
      pricePerYear: 1200,
      total: 2_400_000,
      arithmetic: '2,000 clinics × $1,200/year = $2.4M a year',
    });
    expect(
      bottomUpMarketSize({ customers: '50k', pricePerYear: '99/month', unit: '' }),
    ).toMatchObject({
      ok: true,
      total: 59_400_000,
      arithmetic: '50,000 customers × $1,188/year = $59.4M a year',
    });
    expect(bottomUpMarketSize({ customers: '1.5M', pricePerYear: '$9.99 a year' })).toMatchObject({
      ok: true,
      arithmetic: '1,500,000 customers × $9.99/year = $15M a year',
    });
  });

  it('reads numbers as founders type them and formats money as people say it', () => {
    for (const typed of [
      '2000',
      '2,000',
      '2k',
      '2 thousand',
      '$2,000',
      '2000/year',
      '2,000 per year',
    ])
      expect(parseAmount(typed, '1'), typed).toEqual({ ok: true, value: 2000 });
    expect(parseAmount('1.5M', '1')).toEqual({ ok: true, value: 1_500_000 });
    expect([5, 9.99, 1200, 9999, 24_000, 2_400_000, 1_250_000_000].map(formatMoney)).toEqual([
      '$5',
      '$9.99',
      '$1,200',
      '$9,999',
      '$24K',
      '$2.4M',
      '$1.3B',
    ]);
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('explains bad input instead of showing a wrong figure', () => {
    expect(bottomUpMarketSize({ customers: '', pricePerYear: '1200' })).toEqual({
      ok: false,
      errors: { customers: 'Enter a number, like 2,000.' },
    });
    expect(bottomUpMarketSize({ customers: 'lots', pricePerYear: '-5' })).toEqual({
      ok: false,
      errors: {
        customers: '“lots” is not a number. Enter digits, like 2,000.',
        pricePerYear: 'Enter an amount above zero.',
      },
    });
    expect(parseAmount('0', '2,000')).toEqual({
      ok: false,
      message: 'Enter an amount above zero.',
    });
    expect(parseAmount('12 apples', '2,000')).toEqual({
      ok: false,
      message: '“12 apples” is not a number. Enter digits, like 2,000.',
    });
    expect(parseAmount('1,20,0', '2,000').ok).toBe(false);
  });

  it('asks the YC checklist as questions about the idea, named by a short subject, and offers pricing models with when each fits', () => {
    const sheet = draftIdeaWorksheet(
      '  A booking app for dog walkers in Berlin. Walkers set their own prices.  ',
    );
    expect(sheet.idea).toBe(
      'A booking app for dog walkers in Berlin. Walkers set their own prices.',
    );
    expect(sheet.questions.map((q) => q.label)).toEqual([
      'Problem',
      'Market',
      'Solution',
      'Differentiation',
      'Traction',
    ]);
    expect(sheet.questions[0]!.question).toBe(
      'Who exactly has the problem behind your booking app for dog walkers, and how do they solve it today?',
    );
    expect(sheet.pricingModels.map((m) => m.name)).toEqual([
      'Per seat',
      'Usage-based',
      'Flat tiers',
      'Freemium',
      'Transaction fee',
      'One-off licence or project',
    ]);
    for (const model of sheet.pricingModels) expect(model.fitsWhen).toMatch(/^[A-Z].{20,}\.$/);
    expect(draftIdeaWorksheet('').questions[0]!.question).toContain('behind your idea');
  });
});

describe("the idea's short subject in the worksheet's questions", () => {
  it('names the idea by its product phrase and who it is for, never the whole sentence', () => {
    const table: Array<[idea: string, subject: string]> = [
      [
        'A mobile app that helps independent gyms reduce member churn',
        'your app for independent gyms',
      ],
      ['Inventory app for coffee shops', 'your inventory app for coffee shops'],
      [
        'A booking app for dog walkers in Berlin. Walkers set their own prices.',
        'your booking app for dog walkers',
      ],
      [
        'A CRM for plumbers that books jobs from missed calls. Also invoicing.',
        'your CRM for plumbers',
      ],
      ['A marketplace where labs sell their unused equipment to startups', 'your marketplace'],
      ['AI tool that writes cold emails for SDRs', 'your AI tool for SDRs'],
      ['An app to help parents find babysitters', 'your app for parents'],
      [
        'We are building an AI-powered inventory management tool for small bakeries',
        'your inventory management tool for bakeries',
      ],
      [
        'A subscription box of healthy snacks for remote teams',
        'your subscription box for remote teams',
      ],
      ['Farm-to-restaurant marketplace', 'your farm-to-restaurant marketplace'],
      // No product noun to name it by: the idea, and who it is for when it says.
      ['Help restaurants cut food waste with AI', 'your idea for restaurants'],
      ['Language lessons for commuters', 'your idea for commuters'],
      ['Uber for dog walking', 'your idea'],
      ['', 'your idea'],
    ];
    for (const [idea, subject] of table) expect(ideaSubject(idea), idea).toBe(subject);
  });

  it('keeps the subject to a few words however long the idea is', () => {
    const long = `A ${'very '.repeat(30)}clever scheduling assistant platform for ${'busy '.repeat(20)}veterinary clinics`;
    expect(ideaSubject(long)).toBe('your scheduling assistant platform for veterinary clinics');
    expect(ideaSubject('x '.repeat(100))).toBe('your idea');
  });
});

describe('sharing the worksheet', () => {
  it("copies the founder's answers, the market size arithmetic and the chosen pricing model", () => {
    const sheet = draftIdeaWorksheet('Scheduling software for veterinary clinics');
    const text = worksheetShareText(sheet, {
      problem: 'Clinic managers, with paper diaries',
      customers: '2,000',
      pricePerYear: '$1,200',
      unit: 'clinics',
      pricingModel: 'per-seat',
    });
    expect(text).toContain(
      'Problem: Who exactly has the problem behind your scheduling software for veterinary clinics, and how do they solve it today?\n→ Clinic managers, with paper diaries',
    );
    expect(text).toContain(
      'Market: How many customers could buy your scheduling software for veterinary clinics, and is that number growing?\n→ Not answered yet',
    );
    expect(text).toContain('MARKET SIZE (bottom-up)\n2,000 clinics × $1,200/year = $2.4M a year');
    expect(text).toContain('PRICING MODEL\nPer seat: A price per user per month.');
  });
});

describe('the worksheet numbers a founder can trust', () => {
  it("asks about '1.500' (fifteen hundred or one and a half) instead of reading it as 1.5; reads the unambiguous ones", () => {
    expect(parseAmount('1.500', '2,000')).toEqual({
      ok: false,
      message: 'Did you mean 1,500? “1.500” could be 1,500 or 1.5: type the one you mean.',
    });
    expect(parseAmount('$9.999', '$1,200')).toEqual({
      ok: false,
      message: 'Did you mean 9,999? “$9.999” could be 9,999 or 9.999: type the one you mean.',
    });
    expect(bottomUpMarketSize({ customers: '1.500', pricePerYear: '$1,200' }).ok).toBe(false);
    // Only one reading is plausible: several dot groups, a leading zero, a scale word, or two decimals.
    expect(parseAmount('1.500.000', '2,000')).toEqual({ ok: true, value: 1_500_000 });
    expect(parseAmount('0.500', '1')).toEqual({ ok: true, value: 0.5 });
    expect(parseAmount('1.250M', '1')).toEqual({ ok: true, value: 1_250_000 });
    expect(parseAmount('$9.99', '1')).toEqual({ ok: true, value: 9.99 });
  });

  it('caps the market, not only each number: a product beyond $10 trillion a year is explained, not shown', () => {
    expect(parseAmount('9000000000', '2,000').ok).toBe(true);
    expect(bottomUpMarketSize({ customers: '9,000,000,000', pricePerYear: '$5,000' })).toEqual({
      ok: false,
      errors: {
        total:
          '9,000,000,000 × $5,000 is more than $10 trillion a year, larger than any market; check both numbers.',
      },
    });
  });

  it("formats money without a stray '.00' or a lost sub-cent price, and shows a monthly price's × 12", () => {
    expect([9999.999, 10_000, 0.004, 0.0035, 0.5].map(formatMoney)).toEqual([
      '$10,000',
      '$10,000',
      '$0.004',
      '$0.0035',
      '$0.50',
    ]);
    expect(bottomUpMarketSize({ customers: '50k', pricePerYear: '$99/month' })).toMatchObject({
      ok: true,
      yearly: '$99/month × 12 = $1,188/year',
      arithmetic: '50,000 customers × $1,188/year = $59.4M a year',
    });
    expect(bottomUpMarketSize({ customers: '50k', pricePerYear: '$1,188' })).not.toHaveProperty(
      'yearly',
    );
    const text = worksheetShareText(draftIdeaWorksheet('Dog walking'), {
      customers: '50k',
      pricePerYear: '$99/month',
    });
    expect(text).toContain(
      'MARKET SIZE (bottom-up)\n$99/month × 12 = $1,188/year\n50,000 customers × $1,188/year = $59.4M a year',
    );
  });
});
