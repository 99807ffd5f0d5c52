import type { GtmPlan } from '../contract/playbooks';
import type { Answers } from '../playbooks/flow';
import { GTM_QUESTIONS, renderGtmPlanMarkdown } from '../playbooks/gtmPlan';
import { labelOf } from '../playbooks/flow';

/** How a gap in a drafted plan starts: sectionsNeedingModel finds the gaps by it. */
const GAP = '_To be completed:';
const NEEDS = (what: string) => `${GAP} ${what}. (Drafted offline from your answers; a language model fills this in.)_`;

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

/** The sections of a drafted plan that are (partly) gaps only a language model can fill. */
export function sectionsNeedingModel(plan: GtmPlan): string[] {
  return SECTIONS.filter(([, text]) => text(plan).includes(GAP)).map(([name]) => name);
}

/** What a drafted plan says about itself: made without a model, and which sections need one. */
export function draftedPlanSummary(plan: GtmPlan): string {
  const gaps = sectionsNeedingModel(plan);
  return gaps.length
    ? `Drafted from your answers without a language model. These ${gaps.length} sections need one: ${gaps.join(', ')}.`
    : 'Drafted from your answers without a language model.';
}

/** A drafted plan as the chat shows it: the plan, with that summary under its title. */
export function draftedPlanMarkdown(plan: GtmPlan): string {
  return renderGtmPlanMarkdown(plan, `> ${draftedPlanSummary(plan)}`);
}

/**
 * The offline drafter's GTM plan document from the eleven answers (design §5): it arranges what the
 * founder said into the plan's structure and marks every gap, never inventing a figure.
 */
export function draftGtmPlan(answers: Answers): GtmPlan {
  const a = (id: string) => {
    const q = GTM_QUESTIONS.find((x) => x.id === id)!;
    const v = answers[id]?.trim();
    return v ? labelOf(q, v) : undefined;
  };
  const or = (id: string, what: string) => a(id) ?? NEEDS(what);
  const product = a('product_service');
  return {
    executiveSummary: product
      ? `${product}${a('value_proposition') ? ` — ${a('value_proposition')}` : ''}. ${a('company_type') ? `A ${a('company_type')!.toLowerCase()} company` : 'The company'}${a('target_market') ? ` selling to ${a('target_market')}` : ''}.`
      : NEEDS('what you sell and to whom'),
    marketAnalysis: {
      targetMarket: or('target_market', 'the target market'),
      competitiveLandscape: or('competitors', 'the competitors and alternatives'),
      marketOpportunity: {
        tam: a('market_size') ?? NEEDS('total addressable market'),
        sam: NEEDS('serviceable addressable market'),
        som: NEEDS('serviceable obtainable market'),
      },
    },
    gtmStrategy: {
      valueProposition: or('value_proposition', 'the value proposition'),
      pricingStrategy: [a('business_model') && `Business model: ${a('business_model')}.`, a('pricing_strategy') && `Pricing: ${a('pricing_strategy')}.`].filter(Boolean).join(' ') || NEEDS('the pricing strategy'),
      channelStrategy: or('go_to_market', 'the channels'),
      salesProcess: NEEDS('the sales process, stage by stage'),
      marketingPlan: NEEDS('the marketing plan'),
    },
    executionTimeline: a('market_timing') ? `Why now: ${a('market_timing')}. ${NEEDS('the 30/60/90-day milestones')}` : NEEDS('the 30/60/90-day milestones'),
    financialProjections: a('current_traction') ? `Starting point: ${a('current_traction')}. ${NEEDS('the projections')}` : NEEDS('the projections'),
    keyMetrics: ['Customer acquisition cost (CAC)', 'Monthly recurring revenue growth', 'Conversion rate by channel', 'Churn and net revenue retention'],
    risksAndMitigation: NEEDS('the main risks and how you will reduce them'),
  };
}
