import { describe, expect, it } from 'vitest';
import {
  callMinutes,
  draftColdEmail,
  emailDraftMarkdown,
  mailtoLink,
  recipientContext,
  recipientLabel,
} from './coldEmail';
import { draftGtmPlan, draftedPlanMarkdown, sectionsNeedingResearch } from './gtmPlan';
import { GtmPlan } from '../contract/playbooks';
import { coachEmail } from '../coach';
import type { ProfileValues } from '../contract/profile';
import type { Answers } from '../playbooks/flow';
import { draftObjectionGuide } from './guides';
import { draftChatReply, emailRecipientFrom, flowPath, offlineChatAnswer } from './chat';
import { draftCallReview } from './callReview';
import { draftPitchOutline } from './pitchOutline';
import { FALLBACK_VALUE_PROPS } from '../playbooks/valueProposition';
import { OBJECTION_LIBRARY, objectionFacts, RESPONSE_PATTERNS } from './objectionLibrary';

/** The offline cold email's ask for a call, given the booking link. */
const ask = (link?: string) =>
  draftColdEmail({
    recipient_info: 'Dana at Acme',
    value_prop: 'We cut ramp time to 10 weeks',
    ...(link ? { booking_link: link } : {}),
  })
    .body.split('\n\n')
    .at(-2);

describe('the offline cold email', () => {
  it("is composed from the rep's answers", () => {
    const draft = draftColdEmail({
      recipient_info:
        'Dana Ortiz, VP Sales at Freightly\nJust raised a Series B and is hiring 20 reps',
      value_prop: 'we cut new-rep ramp time from 6 months to 10 weeks',
      booking_link: 'https://cal.com/sam/20min',
    });
    expect(draft.subject).toBe('Idea for Freightly');
    expect(draft.body).toMatch(/^Hi Dana,/);
    expect(draft.body).toContain(
      'I saw that Freightly just raised a Series B and is hiring 20 reps.',
    );
    expect(draft.body).toContain('We cut new-rep ramp time from 6 months to 10 weeks.');
    expect(draft.body).toContain('https://cal.com/sam/20min');
    expect(draft.body.trim().endsWith('Best regards,')).toBe(true);
  });

  it('reads like a rep wrote it: no filler, a short subject, a specific opener, one value line, one ask, and the coach scores it well', () => {
    const answers = {
      recipient_info:
        'Dana Ortiz, VP Sales at Freightly. Just raised a Series B and is hiring 20 reps.',
      value_prop: 'We cut new-rep ramp time from 6 months to 10 weeks',
      booking_link: 'https://cal.com/sam/20min',
    };
    const draft = draftColdEmail(answers, 'Sam Lee');
    expect(draft.body).not.toMatch(
      /teams like|get there faster|with less effort|better way to do things|old way|reaching out/i,
    );
    expect(draft.subject.split(' ').length).toBeLessThanOrEqual(5);
    expect(draft.body.split('\n\n')).toEqual([
      'Hi Dana,',
      'I saw that Freightly just raised a Series B and is hiring 20 reps.',
      'We cut new-rep ramp time from 6 months to 10 weeks.',
      'Would a 20-minute call next week be useful? You can pick a time that suits you at https://cal.com/sam/20min',
      'Best regards,\nSam Lee',
    ]);
    const coaching = coachEmail(draft, recipientContext(answers.recipient_info));
    expect(coaching.score).toBeGreaterThanOrEqual(90);
    expect(coaching.checks.find((c) => c.id === 'cta')?.status).toBe('good');
    // With only a name and company, still one ask, no filler, and a passing score.
    const thin = draftColdEmail({ recipient_info: 'Dana Ortiz at Freightly' });
    expect(thin.body).not.toMatch(/teams like|get there faster|with less effort/i);
    expect(
      coachEmail(thin, recipientContext('Dana Ortiz at Freightly')).score,
    ).toBeGreaterThanOrEqual(80);
  });

  it('still makes a usable email from nothing', () => {
    const draft = draftColdEmail({});
    expect(draft.body).toMatch(/^Hi there,/);
    expect(draft.body).toContain('Would a 20-minute call next week be useful to compare notes?');
  });

  it.each([
    [
      'a name, a role and a company',
      'Dana Smith, Head of Ops at Acme',
      'Hi Dana,',
      "I'm writing to you as Head of Ops at Acme, with one idea for your team.",
    ],
    ['a name and a company', 'Dana at Acme', 'Hi Dana,', "I'm writing with one idea for Acme."],
    [
      'a role and a company, no name',
      'Head of Sales, Globex',
      'Hi there,',
      "I'm writing to you as Head of Sales at Globex, with one idea for your team.",
    ],
    ['an email address', 'dana@acme.com', 'Hi Dana,', "I'm writing with one idea for Acme."],
    [
      'a webmail address of an initial and a surname',
      'jsmith@gmail.com',
      'Hi there,',
      "I'm writing with one idea for your team.",
    ],
    [
      'a referral, with no name of the recipient',
      'Referred by John',
      'Hi there,',
      'John suggested I get in touch.',
    ],
    [
      'a name, a company and a referral',
      'Dana at Acme. Introduced via Sam Lee.',
      'Hi Dana,',
      'Sam Lee suggested I get in touch.',
    ],
    [
      'a team rather than a person',
      'Sales team at Acme',
      'Hi there,',
      "I'm writing to the sales team at Acme with one idea.",
    ],
    [
      'a note over several lines',
      'Dana Ortiz, VP Sales at Freightly\nJust raised a Series B\nHiring 20 reps\nWe met at SaaStr last year',
      'Hi Dana,',
      'We met at SaaStr last year. I saw that Freightly just raised a Series B. I also saw that Freightly is hiring 20 reps.',
    ],
    [
      'the note on the same line, as the placeholder shows it',
      'Dana Ortiz, VP Sales at Freightly. Just raised a Series B and is hiring 20 reps.',
      'Hi Dana,',
      'I saw that Freightly just raised a Series B and is hiring 20 reps.',
    ],
    ['an empty answer', '', 'Hi there,', "I'm writing with one idea for your team."],
    ['only blank lines', '  \n \n', 'Hi there,', "I'm writing with one idea for your team."],
  ])('reads naturally for %s', (_label, recipient, greeting, opening) => {
    const draft = draftColdEmail({
      recipient_info: recipient,
      value_prop: 'we cut ramp time to 10 weeks',
      booking_link: 'https://cal.com/sam/20min',
    });
    const [first, second] = draft.body.split('\n\n');
    expect(first).toBe(greeting);
    expect(second).toContain(opening);
    expectWholeSentences(draft.body);
    expect(draftColdEmail({ recipient_info: recipient })).toEqual(
      draftColdEmail({ recipient_info: recipient }),
    );
  });

  it('asks for the call the booking link books: its length when the link says it, a short call when not', () => {
    expect(ask('https://cal.com/sam/30min')).toBe(
      'Would a 30-minute call next week be useful? You can pick a time that suits you at https://cal.com/sam/30min',
    );
    expect(ask('https://calendly.com/sam/15-minute-intro')).toMatch(/^Would a 15-minute call/);
    expect(ask('https://cal.com/sam/1h')).toMatch(/^Would a 60-minute call/);
    expect(ask('https://cal.com/sam')).toMatch(
      /^Would a short call next week be useful\? You can pick a time/,
    );
    expect(ask(undefined)).toBe(
      'Would a 20-minute call next week be useful? I can fit around your calendar.',
    );
    // A number that is not a length: the host's port, an id.
    expect(callMinutes('http://cal.example:8080/sam')).toBeUndefined();
    expect(callMinutes('https://cal.com/sam/2024')).toBeUndefined();
  });

  it("signs with the rep's name when it is known", () => {
    expect(
      draftColdEmail({ recipient_info: 'Dana at Acme' }, 'Ada Founder').body.endsWith(
        'Best regards,\nAda Founder',
      ),
    ).toBe(true);
    expect(
      draftColdEmail({ recipient_info: 'Dana at Acme' }, '  ').body.endsWith('Best regards,'),
    ).toBe(true);
  });

  it('says who it is for in a few words: the recipient and their company', () => {
    expect(recipientLabel('Dana Ortiz, VP Sales at Freightly. Just raised a Series B.')).toBe(
      'Dana Ortiz at Freightly',
    );
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
    const link = mailtoLink({
      subject: 'Café?\nA=1 #2',
      body: 'Line 1\r\nLine 2\n50% off + more & less ✓',
    });
    expect(link).toBe(
      'mailto:?subject=Caf%C3%A9%3F%20A%3D1%20%232&body=Line%201%0D%0ALine%202%0D%0A50%25%20off%20%2B%20more%20%26%20less%20%E2%9C%93',
    );
    const url = new URL(link);
    expect(new URLSearchParams(url.search.replaceAll('+', '%2B')).get('body')).toBe(
      'Line 1\r\nLine 2\r\n50% off + more & less ✓',
    );
  });

  it("reads the coach's recipient name and company from the rep's answer", () => {
    expect(recipientContext('Dana Ortiz, VP Sales at Freightly')).toEqual({
      recipientName: 'Dana Ortiz',
      company: 'Freightly',
    });
    expect(recipientContext('dana@acme.com')).toEqual({ recipientName: 'Dana', company: 'Acme' });
    expect(recipientContext('')).toEqual({});
  });
});

describe("the offline cold email with the rep's profile", () => {
  const PROFILE: ProfileValues = {
    company: 'Pipewise',
    website: 'https://pipewise.io',
    product: 'A ramp planner for sales teams',
    valueProposition:
      'We cut new-rep ramp time from 6 months to 10 weeks. Reps get a plan for their first 90 days.',
    proofPoints: 'Acme saw quota attainment up 32% in a quarter.\nUsed by 40 sales teams.',
    bookingLink: 'https://cal.com/sam/20min',
    signatureName: 'Sam Lee',
    signatureRole: 'Founder',
    signaturePhone: '+1 415 555 0100',
  };
  const DANA = 'Dana Ortiz, VP Sales at Freightly';

  it('with only who it is for, offers the value proposition and a proof point, asks through the booking link and signs with the signature', () => {
    const draft = draftColdEmail({ recipient_info: DANA }, 'Samuel L', PROFILE);
    expect(draft.subject).toBe('Idea for Freightly');
    expect(draft.body.split('\n\n')).toEqual([
      'Hi Dana,',
      "I'm writing to you as VP Sales at Freightly, with one idea for your team.",
      'We cut new-rep ramp time from 6 months to 10 weeks. Reps get a plan for their first 90 days. Acme saw quota attainment up 32% in a quarter.',
      'Would a 20-minute call next week be useful? You can pick a time that suits you at https://cal.com/sam/20min',
      'Best regards,\nSam Lee\nFounder, Pipewise\n+1 415 555 0100',
    ]);
    // The signature is a signature to the coach, not part of the message, and the email scores well.
    const coaching = coachEmail(draft, { ...recipientContext(DANA), profile: PROFILE });
    expect(coaching.score).toBeGreaterThanOrEqual(90);
    expect(coaching.checks.find((c) => c.id === 'personal')?.status).toBe('good');
  });

  it("keeps the rep's own answers: their offer (with no proof added to it) and their booking link", () => {
    const draft = draftColdEmail(
      {
        recipient_info: DANA,
        value_prop: 'We help new reps book their first meeting in week one',
        booking_link: 'https://cal.com/sam/intro-15min',
      },
      undefined,
      PROFILE,
    );
    const paragraphs = draft.body.split('\n\n');
    expect(paragraphs[2]).toBe('We help new reps book their first meeting in week one.');
    expect(paragraphs[3]).toBe(
      'Would a 15-minute call next week be useful? You can pick a time that suits you at https://cal.com/sam/intro-15min',
    );
    expect(draft.body).not.toContain('cal.com/sam/20min');
    expect(paragraphs.at(-1)).toBe('Best regards,\nSam Lee\nFounder, Pipewise\n+1 415 555 0100');
  });

  it('treats an offer the flow filled from the profile, left as it was, as the profile’s: the proof point comes with it', () => {
    const draft = draftColdEmail(
      { recipient_info: DANA, value_prop: PROFILE.valueProposition! },
      undefined,
      PROFILE,
    );
    expect(draft.body).toContain('first 90 days. Acme saw quota attainment up 32% in a quarter.');
  });

  it('offers the product line when the profile has no value proposition, and names a list of customers as who works with the company', () => {
    const draft = draftColdEmail({ recipient_info: DANA }, undefined, {
      company: 'Pipewise',
      product: 'A ramp planner for sales teams',
      proofPoints: 'Acme, Globex and Initech',
    });
    expect(draft.body.split('\n\n')[2]).toBe(
      'Pipewise is a ramp planner for sales teams. Pipewise works with Acme, Globex and Initech.',
    );
    expect(
      draftColdEmail({ recipient_info: DANA }, undefined, { product: 'Ramp plans for new reps' })
        .body,
    ).toContain('\n\nRamp plans for new reps.\n\n');
    expect(
      draftColdEmail({ recipient_info: DANA }, undefined, {
        product: 'A ramp planner for sales teams',
      }).body,
    ).toContain('\n\nWe make a ramp planner for sales teams.\n\n');
  });

  it.each([
    ['direct', 'Hi Dana,', 'Best,'],
    ['friendly', 'Hey Dana,', 'Cheers,'],
    ['formal', 'Dear Dana,', 'Kind regards,'],
  ])('greets and signs off in the %s tone', (tone, hello, bye) => {
    const profile = { ...PROFILE, tone };
    const draft = draftColdEmail({ recipient_info: DANA }, undefined, profile);
    const paragraphs = draft.body.split('\n\n');
    expect(paragraphs[0]).toBe(hello);
    expect(paragraphs.at(-1)).toBe(`${bye}\nSam Lee\nFounder, Pipewise\n+1 415 555 0100`);
    // The coach reads the tone's greeting and sign-off as such: the score stays high.
    expect(coachEmail(draft, { ...recipientContext(DANA), profile }).score).toBeGreaterThanOrEqual(
      90,
    );
  });

  it("signs with the account's name under the profile's company when the profile names no one", () => {
    expect(
      draftColdEmail({ recipient_info: DANA }, 'Ada Founder', {
        company: 'Pipewise',
      }).body.endsWith('Best regards,\nAda Founder\nPipewise'),
    ).toBe(true);
  });

  it("writes today's email when the profile is empty", () => {
    const cases: Answers[] = [
      { recipient_info: DANA, value_prop: 'Faster ramp' },
      { recipient_info: 'Head of Sales, Globex', booking_link: 'https://cal.com/sam' },
      {},
    ];
    for (const answers of cases) {
      expect(draftColdEmail(answers, 'Sam Lee', {})).toEqual(draftColdEmail(answers, 'Sam Lee'));
      expect(draftChatReply('email', 'prompt', answers, 'Sam Lee', true, {})).toBe(
        draftChatReply('email', 'prompt', answers, 'Sam Lee', true),
      );
    }
  });

  it("the no-model chat reply's cold email carries the profile", () => {
    const reply = draftChatReply('email', 'prompt', { recipient_info: DANA }, 'Sam', true, PROFILE);
    expect(reply).toContain('https://cal.com/sam/20min');
    expect(reply).toContain('Best regards,\nSam Lee\nFounder, Pipewise\n+1 415 555 0100');
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
    const plan = draftGtmPlan({
      product_service: 'A CRM for plumbers',
      company_type: 'bootstrapped',
      market_size: '50,000 plumbing firms in the US',
      pricing_strategy: 'tiered',
    });
    expect(GtmPlan.safeParse(plan).success).toBe(true);
    expect(plan.executiveSummary).toContain('A CRM for plumbers');
    expect(plan.marketAnalysis.marketOpportunity.tam).toBe('50,000 plumbing firms in the US');
    expect(plan.marketAnalysis.marketOpportunity.sam).toMatch(
      /^\*\*Needs research:\*\* serviceable addressable market — /,
    );
    expect(plan.gtmStrategy.pricingStrategy).toContain('Tiered');
    expect(JSON.stringify(plan)).not.toMatch(/\$\d/);
  });

  it('fills every section it can from the answers and marks only the few that need research, with no "To be completed"', () => {
    const plan = draftGtmPlan({
      product_service: 'A CRM for plumbers',
      company_type: 'bootstrapped',
      value_proposition: 'Never miss a job call',
      target_market: 'Plumbing firms with 2-20 vans',
      market_size: '110,000 plumbing firms in the US',
      competitors: 'ServiceTitan, Jobber',
      business_model: 'saas',
      pricing_strategy: 'tiered',
      go_to_market: 'Trade shows and supplier partnerships',
      current_traction: '12 paying firms',
      market_timing: 'Phone-first tradespeople now run their business from a phone',
    });
    const doc = draftedPlanMarkdown(plan);
    expect(doc).not.toMatch(/to be completed|_\(/i);
    expect(sectionsNeedingResearch(plan)).toEqual(['SAM', 'SOM', 'Financial Projections']);
    expect(doc).toContain(
      '> Drafted from your answers without a language model. 3 sections need your research: SAM, SOM, Financial Projections.',
    );
    expect(plan.gtmStrategy.salesProcess).toContain('plumbing firms with 2-20 vans');
    expect(plan.gtmStrategy.marketingPlan).toContain('Message: Never miss a job call.');
    expect(plan.gtmStrategy.pricingStrategy).toContain('Three tiers');
    expect(plan.executionTimeline).toMatch(/^Days 1–30: .*Trade shows and supplier partnerships/);
    expect(plan.risksAndMitigation).toContain('ServiceTitan, Jobber');
    expect(plan.financialProjections).toMatch(
      /^Starting point: 12 paying firms\. \*\*Needs research:\*\* the projections — /,
    );
  });

  it('with only a few answers, still fills the strategy and says what to research for the rest', () => {
    const plan = draftGtmPlan({
      product_service: 'A CRM for plumbers',
      value_proposition: 'Never miss a job call',
      target_market: 'Plumbing firms',
      go_to_market: 'Trade shows',
    });
    expect(sectionsNeedingResearch(plan)).toEqual([
      'Competitive Landscape',
      'TAM',
      'SAM',
      'SOM',
      'Financial Projections',
    ]);
    for (const section of [
      plan.gtmStrategy.pricingStrategy,
      plan.gtmStrategy.salesProcess,
      plan.gtmStrategy.marketingPlan,
      plan.executionTimeline,
      plan.risksAndMitigation,
    ]) {
      expect(section.length).toBeGreaterThan(60);
      expect(section).not.toContain('Needs research');
    }
    const doc = draftedPlanMarkdown(plan);
    expect(
      doc.startsWith(
        '# Go-to-Market Plan\n\n> Drafted from your answers without a language model. 5 sections need your research: Competitive Landscape, TAM, SAM, SOM, Financial Projections.',
      ),
    ).toBe(true);
    expect(doc).toContain('**Needs research:** total addressable market — count every customer');
  });
});

describe('the offline persona sheet', () => {
  it('arranges the answers and marks the gaps', async () => {
    const { draftPersonaSheet } = await import('./guides');
    const sheet = draftPersonaSheet({
      company_name: 'Pipewise',
      industry: 'fintech',
      current_challenges: 'Month-end close takes 9 days',
    });
    expect(sheet).toContain('# Customer persona sheet: Pipewise');
    expect(sheet).toContain('**Industry:** Fintech');
    expect(sheet).toContain('Month-end close takes 9 days');
    expect(sheet).toContain(
      '## Titles involved\n\n**Needs research:** on LinkedIn, look up who holds the role',
    );
  });

  it("leaves out what the founder skipped, or says what to research and how, never '(… to be completed)'", async () => {
    const { draftPersonaSheet } = await import('./guides');
    const sheet = draftPersonaSheet({
      company_name: 'Pipewise',
      target_audience: 'Finance teams at 50-500 person SaaS companies',
      current_challenges: 'Month-end close takes 9 days',
    });
    expect(sheet).not.toMatch(/to be completed|_\(/i);
    expect(sheet).not.toMatch(/\*\*Industry:\*\*|\*\*What we offer:\*\*/);
    expect(sheet).toContain('## Who they are\n\nFinance teams at 50-500 person SaaS companies');
    expect(sheet.match(/\*\*Needs research:\*\* /g)).toHaveLength(3);
    expect(sheet).toContain(
      '## How they buy\n\n**Needs research:** ask your last two customers what made them look',
    );
    expect(sheet).toContain('_Drafted offline from your answers; 3 sections need your research.');
  });
});

describe('the offline objection guide', () => {
  it("answers the rep's own objections from the library, filled with their answers, with no empty pattern slots", () => {
    const guide = draftObjectionGuide({
      audience_type: 'investors',
      common_investor_objections: 'The market is too small. You have no moat.',
      traction: '$20k MRR, growing 15% a month',
      market_size: '2,000 clinics × $1,200/year',
      competitive_advantage: 'Exclusive data from 40 clinic partners',
    });
    expect(guide).toContain('# Objection guide: investors');
    expect(guide).toContain('**What traction do you have?** $20k MRR, growing 15% a month');
    // The rep's words head each section; the library's entry answers it with its pattern.
    expect(guide).toContain('### 1. "The market is too small."\n\n_Why it comes up:_ A fund needs');
    expect(guide).toContain(
      '- **Reframe:** Show the bottom-up number, not a top-down percentage: 2,000 clinics × $1,200/year.',
    );
    expect(guide).toContain('### 2. "You have no moat."');
    expect(guide).toContain(
      'Reframe from features to what compounds: Exclusive data from 40 clinic partners.',
    );
    // Then the audience's other common objections, up to five in all.
    expect(guide).toContain('## Also prepare for');
    expect(guide.match(/^### \d\./gm)).toHaveLength(5);
    expectNoEmptySlots(guide);
  });

  it.each(['customers', 'investors', 'partners', 'internal'])(
    'for %s, with no objections typed, offers the most common ones with a filled pattern',
    (audience) => {
      const guide = draftObjectionGuide({
        audience_type: audience,
        value_proposition: 'We cut ramp time from 6 months to 10 weeks',
        partner_value: 'A new revenue line',
        internal_change: 'Moving the team to one CRM',
      });
      expect(guide.match(/^### \d\./gm)).toHaveLength(
        Math.min(5, OBJECTION_LIBRARY.filter((e) => e.audience === audience).length),
      );
      expect(guide).toMatch(
        /\*\*(Feel, Felt, Found|Acknowledge, Reframe, Proof|LAER \(Listen, Acknowledge, Explore, Respond\)|Isolate and test|Interests, not positions)\*\*/,
      );
      expectNoEmptySlots(guide);
    },
  );

  it('every library objection fills each step of its pattern, with and without answers', () => {
    for (const entry of OBJECTION_LIBRARY) {
      for (const facts of [
        {},
        objectionFacts({
          value_proposition: 'the value',
          traction: 'the traction',
          competitive_landscape: 'the others',
          target_audience: 'the buyers',
          competitive_advantage: 'the edge',
          market_size: 'the market',
          business_model: 'the model',
          resources: 'the cost',
        }),
      ]) {
        const lines = entry.respond(facts);
        expect(lines, entry.id).toHaveLength(RESPONSE_PATTERNS[entry.pattern].steps.length);
        for (const line of lines) expect(line.trim().length, entry.id).toBeGreaterThan(15);
      }
    }
    const audiences = new Set(OBJECTION_LIBRARY.map((e) => e.audience));
    expect([...audiences].toSorted()).toEqual(['customers', 'internal', 'investors', 'partners']);
  });
});

describe('the offline objection guide without proof', () => {
  /** A quoted line that tells the prospect how other teams felt or what they found: a claim about third parties. */
  const THIRD_PARTY =
    /"[^"\n]*\b(?:other|most)\s+\w+(?:\s+\w+)?\s+(?:felt|feel|found|find)\b|"What (?:they|teams)(?: usually)? f(?:ou|i)nd\b|\b(?:teams|customers|partners|companies) usually\b/i;
  const noProof = {
    value_proposition: 'We cut ramp time from 6 months to 10 weeks',
    partner_value: 'A new revenue line',
    internal_change: 'Moving the team to one CRM',
    target_audience: 'sales teams',
    stakeholders: 'the sales ops team',
    competitive_landscape: 'Gong',
  };

  it('no library response asserts what other customers felt or found when the rep gave no proof', () => {
    for (const entry of OBJECTION_LIBRARY) {
      for (const facts of [{}, objectionFacts(noProof)]) {
        for (const line of entry.respond(facts)) expect(line, entry.id).not.toMatch(THIRD_PARTY);
      }
    }
  });

  it.each(['customers', 'investors', 'partners', 'internal'])(
    'a %s guide with no proof writes an instruction where a story of other customers would go',
    (audience) => {
      const heard =
        'We already use a tool for this. It could compete with what we sell. This will disrupt how we work.';
      const guide = draftObjectionGuide({
        ...noProof,
        audience_type: audience,
        common_objections: heard,
        common_partner_objections: heard,
        common_internal_objections: heard,
        common_investor_objections: heard,
      });
      expect(guide).not.toMatch(THIRD_PARTY);
      expectNoEmptySlots(guide);
    },
  );

  it('with the switch to us from a similar tool unproven, Felt and Found say what to do instead', () => {
    const competitor = OBJECTION_LIBRARY.find((e) => e.id === 'competitor')!;
    const [, felt, found] = competitor.respond(objectionFacts(noProof));
    expect(felt).toBe(
      'If a customer switched to you from a similar tool, say they felt the same at first; if none has yet, say so and use Acknowledge, Reframe, Proof with your own numbers instead.',
    );
    expect(found).toBe(
      'If a customer switched from a similar tool, say what they found; if none has yet, compare what you offer (we cut ramp time from 6 months to 10 weeks) with their current setup (Gong) side by side instead.',
    );
    // With the rep's own evidence, the story is theirs to tell.
    expect(
      competitor.respond(
        objectionFacts({ ...noProof, traction: '12 teams switched from Gong last quarter' }),
      )[2],
    ).toBe('"What they found, next to Gong: 12 teams switched from Gong last quarter."');
  });
});

/** No '…', '[placeholder]', 'to be completed' or empty '- **Step:**' line anywhere in a guide. */
function expectNoEmptySlots(guide: string) {
  expect(guide).not.toMatch(/…|\[[^\]]*\]|to be completed|undefined/i);
  for (const line of guide.split('\n').filter((l) => l.startsWith('- **')))
    expect(line, line).toMatch(/^- \*\*[^*]+:\*\* \S.{15,}/);
}

describe('the chat without a model', () => {
  it("turns 'write a cold email to Dana Ortiz at Freightly' into a button that opens the cold email flow with the recipient filled (Pro)", () => {
    const answer = offlineChatAnswer('write a cold email to Dana Ortiz at Freightly', true);
    expect(answer).toBe(
      'No AI model is connected, so I’ll draft it from your answers: three quick questions, with the recipient filled in.\n\n[Write the cold email to Dana Ortiz at Freightly](/chat?flow=email&prefill=Dana%20Ortiz%20at%20Freightly)',
    );
    expect(
      emailRecipientFrom('Draft an email to Priya Shah (Head of Ops) at Tidal about our pilot.'),
    ).toBe('Priya Shah (Head of Ops) at Tidal');
    expect(flowPath('email', 'Priya Shah (Head of Ops) at Tidal')).toBe(
      '/chat?flow=email&prefill=Priya%20Shah%20%28Head%20of%20Ops%29%20at%20Tidal',
    );
    expect(emailRecipientFrom('help me write a cold email')).toBeUndefined();
    // 'Write to …' names the recipient too, with no word for email in it.
    expect(emailRecipientFrom('write to Dana at Freightly')).toBe('Dana at Freightly');
  });

  it('is short, names no environment variable, and never links a free user into a Pro flow', () => {
    for (const message of [
      'hello',
      'write a cold email to Dana Ortiz at Freightly',
      'handle objections from investors',
      'What is the TAM for dog walking?',
      'build a GTM plan',
    ]) {
      for (const pro of [true, false]) {
        const answer = offlineChatAnswer(message, pro);
        expect(answer.length, answer).toBeLessThan(420);
        expect(answer).not.toMatch(/OPENAI|_KEY|_URL|restart/);
        if (!pro) expect(answer).not.toContain('/chat?flow=');
      }
    }
    expect(offlineChatAnswer('write a cold email to Dana', false)).toContain(
      'Cold emails are a **Pro** tool',
    );
    expect(offlineChatAnswer('hello', false)).toContain('[Idea worksheet](/onboarding)');
    expect(offlineChatAnswer('hello', true)).toContain(
      '[Cold email](/chat?flow=email) [Objection guide](/chat?flow=objection)',
    );
  });
});

describe('the call analysis and value proposition without a model', () => {
  const transcript = [
    'Sam Lee: Thanks for making time, Dana. How do you close the books today?',
    'Dana Ortiz: Honestly it is a headache. Month-end close takes us nine days, mostly manual reconciliation.',
    'Dana Ortiz: My worry is the price, we already use NetSuite for some of this.',
    'Sam Lee: That makes sense. What would a faster close be worth?',
    'Dana Ortiz: Could we run a pilot with one entity? Our CFO would need to approve it.',
    'Sam Lee: Great, I will send over a pilot plan and book a follow-up next week.',
  ].join('\n');

  it("a Pro rep's transcript becomes a call review worksheet, labelled as one: the questions to answer, with the transcript's own lines", () => {
    const reply = draftChatReply(
      'call',
      'Analyze this customer call…',
      { transcript, call_type: 'discovery', analysis_focus: 'objections' },
      'Sam Lee',
      true,
    );
    expect(reply).not.toMatch(/objection guide instead|nothing in your sales kit/);
    expect(reply.startsWith('# Call review worksheet\n\n> **Worksheet, not an analysis:**')).toBe(
      true,
    );
    expect(reply).toContain('**Call:** Discovery · **Focus:** Objections');
    // The focus the rep picked comes first.
    expect(reply.indexOf('## Objections')).toBeLessThan(reply.indexOf('## Pains heard'));
    expect(reply).toContain(
      '## Objections\n\n**What held them back, and did you answer it or park it?**\n\nLines from the transcript to start from:\n\n> Dana Ortiz: My worry is the price, we already use NetSuite for some of this.',
    );
    expect(reply).toContain(
      '> Dana Ortiz: Honestly it is a headache. Month-end close takes us nine days, mostly manual reconciliation.',
    );
    expect(reply).toContain(
      '> Dana Ortiz: Could we run a pilot with one entity? Our CFO would need to approve it.',
    );
    expect(reply).toContain(
      '> Sam Lee: Great, I will send over a pilot plan and book a follow-up next week.',
    );
    for (const title of [
      'Pains heard',
      'Objections',
      'Buying signals',
      'Next steps',
      'Stakeholders',
      'What to do better',
    ])
      expect(reply).toContain(`## ${title}`);
    // A transcript with no cue words: each section says to look for it, never an invented finding.
    const bare = draftCallReview({
      transcript: 'Alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima.',
    });
    expect(bare).toContain(
      '_No line matched the word cues; look for this one in the call yourself._',
    );
  });

  it('the value proposition becomes a sales pitch outline of the founder’s own answers, saying so, with the parts they did not give marked', () => {
    const answers = {
      founding_journey: 'customers',
      building: 'A close tool for finance teams',
      problems: 'Month-end close takes nine days',
      users: 'Accountants',
      buyers: 'The CFO',
      features: 'Bank feeds, auto-matching',
      value_proposition: 'Close the books in two days, not nine.',
    };
    const reply = draftChatReply(
      'playbook',
      'Create a compelling sales pitch…',
      answers,
      undefined,
      true,
    );
    expect(reply).not.toMatch(/nothing in your sales kit|instead\./);
    expect(reply).toContain('> **Your answers, arranged; not a pitch written for you:**');
    expect(reply).toContain('## Hook\n\nClose the books in two days, not nine.');
    expect(reply).toContain('## The problem\n\nMonth-end close takes nine days');
    expect(reply).toContain('**Uses it:** Accountants\n\n**Buys it:** The CFO');
    expect(reply).toContain('## Proof\n\n**Needs your words:** one customer’s result in numbers');
    // The general proposition offered without a model is called what it is.
    expect(draftPitchOutline({ value_proposition: FALLBACK_VALUE_PROPS[0]! })).toContain(
      'one of the general value propositions offered without a model',
    );
  });
});
