import type { GtmPlan } from '../contract/playbooks';
import type { Answers } from '../playbooks/flow';
import { GTM_QUESTIONS, renderGtmPlanMarkdown } from '../playbooks/gtmPlan';
import { labelOf } from '../playbooks/flow';

/** How a section that needs research starts: sectionsNeedingResearch finds them by it. */
const RESEARCH = '**Needs research:**';
const NEEDS = (what: string, how: string) => `${RESEARCH} ${what} — ${how}`;

/** The plan's sections, as the document heads them, and where each one's text is. */
const SECTIONS: ReadonlyArray<readonly [string, (plan: GtmPlan) => string]> = [
  ['Executive Summary', (p) => p.executiveSummary],
  ['Target Market', (p) => p.marketAnalysis.targetMarket],
  ['Competitive Landscape', (p) => p.marketAnalysis.competitiveLandscape],
  ['TAM', (p) => p.marketAnalysis.marketOpportunity.tam],
  ['SAM', (p) => p.marketAnalysis.marketOpportunity.sam],
  ['SOM', (p) => p.marketAnalysis.marketOpportunity.som],
  ['Value Proposition', (p) => p.gtmStrategy.valueProposition],
  ['Pricing Strategy', (p) => p.gtmStrategy.pricingStrategy],
  ['Channel Strategy', (p) => p.gtmStrategy.channelStrategy],
  ['Sales Process', (p) => p.gtmStrategy.salesProcess],
  ['Marketing Plan', (p) => p.gtmStrategy.marketingPlan],
  ['Execution Timeline', (p) => p.executionTimeline],
  ['Financial Projections', (p) => p.financialProjections],
  ['Risks and Mitigation', (p) => p.risksAndMitigation],
];

/** The sections of a drafted plan that need research the answers could not give (a market figure, projections). */
export function sectionsNeedingResearch(plan: GtmPlan): string[] {
  return SECTIONS.filter(([, text]) => text(plan).includes(RESEARCH)).map(([name]) => name);
}

/** What a drafted plan says about itself: made without a model, and which sections need research. */
export function draftedPlanSummary(plan: GtmPlan): string {
  const gaps = sectionsNeedingResearch(plan);
  return gaps.length
    ? `Drafted from your answers without a language model. ${gaps.length === 1 ? 'One section needs' : `${gaps.length} sections need`} your research: ${gaps.join(', ')}.`
    : 'Drafted from your answers without a language model.';
}

/** A drafted plan as the chat shows it: the plan, with that summary under its title. */
export function draftedPlanMarkdown(plan: GtmPlan): string {
  return renderGtmPlanMarkdown(plan, `> ${draftedPlanSummary(plan)}`);
}

/** What each pricing strategy means in practice, for the plan's pricing section. */
const PRICING_PLAYS: Record<string, string> = {
  premium:
    'Price above the alternatives and earn it with proof: case studies, a guarantee, white-glove onboarding. Discount rarely, and only for a longer commitment.',
  competitive:
    'Price close to the main alternative and win on the difference you offer; publish the price so buyers can compare without a call.',
  value:
    'Price from the value delivered: agree the outcome with the customer, then charge a share of what it saves or earns them.',
  freemium:
    'A free plan that shows the value on its own, with a clear limit (seats, usage or a key feature) that growing customers hit; measure free-to-paid conversion from the first month.',
  tiered:
    'Three tiers (starter, growth, enterprise) so each segment finds its plan; the middle tier is the one you want most customers on.',
  usage:
    'Charge for what customers use, with a low entry price and a predictable bill (a monthly cap or committed-use discount) so finance can plan for it.',
};

/** How each business model sells, stage by stage. */
const SALES_PROCESS: Record<string, (who: string) => string> = {
  enterprise: (who) =>
    `A sales-led process for ${who}: 1. prospect accounts that match your best customer; 2. discovery call on the problem and its cost; 3. tailored demo to the buying group; 4. paid pilot with agreed success measures; 5. security and procurement review; 6. contract and rollout plan.`,
  marketplace: (who) =>
    `Two sides to win: sign up supply first by hand in one area, then bring demand (${who}) to it; track how many matches each side gets in its first week.`,
  ecommerce: (who) =>
    `Self-serve: ${who} find you, buy on the site, and come back; the work is in the funnel (visit, cart, checkout, repeat purchase), measured each week.`,
  advertising: (who) =>
    `Grow the audience first (${who}), then sell the attention: a media kit with your audience numbers, direct deals with a few advertisers, then a self-serve ad product.`,
  transaction: (who) =>
    `Get ${who} to their first transaction fast: a guided first use, then prompts to repeat; sell larger accounts directly once volume proves the value.`,
};
const DEFAULT_SALES_PROCESS = (who: string) =>
  `A founder-led process for ${who}: 1. outbound and warm introductions to a list of 100 named prospects; 2. a 20-minute discovery call on the problem and what it costs; 3. a demo on their own case; 4. a short trial or pilot with one success measure; 5. a simple order form; 6. onboarding in the first week, then an expansion check-in at 30 days.`;

/** What to measure first, by business model. */
const METRICS: Record<string, string[]> = {
  marketplace: [
    'Liquidity: share of listings matched within a week',
    'Repeat rate on each side',
    'Take rate',
    'Cost to acquire each side',
  ],
  ecommerce: [
    'Conversion rate from visit to order',
    'Average order value',
    'Repeat purchase rate',
    'Customer acquisition cost (CAC)',
  ],
  advertising: [
    'Monthly active audience',
    'Engagement per visit',
    'Revenue per thousand impressions',
    'Audience growth by channel',
  ],
  freemium: [
    'Free-to-paid conversion',
    'Activation rate in the first week',
    'Monthly recurring revenue growth',
    'Churn and net revenue retention',
  ],
};
const DEFAULT_METRICS = [
  'Customer acquisition cost (CAC)',
  'Monthly recurring revenue growth',
  'Conversion rate by channel',
  'Churn and net revenue retention',
];

/** An answer inside a sentence: 'Plumbing firms' -> 'plumbing firms'; 'SaaS', 'US clinics' and names with capitals inside keep theirs. */
const inSentence = (text: string) =>
  text.replace(/^(\p{Lu})(\p{Ll}*)(?=\s|$)/u, (word, first: string, rest: string) =>
    /^(?:I|[A-Z][a-z]*[A-Z])/.test(word) ? word : first.toLowerCase() + rest,
  );

/**
 * The offline drafter's GTM plan document from the eleven answers: every section it can
 * fill is written from what the founder said, with the usual practice for their business model and
 * pricing; the sections that need figures nobody gave (market sizes, projections) are marked
 * '**Needs research:**' with how to get them. It never invents a figure.
 */
export function draftGtmPlan(answers: Answers): GtmPlan {
  const a = (id: string) => {
    const q = GTM_QUESTIONS.find((x) => x.id === id)!;
    const v = answers[id]?.trim();
    return v ? labelOf(q, v).replace(/[.!]+$/, '') : undefined;
  };
  const raw = (id: string) => answers[id]?.trim() || undefined;
  const product = a('product_service');
  const value = a('value_proposition');
  const market = a('target_market');
  const who = market ? inSentence(market) : 'your first customers';
  const channels = a('go_to_market');
  const competitors = a('competitors');
  const traction = a('current_traction');
  const timing = a('market_timing');
  const model = raw('business_model');
  const bootstrapped = raw('company_type') === 'bootstrapped';
  const funding = raw('company_type')
    ? bootstrapped
      ? 'a bootstrapped company'
      : 'a VC-backed company'
    : 'the company';

  const summary = [
    product ? `${product}${value ? ` — ${value}` : ''}.` : value ? `${value}.` : undefined,
    `${funding.charAt(0).toUpperCase()}${funding.slice(1)}${market ? ` selling to ${who}` : ''}${a('business_model') ? ` with a ${inSentence(a('business_model')!)} business model` : ''}.`,
    traction ? `Traction so far: ${traction}.` : undefined,
    timing ? `Why now: ${timing}.` : undefined,
  ]
    .filter(Boolean)
    .join(' ');

  return {
    executiveSummary: summary,
    marketAnalysis: {
      targetMarket: market
        ? `${market}. Start with the segment that feels the problem most and can buy fastest; widen once ten of them pay.`
        : NEEDS(
            'the target market',
            'write down who has the problem most (role, company size, place) and talk to ten of them before choosing.',
          ),
      competitiveLandscape: competitors
        ? `${competitors}. Position against them on the difference customers notice${value ? `: ${value}` : ''}; the status quo (doing nothing, spreadsheets) is a competitor too.`
        : NEEDS(
            'the competitors',
            'list the three tools or habits customers use today instead, with their prices and what users complain about in reviews.',
          ),
      marketOpportunity: {
        tam:
          a('market_size') ??
          NEEDS(
            'total addressable market',
            'count every customer who could buy (bottom-up) and multiply by what one pays per year.',
          ),
        sam: NEEDS(
          'serviceable addressable market',
          `the part of that market you can reach${channels ? ` through ${channels}` : ''} and serve with today's product.`,
        ),
        som: NEEDS(
          'serviceable obtainable market',
          'the share you can realistically win in 2–3 years: your sales capacity × win rate × price, not a percentage of the total.',
        ),
      },
    },
    gtmStrategy: {
      valueProposition:
        value ??
        (product
          ? `${product}. Say the outcome in the customer's words, and one proof point.`
          : NEEDS(
              'the value proposition',
              'ask five customers what they would lose if you disappeared; their words are your value proposition.',
            )),
      pricingStrategy:
        [
          a('business_model') && `Business model: ${a('business_model')}.`,
          a('pricing_strategy') &&
            `Pricing: ${a('pricing_strategy')}. ${PRICING_PLAYS[raw('pricing_strategy')!] ?? ''}`.trim(),
        ]
          .filter(Boolean)
          .join(' ') ||
        'Start with one simple, published price and test it on the first ten customers; raise it until about one in five says it is too expensive.',
      channelStrategy: channels
        ? `${channels}. Double down on the channel that brings the first ten customers, and measure cost and conversion for each before adding another.`
        : `Founder-led outreach to ${who}: warm introductions, then targeted cold emails to a named list, then one content channel where they already look for answers.`,
      salesProcess: (SALES_PROCESS[model ?? ''] ?? DEFAULT_SALES_PROCESS)(who),
      marketingPlan: [
        value
          ? `Message: ${value}.`
          : product
            ? `Message: what ${product} does for them, in their words.`
            : undefined,
        `Audience: ${who}.`,
        `Content: customer stories and the problem's cost, published where ${who} already look${channels ? ` (${channels})` : ''}.`,
        bootstrapped
          ? 'Budget: founder time first; pay for a channel only once it converts.'
          : 'Budget: test two paid channels with a small monthly budget each, keep the one with the lower cost per customer.',
      ]
        .filter(Boolean)
        .join(' '),
    },
    executionTimeline: [
      `Days 1–30: interview 15 prospects${market ? ` (${who})` : ''}, confirm the problem and the price, build the list of the first 100 prospects.`,
      `Days 31–60: run the sales process on that list${channels ? ` through ${channels}` : ''}; aim for the first paying customers or signed pilots.`,
      'Days 61–90: turn the first results into case studies, fix what slowed deals down, and pick the channel to scale.',
      timing ? `Why this is the moment: ${timing}.` : undefined,
    ]
      .filter(Boolean)
      .join(' '),
    financialProjections: `${traction ? `Starting point: ${traction}. ` : ''}${NEEDS('the projections', 'build them bottom-up: customers added per month (from your channel numbers) × price, minus churn; set them beside your costs to see the runway.')}`,
    keyMetrics:
      METRICS[model ?? ''] ??
      (raw('pricing_strategy') === 'freemium' ? METRICS.freemium! : DEFAULT_METRICS),
    risksAndMitigation: [
      competitors
        ? `Competition from ${competitors}: win a narrow segment first and collect proof they cannot match.`
        : 'A competitor you have not found yet: check reviews and ask every prospect what else they looked at.',
      bootstrapped
        ? 'Running out of cash: keep costs variable and charge from the first customer.'
        : 'Raising before the numbers are ready: agree the milestones for the next round now and report against them monthly.',
      'Long sales cycles: qualify on budget and urgency on the first call and offer a small paid pilot.',
      timing
        ? `The window closing: the reason it is now (${timing}) is open to others too, so speed matters.`
        : 'Building before selling: sell the next feature before building it.',
    ].join(' '),
  };
}
