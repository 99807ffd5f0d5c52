/** What each plan offers. Shared by the pricing cards and the dashboard. */

/**
 * What every account gets for free.
 * The About FAQ and the pricing list both say it in these words, so they never disagree.
 */
export const FREE_TIER =
  'the startup idea analysis (no account needed), the GTM advice chat and your saved history';

/** Pro: the user's AI Head of Growth, billed monthly. Ten features; the free tier's come first, not as Pro's own. */
export const PRO_FEATURES: readonly string[] = [
  `Everything in the free tier: ${FREE_TIER}`,
  'Investor-ready GTM plan builder',
  'Value proposition and sales pitch playbook',
  'Customer persona builder',
  'Personalized cold email generator',
  'Objection handling guides',
  'Customer call analysis',
  'Competitive intelligence reports',
  'Cold email and GTM plan drafts even with no signal',
  'Priority access to new tools',
];

/** Team: consulting sold by contacting the provider. Four features. */
export const TEAM_FEATURES: readonly string[] = [
  'Everything in Pro for your whole team',
  'Hands-on go-to-market strategy sessions',
  'Sales playbook tailored to your market',
  'Dedicated growth advisor',
];

export const PRO_PLAN_NAME = 'Pro';
export const PRO_PLAN_TAGLINE = 'Your AI Head of Growth';
export const TEAM_PLAN_NAME = 'Team';
export const TEAM_PLAN_TAGLINE = 'Work With Us';
