import { describe, expect, it } from 'vitest';
import { TEAMS_VTT, TEAMS_VTT_TEXT } from '../../tests/factories/transcripts';
import { cleanTranscript } from '../transcripts/clean';
import { FLOWS, workflowNameFor } from './index';
import {
  FALLBACK_VALUE_PROPS,
  buildValuePropsPrompt,
  parseValueProps,
  VALUE_PROPOSITION_QUESTIONS,
} from './valueProposition';
import {
  BOOKING_LINK_INVALID,
  checkBookingLink,
  coldEmailWorkflowName,
  COLD_EMAIL_QUESTIONS,
} from './coldEmail';
import {
  CALL_ANALYSIS_QUESTIONS,
  SKIP_NEEDS_TRANSCRIPT,
  TRANSCRIPT_TOO_SHORT,
  transcriptProblem,
} from './callAnalysis';
import { objectionQuestions } from './objection';
import { INDUSTRY_OPTIONS, PERSONA_QUESTIONS } from './persona';
import { answeredCount, buildStartupInfo, GTM_QUESTIONS, renderGtmPlanMarkdown } from './gtmPlan';
import {
  analyzeCompetitorsMessage,
  initialsOf,
  matrixToCsv,
  parseStreamedAnalysis,
  scoreColour,
} from './competitive';

describe('the flows', () => {
  it('have their steps and ids, in order', () => {
    expect(VALUE_PROPOSITION_QUESTIONS.map((q) => q.id)).toEqual([
      'founding_journey',
      'building',
      'problems',
      'users',
      'buyers',
      'features',
      'value_proposition',
    ]);
    expect(VALUE_PROPOSITION_QUESTIONS[0]!.options!.map((o) => o.value)).toEqual([
      'idea',
      'product',
      'customers',
      'sales_process',
    ]);
    expect(COLD_EMAIL_QUESTIONS.map((q) => [q.id, q.type])).toEqual([
      ['recipient_info', 'textarea'],
      ['value_prop', 'textarea'],
      ['booking_link', 'input'],
    ]);
    expect(PERSONA_QUESTIONS.map((q) => q.id)).toEqual([
      'company_name',
      'value_proposition',
      'industry',
      'target_audience',
      'key_titles',
      'buying_journey',
      'current_challenges',
      'competitors',
    ]);
    expect(INDUSTRY_OPTIONS.map((o) => o.value)).toEqual([
      'saas',
      'fintech',
      'healthcare',
      'ecommerce',
      'edtech',
      'marketing',
      'manufacturing',
      'legal',
      'hr',
      'other',
    ]);
    expect(CALL_ANALYSIS_QUESTIONS.map((q) => q.id)).toEqual([
      'transcript',
      'call_type',
      'analysis_focus',
      'context',
    ]);
    expect(CALL_ANALYSIS_QUESTIONS[1]!.options!.map((o) => o.value)).toEqual([
      'discovery',
      'demo',
      'negotiation',
      'onboarding',
      'support',
      'other',
    ]);
    expect(CALL_ANALYSIS_QUESTIONS[2]!.options!.map((o) => o.value)).toEqual([
      'pain_points',
      'objections',
      'buying_signals',
      'improvements',
      'general',
    ]);
    expect(GTM_QUESTIONS).toHaveLength(11);
    expect(
      GTM_QUESTIONS.find((q) => q.id === 'business_model')!.options!.map((o) => o.value),
    ).toEqual([
      'saas',
      'marketplace',
      'ecommerce',
      'subscription',
      'freemium',
      'advertising',
      'enterprise',
      'transaction',
      'other',
    ]);
    expect(
      GTM_QUESTIONS.find((q) => q.id === 'pricing_strategy')!.options!.map((o) => o.value),
    ).toEqual(['premium', 'competitive', 'value', 'freemium', 'tiered', 'usage']);
    expect(FLOWS.objection.finishLabel).toBe('Create Objection Guide');
    expect(FLOWS.playbook.finishLabel).toBe('Create Sales Pitch');
  });

  it("ask the objection audience first, then that audience's own questions", () => {
    expect(objectionQuestions({}).map((q) => q.id)).toEqual(['audience_type']);
    expect(objectionQuestions({ audience_type: 'investors' }).map((q) => q.id)).toEqual([
      'audience_type',
      'business_model',
      'market_size',
      'common_investor_objections',
      'competitive_advantage',
      'traction',
    ]);
    expect(objectionQuestions({ audience_type: 'internal' }).map((q) => q.id)).toEqual([
      'audience_type',
      'internal_change',
      'stakeholders',
      'common_internal_objections',
      'resources',
      'expected_outcomes',
    ]);
    expect(objectionQuestions({ audience_type: 'partners' })).toHaveLength(5);
    expect(objectionQuestions({ audience_type: 'customers' }).map((q) => q.id)).toContain(
      'competitive_landscape',
    );
  });

  it('build prompts from the answers given, leaving blanks out', () => {
    for (const flow of Object.values(FLOWS)) {
      const answers = Object.fromEntries(
        flow
          .questions({ audience_type: 'customers' })
          .map((q) => [q.id, q.options?.[0]?.value ?? `answer to ${q.id}`]),
      );
      const prompt = flow.buildPrompt(answers);
      for (const q of flow
        .questions(answers)
        .filter((x) => x.type !== 'select' && x.type !== 'cards'))
        expect(prompt).toContain(`answer to ${q.id}`);
    }
    expect(FLOWS.email.buildPrompt({ recipient_info: 'Dana', value_prop: '  ' })).not.toContain(
      'What do you offer them?',
    );
    expect(FLOWS.email.buildPrompt({})).toContain(
      '150 to 200 words with a subject line, a greeting, 2 to 3 short paragraphs and a sign-off',
    );
  });

  it('name cold email workflows after the recipient and their company, or Contact', () => {
    expect(
      coldEmailWorkflowName(
        'Dana Ortiz, VP Sales at Freightly. Just raised a Series B.\nLoves cycling',
      ),
    ).toBe('Cold Email to Dana Ortiz at Freightly');
    expect(coldEmailWorkflowName('Dana Ortiz, VP Sales\nLoves cycling')).toBe(
      'Cold Email to Dana Ortiz',
    );
    expect(
      coldEmailWorkflowName(
        'someone from the conference in Lyon last spring who asked about pricing',
      ),
    ).toBe('Cold Email to someone from the conference in Lyon…');
    expect(
      coldEmailWorkflowName('the buyer we met at the big trade show in Lyon last spring'),
    ).toBe('Cold Email to the buyer we met at the big trade show…');
    expect(coldEmailWorkflowName('\n  \n')).toBe('Cold Email to Contact');
    expect(coldEmailWorkflowName(undefined)).toBe('Cold Email to Contact');
  });

  it('name a GTM plan after the company and a value proposition after the product, else by the date', () => {
    const now = new Date('2024-03-05T15:07:00Z');
    expect(
      FLOWS.gtmplan.workflowName({ product_service: 'Pipewise: a CRM for plumbers' }, now),
    ).toBe('GTM Plan for Pipewise');
    expect(
      FLOWS.gtmplan.workflowName({ product_service: 'Pipewise is a CRM for plumbers' }, now),
    ).toBe('GTM Plan for Pipewise');
    expect(
      FLOWS.gtmplan.workflowName(
        { product_service: 'A CRM for plumbers. It answers every call.' },
        now,
      ),
    ).toBe('GTM Plan for A CRM for plumbers');
    expect(FLOWS.gtmplan.workflowName({}, now)).toBe('GTM Plan Mar 5, 2024');
    expect(FLOWS.playbook.workflowName({ building: 'A CRM for plumbers' }, now)).toBe(
      'Value Proposition for A CRM for plumbers',
    );
  });

  it('default a skipped call-analysis select to its first option', () => {
    const prompt = FLOWS.call.buildPrompt({ transcript: 'x'.repeat(60) });
    expect(prompt).toContain('What kind of call was it? Discovery');
    expect(prompt).toContain('What should the analysis focus on? Pain points');
  });
});

describe('the name a finished flow is saved under', () => {
  const now = new Date('2024-03-05T15:07:00Z');
  /** A plain transcript of a call, with no names in it. */
  const UNNAMED =
    'So, thanks for making the time today.\nSure. Our problem is ramp time, it takes six months.';

  it.each([
    [
      'a sales pitch, for the product',
      'playbook',
      { building: 'Pipewise is a CRM for plumbers' },
      'Value Proposition for Pipewise',
    ],
    [
      'a sales pitch with no product',
      'playbook',
      { building: '  ' },
      'Value Proposition Mar 5, 2024',
    ],
    [
      'a cold email, to the recipient at their company',
      'email',
      { recipient_info: 'Dana Ortiz, VP Sales at Freightly. Just raised a Series B.' },
      'Cold Email to Dana Ortiz at Freightly',
    ],
    ['a cold email to no one named', 'email', { recipient_info: '' }, 'Cold Email to Contact'],
    ['personas, for the company', 'demo', { company_name: '  Pipewise ' }, 'Personas for Pipewise'],
    [
      'personas for a company named at length',
      'demo',
      { company_name: 'Pipewise: the CRM that answers every call for plumbers and electricians' },
      'Personas for Pipewise',
    ],
    ['personas with no company', 'demo', { company_name: '' }, 'Customer Persona Mar 5, 2024'],
    [
      'a call analysis, for the people on the call',
      'call',
      { transcript: cleanTranscript(TEAMS_VTT) },
      'Call Analysis: Dana Ortiz and Sam Lee',
    ],
    [
      'a call analysis with numbered speakers, for the context',
      'call',
      {
        transcript: 'Speaker 1: Hi there.\nSpeaker 2: Hello, thanks for joining.',
        context: 'Freightly, second call. Dana wants a pilot.',
      },
      'Call Analysis: Freightly, second call',
    ],
    [
      "a call analysis whose speakers are roles, for the person the buyer's label names",
      'call',
      {
        transcript:
          'Rep: Thanks for making the time today.\nBuyer (Maria Chen, CFO at Acme Freight): Sure. Our problem is ramp time.\nRep: How long does ramp take now?',
      },
      'Call Analysis: Maria Chen',
    ],
    [
      'a call analysis whose speakers are only roles, for the context',
      'call',
      {
        transcript:
          'Sales Rep: Thanks for making the time today.\nProspect: Sure. Our problem is ramp time.\nCustomer 2: It takes six months.',
        context: 'Acme Freight, first call',
      },
      'Call Analysis: Acme Freight, first call',
    ],
    [
      'a call analysis whose named speakers carry their titles, for the names alone',
      'call',
      {
        transcript:
          'Dana Ortiz (VP Sales): Thanks for joining.\nCustomer (Sam Lee): Happy to be here today.',
      },
      'Call Analysis: Dana Ortiz and Sam Lee',
    ],
    [
      'a call analysis with no names and no context, for its first words',
      'call',
      { transcript: UNNAMED, context: '' },
      'Call Analysis: So, thanks for making the time today',
    ],
    [
      'a call analysis with no transcript',
      'call',
      { transcript: '', call_type: 'demo' },
      'Call Analysis Mar 5, 2024',
    ],
    [
      'an objection guide for customers, for the product',
      'objection',
      {
        audience_type: 'customers',
        value_proposition: 'Pipewise is a CRM that answers every call',
      },
      'Objections from customers: Pipewise',
    ],
    [
      'an objection guide for investors, for the business',
      'objection',
      {
        audience_type: 'investors',
        business_model: 'Pipewise sells seats: $49 a month per plumber',
      },
      'Objections from investors: Pipewise sells seats',
    ],
    [
      'an objection guide for partners',
      'objection',
      { audience_type: 'partners', partner_value: 'A referral fee on every plumber they bring' },
      'Objections from partners: A referral fee on every plumber they…',
    ],
    [
      'an objection guide for the team, for the change',
      'objection',
      { audience_type: 'internal', internal_change: 'Move sales to HubSpot' },
      'Objections from the team: Move sales to HubSpot',
    ],
    [
      'an objection guide whose first answer is blank',
      'objection',
      { audience_type: 'investors', business_model: ' ', traction: '20 pilots' },
      'Objections (Investors) Mar 5, 2024',
    ],
    [
      'a GTM plan, for the company',
      'gtmplan',
      { product_service: 'Pipewise: a CRM for plumbers' },
      'GTM Plan for Pipewise',
    ],
    ['a GTM plan with no product', 'gtmplan', {}, 'GTM Plan Mar 5, 2024'],
  ] as const)('names %s', (_case, type, answers, name) => {
    expect(workflowNameFor(type, answers, now)).toBe(name);
  });

  it('names two call analyses of different calls apart', () => {
    const freightly = workflowNameFor('call', { transcript: TEAMS_VTT_TEXT }, now);
    const pipewise = workflowNameFor(
      'call',
      {
        transcript:
          'Sam Lee: Thanks for joining, Priya.\nPriya Shah: Happy to. We lose leads after hours.',
      },
      now,
    );
    expect([freightly, pipewise]).toEqual([
      'Call Analysis: Dana Ortiz and Sam Lee',
      'Call Analysis: Sam Lee and Priya Shah',
    ]);
  });

  it('never names a flow longer than a stored name, whatever the answers', () => {
    const long = `${'Pipewise '.repeat(1000)}\n`.repeat(3);
    for (const type of Object.keys(FLOWS) as (keyof typeof FLOWS)[]) {
      const answers = Object.fromEntries(
        FLOWS[type]
          .questions({ audience_type: 'internal' })
          .map((q) => [q.id, q.options?.[0]?.value ?? long]),
      );
      const name = workflowNameFor(type, { ...answers, audience_type: 'internal' }, now);
      expect(name.length, type).toBeLessThanOrEqual(200);
      expect(name, type).toMatch(/Pipewise/);
    }
  });
});

describe('value propositions', () => {
  it('asks for 3 one-sentence propositions of at most 20 words', () => {
    expect(buildValuePropsPrompt({ building: 'A CRM for plumbers' })).toMatch(
      /3 distinct value propositions, one sentence each, at most 20 words each/,
    );
  });

  it.each([
    [
      'numbered lines',
      'Here you go:\n1. Close deals faster\n2) Fewer tools\n3. Happier reps\n4. Extra',
    ],
    ['dash lines', '- Close deals faster\n- Fewer tools\n- Happier reps'],
    ['bullet lines', '• Close deals faster\n* Fewer tools\n• **Happier reps**'],
    ['plain lines under 100 characters', 'Close deals faster\nFewer tools\nHappier reps'],
  ])('parses %s', (_label, text) => {
    expect(parseValueProps(text)).toEqual(['Close deals faster', 'Fewer tools', 'Happier reps']);
  });

  it('falls back to the first 100 characters plus two generic lines when nothing parses', () => {
    const long = 'A'.repeat(150);
    expect(parseValueProps(long)).toEqual([
      'A'.repeat(100),
      FALLBACK_VALUE_PROPS[0],
      FALLBACK_VALUE_PROPS[1],
    ]);
    expect(FALLBACK_VALUE_PROPS).toHaveLength(3);
  });
});

describe('call analysis transcript rules', () => {
  it('wants 50 characters, with its alerts word for word', () => {
    expect(transcriptProblem('too short', false)).toBe(TRANSCRIPT_TOO_SHORT);
    expect(TRANSCRIPT_TOO_SHORT).toBe(
      'Please provide a longer transcript for meaningful analysis (at least 50 characters)',
    );
    expect(transcriptProblem('   ', true)).toBe(SKIP_NEEDS_TRANSCRIPT);
    expect(SKIP_NEEDS_TRANSCRIPT).toBe(
      'At minimum, please provide a transcript before skipping to results',
    );
    expect(transcriptProblem('x'.repeat(50), true)).toBeNull();
    expect(transcriptProblem(`${'x'.repeat(49)}   `, false)).toBe(TRANSCRIPT_TOO_SHORT);
  });
});

describe('GTM plan', () => {
  it('counts non-blank answers for the skip rule and builds question: answer pairs', () => {
    expect(answeredCount({ product_service: 'CRM', competitors: ' ', market_size: '$2B' })).toBe(2);
    expect(
      buildStartupInfo({ product_service: 'A CRM for plumbers', company_type: 'vc_backed' }),
    ).toBe(
      'What product or service do you offer? A CRM for plumbers\nHow is the company funded? VC-backed',
    );
  });

  it('renders the plan as a Markdown document', () => {
    const md = renderGtmPlanMarkdown({
      executiveSummary: 'Summary here',
      marketAnalysis: {
        targetMarket: 'Plumbers',
        competitiveLandscape: 'Spreadsheets',
        marketOpportunity: { tam: '$2B', sam: '$400M', som: '$20M' },
      },
      gtmStrategy: {
        valueProposition: 'VP',
        pricingStrategy: 'Tiered',
        channelStrategy: 'Partners',
        salesProcess: 'PLG',
        marketingPlan: 'Content',
      },
      executionTimeline: 'Q1',
      financialProjections: '$1M ARR',
      keyMetrics: ['CAC', 'NRR'],
      risksAndMitigation: 'Churn',
    });
    expect(md).toMatch(/^# Go-to-Market Plan/);
    expect(md).toContain('| | Size |\n|---|---|\n| TAM | $2B |\n| SAM | $400M |\n| SOM | $20M |');
    expect(md).toContain('- CAC\n\n- NRR');
  });
});

describe('competitive analysis', () => {
  const full = {
    topic: 'CRM for plumbers',
    summary: 'Crowded',
    competitors: [
      {
        name: 'ServiceTitan',
        logo_url: '',
        description: 'Big',
        strengths: ['Brand'],
        weaknesses: ['Price'],
        pricing: '$$$',
        target_customers: 'Large',
      },
      {
        name: 'Jobber',
        logo_url: '',
        description: 'SMB',
        strengths: [],
        weaknesses: [],
        pricing: '$',
        target_customers: 'Small',
      },
    ],
    comparison_matrix: [
      {
        category: 'Price',
        description: 'Cost, "all in"',
        ServiceTitan: { score: 3, notes: 'pricey' },
        Jobber: { score: 8, notes: '' },
      },
    ],
    insights: ['Go SMB'],
  };

  it('ignores partial JSON until it parses with a topic and competitors', () => {
    const text = JSON.stringify(full);
    expect(parseStreamedAnalysis(text.slice(0, 40))).toBeUndefined();
    expect(parseStreamedAnalysis(text.slice(0, -1))).toBeUndefined();
    expect(parseStreamedAnalysis('{"summary": "no topic"}')).toBeUndefined();
    expect(
      parseStreamedAnalysis(`Sure!\n\`\`\`json\n${text}\n\`\`\``)?.competitors.map((c) => c.name),
    ).toEqual(['ServiceTitan', 'Jobber']);
  });

  it('colours scores green at 8+, amber 5 to 7, red below 5', () => {
    expect([10, 8, 7.5, 5, 4.9, 0].map(scoreColour)).toEqual([
      'green',
      'green',
      'amber',
      'amber',
      'red',
      'red',
    ]);
  });

  it('exports the matrix as CSV with quoting', () => {
    expect(matrixToCsv(parseStreamedAnalysis(JSON.stringify(full))!)).toBe(
      'Category,Description,ServiceTitan score,ServiceTitan notes,Jobber score,Jobber notes\nPrice,"Cost, ""all in""",3,pricey,8,',
    );
  });

  it('draws initials for the fallback avatar and words the chat message', () => {
    expect(initialsOf('Service Titan')).toBe('ST');
    expect(initialsOf('jobber')).toBe('JO');
    expect(analyzeCompetitorsMessage('  CRM for plumbers ')).toBe(
      'Analyze competitors for: CRM for plumbers',
    );
  });
});

describe("the cold email's booking link", () => {
  it.each([
    ['https://cal.com/sam/20min', 'https://cal.com/sam/20min'],
    ['  http://calendly.com/sam  ', 'http://calendly.com/sam'],
    ['cal.com/sam/20min', 'https://cal.com/sam/20min'],
    ['www.rampup.io/book', 'https://www.rampup.io/book'],
    ['', ''],
  ])('takes %j as the link %j', (answer, value) => {
    expect(checkBookingLink(answer)).toEqual({ ok: true, value });
  });

  it.each([
    'my calendar',
    'https//cal.com/sam',
    'http:/cal.com/sam',
    'https://',
    'https://cal',
    'sam@rampup.io',
    'mailto:sam@rampup.io',
    'javascript:alert(1)',
    'ftp://files.rampup.io',
    'cal.com/sam 20min',
  ])('refuses %j with a message that says what to enter', (answer) => {
    expect(checkBookingLink(answer)).toEqual({ ok: false, message: BOOKING_LINK_INVALID });
  });
});
