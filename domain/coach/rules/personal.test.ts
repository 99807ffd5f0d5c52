import { describe, expect, it } from 'vitest';
import { checkPersonal } from './personal';

const DANA = { recipientName: 'Dana Ortiz', company: 'Freightly' };

const PERSONAL = `Hi Dana,

Saw Freightly's Series B and the 20 open sales roles. New reps often take six months to close a deal; we get them there in ten weeks.

Worth a quick call?

Sam`;

const GENERIC = `Hi there,

Fast-growing sales teams often take six months to get a new rep to a first deal. We get them there in ten weeks.

Worth a quick call?

Sam`;

const NAME_ONLY = GENERIC.replace('Hi there,', 'Hi Dana,');
const COMPANY_ONLY = GENERIC.replace(
  'Fast-growing sales teams',
  'Fast-growing teams like Freightly',
);

const TEMPLATE = `Hi [First Name],

I saw that [Company] is growing fast. We help teams like yours ramp new reps in ten weeks.

Worth a quick call? Book here: [my calendar](https://cal.com/sam/20min)

[Your Name]`;

/** The check as one line: its status and label, or null when there is nothing to judge. */
function judge(body: string, context: Parameters<typeof checkPersonal>[1]): string | null {
  const check = checkPersonal({ subject: 'Ramp time', body }, context);
  return check && `${check.status}: ${check.label}`;
}

describe('personalisation', () => {
  it.each([
    [
      'name and company both there, possessive and all',
      PERSONAL,
      DANA,
      'good',
      'Mentions Dana and Freightly',
      undefined,
    ],
    [
      'the company in another case and with a suffix in the context',
      PERSONAL.replace("Freightly's", "FREIGHTLY's"),
      { company: 'Freightly, Inc.' },
      'good',
      'Mentions Freightly',
      undefined,
    ],
    [
      'the surname instead of the first name',
      GENERIC.replace('Hi there,', 'Dear Ms. Ortiz,'),
      { recipientName: 'Dana Ortiz' },
      'good',
      'Mentions Dana',
      undefined,
    ],
    [
      'an accent left off',
      GENERIC.replace('Hi there,', 'Hi Jose,'),
      { recipientName: 'José' },
      'good',
      'Mentions José',
      undefined,
    ],
    [
      'neither',
      GENERIC,
      DANA,
      'bad',
      "Doesn't mention Dana or Freightly",
      "Greet Dana by name and say why you're writing to Freightly now.",
    ],
    [
      'the name but not the company',
      NAME_ONLY,
      DANA,
      'warn',
      'Mentions Dana, not Freightly',
      "Mention Freightly by name, and why you're writing to them now.",
    ],
    [
      'the company but not the name',
      COMPANY_ONLY,
      DANA,
      'warn',
      'Mentions Freightly, not Dana',
      'Greet Dana by name.',
    ],
    [
      'only a name known, and missing',
      GENERIC,
      { recipientName: 'Dana' },
      'bad',
      "Doesn't mention Dana",
      'Greet Dana by name.',
    ],
    [
      'only a company known, and missing',
      GENERIC,
      { company: 'Freightly' },
      'bad',
      "Doesn't mention Freightly",
      "Mention Freightly by name, and why you're writing to them now.",
    ],
    [
      'template blanks left in',
      TEMPLATE,
      DANA,
      'bad',
      'Blanks to fill: [First Name], [Company], [Your Name]',
      'Fill in [First Name], [Company], [Your Name] before you send it.',
    ],
    [
      'template blanks with nothing known',
      TEMPLATE.replace('[Your Name]', 'Sam'),
      {},
      'bad',
      'Blanks to fill: [First Name], [Company]',
      'Fill in [First Name] and [Company] before you send it.',
    ],
  ])('judges %s', (_label, body, context, status, label, fix) => {
    expect(checkPersonal({ subject: 'Ramp time', body }, context)).toEqual({
      id: 'personal',
      status,
      label,
      fix,
    });
  });

  it('has nothing to judge when the flow knows neither name nor company', () => {
    expect(checkPersonal({ subject: 'Ramp time', body: GENERIC }, {})).toBeNull();
    expect(
      checkPersonal({ subject: 'Ramp time', body: GENERIC }, { recipientName: '  ', company: '' }),
    ).toBeNull();
  });

  it('does not take a word that merely contains the name', () => {
    expect(
      checkPersonal(
        { subject: 'Ramp time', body: GENERIC.replace('Hi there,', 'Hi Danaher team,') },
        { recipientName: 'Dana' },
      )?.status,
    ).toBe('bad');
  });

  it('names a blank after a run of 30,000 "[" as the blank alone', () => {
    const body = `Hi ${'['.repeat(30_000)}[First Name],\n\nWorth a quick call?\nSam`;
    expect(checkPersonal({ subject: 'Ramp time', body }, DANA)).toEqual({
      id: 'personal',
      status: 'bad',
      label: 'Blanks to fill: [First Name]',
      fix: 'Fill in [First Name] before you send it.',
    });
  });

  describe("with the rep's profile", () => {
    const PROFILE = {
      company: 'Freight Labs Inc.',
      website: 'https://freightlabs.io',
      signatureName: 'Dana Smith',
    };
    const SIGNED = `Hi there,

New reps often take six months to close a deal; at Freight Labs we get them there in ten weeks.

Worth a quick call?

Best,
Dana Smith
dana@freightlabs.io`;

    it("does not count the rep's own company, site or full name as naming the recipient", () => {
      const recipient = { recipientName: 'Dana Ortiz', company: 'Freight' };
      // Without the profile, 'Freight' in the rep's company and 'Dana' in their signature pass for the recipient's.
      expect(judge(SIGNED, recipient)).toBe('good: Mentions Dana and Freight');
      expect(judge(SIGNED, { ...recipient, profile: PROFILE })).toBe(
        "bad: Doesn't mention Dana or Freight",
      );
      const personal = SIGNED.replace('Hi there,', 'Hi Dana,').replace(
        'New reps',
        "Freight's new reps",
      );
      expect(judge(personal, { ...recipient, profile: PROFILE })).toBe(
        'good: Mentions Dana and Freight',
      );
    });

    it("does not take the rep's own company, or their site's name, for the recipient's", () => {
      const body = SIGNED.replace('Hi there,', 'Hi Dana,');
      expect(judge(body, { recipientName: 'Dana Ortiz', company: 'Freight Labs' })).toBe(
        'good: Mentions Dana and Freight Labs',
      );
      expect(
        judge(body, { recipientName: 'Dana Ortiz', company: 'Freight Labs', profile: PROFILE }),
      ).toBe('good: Mentions Dana');
      expect(
        judge(GENERIC, { company: 'Freightlabs', profile: { website: 'freightlabs.io' } }),
      ).toBeNull();
    });

    it("still sees the recipient's company when the rep's is part of its name", () => {
      expect(
        judge(PERSONAL.replace("Freightly's", "Acme Logistics'"), {
          recipientName: 'Dana Ortiz',
          company: 'Acme Logistics',
          profile: { company: 'Acme' },
        }),
      ).toBe('good: Mentions Dana and Acme Logistics');
    });

    it('judges as before with an empty profile', () => {
      expect(judge(PERSONAL, { ...DANA, profile: {} })).toBe(judge(PERSONAL, DANA));
      expect(judge(COMPANY_ONLY, { ...DANA, profile: {} })).toBe(judge(COMPANY_ONLY, DANA));
    });
  });
});
