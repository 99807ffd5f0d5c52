/** Who may open what, as far as the Pro plan goes. */
import { ApiError } from '../../data/api';
import type { PlanAccess } from '../auth/auth.queries';
import type { ToastOptions } from '../../ui/toaster';

/** The server refused a call for want of an active Pro plan (403 {code: 'pro_required'}). */
export function isProRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'pro_required';
}

/** What the user is told then (a lapsed subscriber in a PRO tool), with Upgrade leading to pricing. */
export function proRequiredToast(upgrade: () => void): ToastOptions {
  return {
    header: 'Pro Plan Required',
    message: 'This is a PRO tool. Upgrade to Pro to use it.',
    color: 'warning',
    action: { label: 'Upgrade', handler: upgrade },
  };
}

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
  if (access === 'guest')
    return {
      to: '/auth',
      toast: {
        header: 'Login Required',
        message: 'Please log in to use the PRO tools.',
        color: 'warning',
      },
    };
  return {
    to: '/pricing',
    toast: {
      header: 'Pro Plan Required',
      message: 'Upgrade to Pro to use this tool.',
      color: 'primary',
    },
  };
}
