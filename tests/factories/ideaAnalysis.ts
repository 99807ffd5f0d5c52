import type { StartupSummary } from '../../domain/contract/analysis';

/** An idea that answers the market, the problem and the solution, not yet the rest (3/5). */
const YC_THREE_OF_FIVE: StartupSummary['ycQuestions'] = {
  market: true,
  problem: true,
  solution: true,
  differentiation: false,
  traction: false,
};

/** A CRM for plumbers, analysed as the model answers POST /api/analyze-startup. */
export const ideaSummary: StartupSummary = {
  marketSize: {
    tam: '$4.2B',
    sam: '$600M',
    som: '$30M',
    assumptions: ['40k firms', '$1.2k per seat'],
  },
  valueProposition: { core: 'Less admin for plumbers', unique: ['Supplier pricing built in'] },
  pricing: { model: 'Per seat', range: '$49–$99 per month', strategy: 'Land with one van' },
  ycQuestions: YC_THREE_OF_FIVE,
};

/** Lab gear resale, analysed: the idea the browser tests type into the landing page. */
export const labGearSummary: StartupSummary = {
  marketSize: { tam: '$4.2B', sam: '$610M', som: '$18M', assumptions: ['40k labs'] },
  valueProposition: { core: 'Lab gear at half price', unique: ['Verified sellers'] },
  pricing: { model: 'Commission', range: '6-9%', strategy: 'Free listings' },
  ycQuestions: YC_THREE_OF_FIVE,
};
