/** What each plan offers (spec §2 Pricing and Dashboard). Shared by the pricing cards and the dashboard. */

/** Pro: the user's AI Head of Growth, billed monthly. Ten features. */
export const PRO_FEATURES: readonly string[] = [
  'Unlimited GTM advice chat',
  'Investor-ready GTM plan builder',
  'Value proposition and sales pitch playbook',
  'Customer persona builder',
  'Personalized cold email generator',
  'Objection handling guides',
  'Customer call analysis',
  'Competitive intelligence reports',
  'Saved workflow history on every device',
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
