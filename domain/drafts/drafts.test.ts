import { describe, expect, it } from 'vitest';
import { callMinutes, draftColdEmail, emailDraftMarkdown, mailtoLink, recipientContext, recipientLabel } from './coldEmail';
import { draftGtmPlan, draftedPlanMarkdown, sectionsNeedingModel } from './gtmPlan';
import { GtmPlan } from '../contract/playbooks';

/** The offline cold email's ask for a call, given the booking link. */
const ask = (link?: string) => draftColdEmail({ recipient_info: 'Dana at Acme', ...(link ? { booking_link: link } : {}) }).body.split('\n\n').at(-2);

describe('the offline cold email', () => {
  it("is composed from the rep's answers", () => {
    const draft = draftColdEmail({
      recipient_info: 'Dana Ortiz, VP Sales at Freightly\nJust raised a Series B and is hiring 20 reps',
      value_prop: 'we cut new-rep ramp time from 6 months to 10 weeks',
      booking_link: 'https://cal.com/sam/20min',
    });
    expect(draft.subject).toBe('Idea for Freightly');
    expect(draft.body).toMatch(/^Hi Dana,/);
    expect(draft.body).toContain('I saw that Freightly just raised a Series B and is hiring 20 reps.');
    expect(draft.body).toContain('We cut new-rep ramp time from 6 months to 10 weeks.');
    expect(draft.body).toContain('https://cal.com/sam/20min');
    expect(draft.body.trim().endsWith('Best regards,')).toBe(true);
  });

  it('still makes a usable email from nothing', () => {
    const draft = draftColdEmail({});
    expect(draft.body).toMatch(/^Hi there,/);
    expect(draft.body).toContain('reply with a time');
  });

  it.each([
    ['a name, a role and a company', 'Dana Smith, Head of Ops at Acme', 'Hi Dana,', "I'm reaching out to you in your role as Head of Ops at Acme. Teams like Acme often tell us"],
    ['a name and a company', 'Dana at Acme', 'Hi Dana,', "I'm reaching out because of your work at Acme."],
    ['a role and a company, no name', 'Head of Sales, Globex', 'Hi there,', "I'm reaching out to you in your role as Head of Sales at Globex."],
    ['an email address', 'dana@acme.com', 'Hi Dana,', "I'm reaching out because of your work at Acme."],
    ['a webmail address of an initial and a surname', 'jsmith@gmail.com', 'Hi there,', "I'm reaching out with an idea for your team."],
    ['a referral, with no name of the recipient', 'Referred by John', 'Hi there,', "I'm reaching out with an idea for your team. John suggested I get in touch."],
    ['a name, a company and a referral', 'Dana at Acme. Introduced via Sam Lee.', 'Hi Dana,', "I'm reaching out because of your work at Acme. Sam Lee suggested I get in touch."],
    ['a team rather than a person', 'Sales team at Acme', 'Hi there,', "I'm reaching out to the sales team at Acme."],
    [
      'a note over several lines',
      'Dana Ortiz, VP Sales at Freightly\nJust raised a Series B\nHiring 20 reps\nWe met at SaaStr last year',
      'Hi Dana,',
      "I'm reaching out to you in your role as VP Sales at Freightly. We met at SaaStr last year. I saw that Freightly just raised a Series B. I also saw that Freightly is hiring 20 reps. That is usually when teams start looking for a better way to do things.",
    ],
    [
      'the note on the same line, as the placeholder shows it',
      'Dana Ortiz, VP Sales at Freightly. Just raised a Series B and is hiring 20 reps.',
      'Hi Dana,',
      "I'm reaching out to you in your role as VP Sales at Freightly. I saw that Freightly just raised a Series B and is hiring 20 reps.",
    ],
    ['an empty answer', '', 'Hi there,', "I'm reaching out with an idea for your team. Teams like yours often tell us"],
    ['only blank lines', '  \n \n', 'Hi there,', "I'm reaching out with an idea for your team."],
  ])('reads naturally for %s', (_label, recipient, greeting, opening) => {
    const draft = draftColdEmail({ recipient_info: recipient, value_prop: 'we cut ramp time to 10 weeks', booking_link: 'https://cal.com/sam/20min' });
    const [first, second] = draft.body.split('\n\n');
    expect(first).toBe(greeting);
    expect(second).toContain(opening);
    expectWholeSentences(draft.body);
    expect(draftColdEmail({ recipient_info: recipient })).toEqual(draftColdEmail({ recipient_info: recipient }));
  });

  it('asks for the call the booking link books: its length when the link says it, a short call when not', () => {
    expect(ask('https://cal.com/sam/30min')).toBe('Would a 30-minute call next week be useful? You can pick a time that suits you at https://cal.com/sam/30min');
    expect(ask('https://calendly.com/sam/15-minute-intro')).toMatch(/^Would a 15-minute call/);
    expect(ask('https://cal.com/sam/1h')).toMatch(/^Would a 60-minute call/);
    expect(ask('https://cal.com/sam')).toMatch(/^Would a short call next week be useful\? You can pick a time/);
    expect(ask(undefined)).toBe('Would a 20-minute call next week be useful? Just reply with a time that suits you.');
    // A number that is not a length: the host's port, an id.
    expect(callMinutes('http://cal.example:8080/sam')).toBeUndefined();
    expect(callMinutes('https://cal.com/sam/2024')).toBeUndefined();
  });

  it("signs with the rep's name when it is known", () => {
    expect(draftColdEmail({ recipient_info: 'Dana at Acme' }, 'Ada Founder').body.endsWith('Best regards,\nAda Founder')).toBe(true);
    expect(draftColdEmail({ recipient_info: 'Dana at Acme' }, '  ').body.endsWith('Best regards,')).toBe(true);
  });

  it('says who it is for in a few words: the recipient and their company', () => {
    expect(recipientLabel('Dana Ortiz, VP Sales at Freightly. Just raised a Series B.')).toBe('Dana Ortiz at Freightly');
    expect(recipientLabel('Head of Sales, Globex')).toBe('Head of Sales at Globex');
    expect(recipientLabel('dana@acme.com')).toBe('Dana at Acme');
    expect(recipientLabel('Dana Ortiz')).toBe('Dana Ortiz');
    expect(recipientLabel('')).toBeUndefined();
  });

  it('opens in the mail app with subject and body', () => {
    const link = mailtoLink({ subject: 'Idea & more', body: 'Hi,\n\nThanks' });
    expect(link).toBe('mailto:?subject=Idea%20%26%20more&body=Hi%2C%0D%0A%0D%0AThanks');
    expect(emailDraftMarkdown({ subject: 'S', body: 'B' })).toBe('**Subject:** S\n\nB');
  });

  it('encodes a mailto link as RFC 6068 asks: CRLF breaks, UTF-8, reserved characters, a one-line subject', () => {
    const link = mailtoLink({ subject: 'Café?\nA=1 #2', body: 'Line 1\r\nLine 2\n50% off + more & less ✓' });
    expect(link).toBe('mailto:?subject=Caf%C3%A9%3F%20A%3D1%20%232&body=Line%201%0D%0ALine%202%0D%0A50%25%20off%20%2B%20more%20%26%20less%20%E2%9C%93');
    const url = new URL(link);
    expect(new URLSearchParams(url.search.replaceAll('+', '%2B')).get('body')).toBe('Line 1\r\nLine 2\r\n50% off + more & less ✓');
  });

  it("reads the coach's recipient name and company from the rep's answer", () => {
    expect(recipientContext('Dana Ortiz, VP Sales at Freightly')).toEqual({ recipientName: 'Dana Ortiz', company: 'Freightly' });
    expect(recipientContext('dana@acme.com')).toEqual({ recipientName: 'Dana', company: 'Acme' });
    expect(recipientContext('')).toEqual({});
  });
});

/**
 * Every sentence between the greeting and the sign-off is whole: it starts with a capital, ends with
 * a full stop or question mark (a link ends its own), and leaves no colon, empty slot or dangling word.
 */
function expectWholeSentences(body: string) {
  const paragraphs = body.replace(/https?:\/\/\S+/g, 'the link.').split('\n\n');
  expect(paragraphs.at(-1)).toBe('Best regards,');
  for (const paragraph of paragraphs.slice(1, -1)) {
    expect(paragraph).not.toMatch(/:|undefined|null|\s[,.?]|[,.]{2}|\s{2}/);
    for (const s of paragraph.split(/(?<=[.?!])\s+/)) {
      expect(s, s).toMatch(/^[A-Z][^.?!]*[.?!]$/);
      expect(s.split(' ').length, s).toBeGreaterThanOrEqual(4);
      expect(s, s).not.toMatch(/\b(?:at|of|for|to|and|as|the|a|with|in|noticed|that)[.?!]$/i);
    }
  }
}

describe('the offline GTM plan', () => {
  it('fits the plan shape, uses the answers and invents no figures', () => {
    const plan = draftGtmPlan({ product_service: 'A CRM for plumbers', company_type: 'bootstrapped', market_size: '50,000 plumbing firms in the US', pricing_strategy: 'tiered' });
    expect(GtmPlan.safeParse(plan).success).toBe(true);
    expect(plan.executiveSummary).toContain('A CRM for plumbers');
    expect(plan.marketAnalysis.marketOpportunity.tam).toBe('50,000 plumbing firms in the US');
    expect(plan.marketAnalysis.marketOpportunity.sam).toMatch(/To be completed/);
    expect(plan.gtmStrategy.pricingStrategy).toContain('Tiered');
    expect(JSON.stringify(plan)).not.toMatch(/\$\d/);
  });

  it('phone: 15. says under its title which sections need a language model', () => {
    const plan = draftGtmPlan({ product_service: 'A CRM for plumbers', value_proposition: 'Never miss a job call', target_market: 'Plumbing firms', go_to_market: 'Trade shows' });
    const gaps = sectionsNeedingModel(plan);
    expect(gaps).toEqual(['Competitive Landscape', 'TAM', 'SAM', 'SOM', 'Pricing Strategy', 'Sales Process', 'Marketing Plan', 'Execution Timeline', 'Financial Projections', 'Risks and Mitigation']);
    const doc = draftedPlanMarkdown(plan);
    expect(doc.startsWith('# Go-to-Market Plan\n\n> Drafted from your answers without a language model. These 10 sections need one: Competitive Landscape, TAM, SAM, SOM,')).toBe(true);
    expect(doc).toContain('## Executive Summary');
  });
});

describe('the offline persona sheet and objection guide', () => {
  it('arrange the answers and mark the gaps', async () => {
    const { draftPersonaSheet, draftObjectionGuide } = await import('./guides');
    const sheet = draftPersonaSheet({ company_name: 'Pipewise', industry: 'fintech', current_challenges: 'Month-end close takes 9 days' });
    expect(sheet).toContain('# Customer persona sheet: Pipewise');
    expect(sheet).toContain('**Industry:** Fintech');
    expect(sheet).toContain('Month-end close takes 9 days');
    expect(sheet).toContain('_(job titles: to be completed)_');
    const guide = draftObjectionGuide({ audience_type: 'investors', common_investor_objections: 'The market is too small. You have no moat.', traction: '$20k MRR' });
    expect(guide).toContain('# Objection guide: investors');
    expect(guide).toContain('### 1. "The market is too small."');
    expect(guide).toContain('### 2. "You have no moat."');
    expect(guide).toContain('**What traction do you have?** $20k MRR');
  });
});
