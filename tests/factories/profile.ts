import type { ProfileValues } from '../../domain/contract/profile';

/**
 * A rep's profile with every field filled: Pipewise, a CRM for plumbers. With it the cold email asks
 * only who it is for (the taps benchmark, tests/e2e/profile.flows.spec.ts), and every flow the
 * profile answers arrives filled.
 */
export const COMPLETE_PROFILE: Required<ProfileValues> = {
  company: 'Pipewise',
  website: 'https://pipewise.io',
  product: 'A CRM for plumbers',
  valueProposition: 'Plumbers quote jobs in 2 minutes instead of 2 hours.',
  industry: 'SaaS for trades',
  companySize: '5-50 staff',
  buyerTitles: 'Owner, office manager',
  pains: 'Quotes written at night',
  proofPoints: '120 firms use it',
  pricing: 'Tiered, from $49 a month',
  competitors: 'ServiceTitan: we are simpler',
  bookingLink: 'https://cal.com/ada/20min',
  signatureName: 'Ada Founder',
  signatureRole: 'CEO',
  signaturePhone: '+1 555 0100',
  tone: 'friendly',
  language: 'English',
};
