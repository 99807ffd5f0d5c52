import { randomUUID } from 'node:crypto';
import { labGearSummary } from '../../factories/ideaAnalysis';

/** What the fake model is scripted to answer on the tour's screens (tests/fakes/openai.ts: [[reply64:...]]). */

/** A short random tag, so each run's texts (and chat titles) are its own. */
export const unique = () => randomUUID().slice(0, 8);
/** A JSON answer for [[reply64:...]]: a plain [[reply:...]] cannot hold its brackets. */
export const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** A reply with what Markdown draws in a bubble: a list, a wide table and a code block. */
export const RICH_REPLY = [
  'Here is a plan:',
  '',
  '1. Call the **ten warmest** leads',
  '2. Send the follow-up',
  '',
  '| Segment | TAM | SAM | SOM | Notes |',
  '| --- | --- | --- | --- | --- |',
  '| Plumbing firms with 2 to 20 vans | $5,000,000,000 | $1,200,000,000 | $60,000,000 | Winter churn |',
  '',
  '```',
  'const pipeline = leads.filter((lead) => lead.score > 80).map((lead) => lead.email);',
  '```',
].join('\n');

/** The lab gear idea's analysis, as the fake model answers it. */
export const IDEA_SUMMARY = labGearSummary;

export const GTM_PLAN = {
  executiveSummary: 'Pipewise gives plumbing firms a CRM that answers every call.',
  marketAnalysis: {
    targetMarket: 'Plumbing firms with 2 to 20 vans.',
    competitiveLandscape: 'ServiceTitan at the top end, spreadsheets below.',
    marketOpportunity: { tam: '$5B', sam: '$1.2B', som: '$60M' },
  },
  gtmStrategy: {
    valueProposition: 'Never miss a job call.',
    pricingStrategy: '$49 per van per month.',
    channelStrategy: 'Trade associations and supplier counters.',
    salesProcess: 'Free trial, then an onboarding call.',
    marketingPlan: 'Case studies from the first 20 firms.',
  },
  executionTimeline: 'Q1 pilot, Q2 launch.',
  financialProjections: '$1M ARR in 24 months.',
  keyMetrics: ['Vans live', 'Calls answered'],
  risksAndMitigation: 'Churn in winter: annual plans.',
};

export const COMPETITORS = {
  topic: 'Team chat for frontline workers',
  summary: 'A crowded market where mobile-first tools win the deskless worker.',
  competitors: [
    {
      name: 'Slack',
      logo_url: '',
      description: 'Channels for office teams.',
      strengths: ['Integrations'],
      weaknesses: ['Desk-first'],
      pricing: '$8.75/user',
      target_customers: 'Knowledge workers',
    },
    {
      name: 'Connecteam',
      logo_url: '',
      description: 'Deskless workforce app.',
      strengths: ['Scheduling built in'],
      weaknesses: ['Busy UI'],
      pricing: '$29/month',
      target_customers: 'Field teams',
    },
    {
      name: 'Microsoft Teams',
      logo_url: '',
      description: 'Bundled with 365.',
      strengths: ['Free with 365'],
      weaknesses: ['Heavy on phones'],
      pricing: 'Bundled',
      target_customers: 'Enterprises',
    },
  ],
  comparison_matrix: [
    {
      category: 'Mobile experience',
      description: 'On a phone, one-handed',
      Slack: { score: 6, notes: 'Good' },
      Connecteam: { score: 9, notes: 'Built for it' },
      'Microsoft Teams': { score: 4, notes: 'Slow' },
    },
    {
      category: 'Price',
      description: 'Per seat',
      Slack: { score: 5, notes: '' },
      Connecteam: { score: 8, notes: 'Flat' },
      'Microsoft Teams': { score: 7, notes: 'Bundled' },
    },
  ],
  insights: [
    'Shift workers need offline-first messaging.',
    'Flat pricing beats per-seat for large crews.',
  ],
};
