import type { GtmPlan } from '../contract/playbooks';
import { answeredPairs, defaultWorkflowName, shortSubject } from './flow';
import type { Answers, Flow, Option, Question } from './flow';

export const GTM_SKIP_MIN_ANSWERS = 3;
export const GTM_SKIP_LABEL = 'Skip to Plan Generation';
export const GTM_SKIP_HINT = 'Answer at least 3 questions';
/** The pitch-deck upsell card shows this long after the plan. */
export const PITCH_DECK_CARD_DELAY_MS = 3000;
export const GTM_API_ERROR_TOAST =
  'API Error: Falling back to chat-based generation. This might be less detailed.';
export const GTM_INVALID_RESPONSE = 'Invalid response format from API';

const opts = (pairs: Array<[string, string]>): Option[] =>
  pairs.map(([value, label]) => ({ value, label }));

export const GTM_QUESTIONS: Question[] = [
  {
    id: 'product_service',
    question: 'What product or service do you offer?',
    description: 'What it is and what it does.',
    type: 'textarea',
  },
  {
    id: 'company_type',
    question: 'How is the company funded?',
    description: 'It changes how fast the plan can go.',
    type: 'select',
    options: opts([
      ['bootstrapped', 'Bootstrapped'],
      ['vc_backed', 'VC-backed'],
    ]),
  },
  {
    id: 'value_proposition',
    question: 'What is your value proposition?',
    description: 'The outcome customers get, and why you.',
    type: 'textarea',
  },
  {
    id: 'target_market',
    question: 'Who is your target market?',
    description: 'Segments, company size, geography.',
    type: 'textarea',
  },
  {
    id: 'market_size',
    question: 'How big is the market?',
    description: 'Your best estimate, and how you got it.',
    type: 'textarea',
  },
  {
    id: 'competitors',
    question: 'Who are your competitors?',
    description: 'Direct, indirect, and the status quo.',
    type: 'textarea',
  },
  {
    id: 'business_model',
    question: 'What is your business model?',
    description: 'How you make money.',
    type: 'select',
    options: opts([
      ['saas', 'SaaS'],
      ['marketplace', 'Marketplace'],
      ['ecommerce', 'E-commerce'],
      ['subscription', 'Subscription'],
      ['freemium', 'Freemium'],
      ['advertising', 'Advertising'],
      ['enterprise', 'Enterprise sales'],
      ['transaction', 'Transaction fees'],
      ['other', 'Other'],
    ]),
  },
  {
    id: 'pricing_strategy',
    question: 'How do you price?',
    description: 'Your pricing approach.',
    type: 'select',
    options: opts([
      ['premium', 'Premium'],
      ['competitive', 'Competitive'],
      ['value', 'Value-based'],
      ['freemium', 'Freemium'],
      ['tiered', 'Tiered'],
      ['usage', 'Usage-based'],
    ]),
  },
  {
    id: 'go_to_market',
    question: 'How do you reach customers today?',
    description: 'Channels, sales motion, partnerships.',
    type: 'textarea',
  },
  {
    id: 'current_traction',
    question: 'What traction do you have?',
    description: 'Users, revenue, growth, pilots.',
    type: 'textarea',
  },
  {
    id: 'market_timing',
    question: 'Why now?',
    description: 'What changed that makes this the moment.',
    type: 'textarea',
  },
];

export const GTM_QUESTION_COUNT = GTM_QUESTIONS.length;

/** How many questions have a non-blank answer; skipping needs GTM_SKIP_MIN_ANSWERS. */
export function answeredCount(answers: Answers): number {
  return GTM_QUESTIONS.filter((q) => answers[q.id]?.trim()).length;
}

/** `startupInfo` for POST /api/generate-gtm-plan: 'question: answer' pairs. */
export function buildStartupInfo(answers: Answers): string {
  return answeredPairs(GTM_QUESTIONS, answers);
}

/** The instruction the server gives the model for the plan; the answer must be this JSON shape. */
export const GTM_PLAN_INSTRUCTIONS = [
  'Write an investor-ready go-to-market plan for this startup. Answer with one JSON object and nothing else, with exactly these keys:',
  '{"executiveSummary": string, "marketAnalysis": {"targetMarket": string, "competitiveLandscape": string, "marketOpportunity": {"tam": string, "sam": string, "som": string}},',
  ' "gtmStrategy": {"valueProposition": string, "pricingStrategy": string, "channelStrategy": string, "salesProcess": string, "marketingPlan": string},',
  ' "executionTimeline": string, "financialProjections": string, "keyMetrics": string[], "risksAndMitigation": string}',
  'Use Markdown inside the strings where lists help. Base every figure on the answers; say what is an assumption.',
].join('\n');

/** The plan as the Markdown document the chat shows; `note` goes under its title (a drafted plan's gaps). */
export function renderGtmPlanMarkdown(plan: GtmPlan, note?: string): string {
  const m = plan.marketAnalysis;
  const g = plan.gtmStrategy;
  return [
    '# Go-to-Market Plan',
    ...(note ? [note] : []),
    '## Executive Summary',
    plan.executiveSummary,
    '## Market Analysis',
    '### Target Market',
    m.targetMarket,
    '### Competitive Landscape',
    m.competitiveLandscape,
    '### Market Opportunity',
    // A table's rows must stay on consecutive lines.
    [
      '| | Size |',
      '|---|---|',
      `| TAM | ${cell(m.marketOpportunity.tam)} |`,
      `| SAM | ${cell(m.marketOpportunity.sam)} |`,
      `| SOM | ${cell(m.marketOpportunity.som)} |`,
    ].join('\n'),
    '## GTM Strategy',
    '### Value Proposition',
    g.valueProposition,
    '### Pricing Strategy',
    g.pricingStrategy,
    '### Channel Strategy',
    g.channelStrategy,
    '### Sales Process',
    g.salesProcess,
    '### Marketing Plan',
    g.marketingPlan,
    '## Execution Timeline',
    plan.executionTimeline,
    '## Financial Projections',
    plan.financialProjections,
    '## Key Metrics',
    ...plan.keyMetrics.map((k) => `- ${k}`),
    '## Risks and Mitigation',
    plan.risksAndMitigation,
  ].join('\n\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');
}

export const gtmPlanFlow: Flow = {
  type: 'gtmplan',
  title: 'Build Your GTM Plan',
  workflowType: 'GTM Plan',
  greeting:
    "Let's build an investor-ready go-to-market plan. Eleven questions; after three you can skip ahead and I'll work with what you have.",
  finishLabel: 'Generate Plan',
  questions: () => GTM_QUESTIONS,
  /** The fallback when the plan call fails: a plain chat prompt. */
  buildPrompt: (answers) =>
    [
      'Create an investor-ready go-to-market plan with: executive summary, market analysis (target market, competitive landscape, TAM/SAM/SOM), GTM strategy (value proposition, pricing, channels, sales process, marketing), execution timeline, financial projections, key metrics, and risks with mitigations.',
      '',
      buildStartupInfo(answers),
    ].join('\n'),
  // Named for the company (the start of 'What product or service do you offer?'), else dated.
  workflowName: (answers, now) => {
    const company = shortSubject(answers.product_service);
    return company ? `GTM Plan for ${company}` : defaultWorkflowName('GTM Plan', now);
  },
};
