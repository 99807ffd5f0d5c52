/** A GTM plan as a model answers it (the schema of domain/contract/playbooks.ts GtmPlan). */
export const gtmPlan = {
  executiveSummary: 'A CRM for plumbers.',
  marketAnalysis: {
    targetMarket: 'US plumbing firms',
    competitiveLandscape: 'ServiceTitan, Jobber',
    marketOpportunity: { tam: '$2B', sam: '$400M', som: '$20M' },
  },
  gtmStrategy: {
    valueProposition: 'Less admin',
    pricingStrategy: 'Tiered',
    channelStrategy: 'Suppliers',
    salesProcess: 'Inside sales',
    marketingPlan: 'Content',
  },
  executionTimeline: 'Q1 pilots',
  financialProjections: '$1M ARR in 18 months',
  keyMetrics: ['CAC', 'NRR'],
  risksAndMitigation: 'Churn: onboarding.',
};
