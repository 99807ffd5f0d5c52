/** Who may open what, as far as the Pro plan goes (spec §2 route table, §6 roles). */
import type { ToastOptions } from '../../ui/toaster';

export type PlanAccess = 'guest' | 'free' | 'paid';

export interface ProRouteRedirect {
  to: '/auth' | '/pricing';
  toast: ToastOptions;
}

/**
 * Where a Pro route (/pro/email, /pro/gtm-advisor) sends someone who may not open it: guests to
 * log in and then to pricing, free users to pricing; null for a paying subscriber.
 */
export function proRouteRedirect(access: PlanAccess): ProRouteRedirect | null {
  if (access === 'paid') return null;
  if (access === 'guest') return { to: '/auth', toast: { header: 'Login Required', message: 'Please log in to use the PRO tools.', color: 'warning' } };
  return { to: '/pricing', toast: { header: 'Pro Plan Required', message: 'Upgrade to Pro to use this tool.', color: 'primary' } };
}
