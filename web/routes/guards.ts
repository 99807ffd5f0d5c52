import { redirect } from '@tanstack/react-router';
import type { ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../../domain/contract/auth';
import { NO_SUBSCRIPTION, isPaidSubscriber } from '../../domain/subscription';
import { loadSessionUser, subscriptionQueryOptions } from '../features/auth/auth.queries';
import { proRouteRedirect, type PlanAccess } from '../features/billing/proAccess';
import type { RouterContext } from './context';

interface GuardArgs {
  context: RouterContext;
  location: ParsedLocation;
  /** True when the router only preloads (e.g. a link is hovered): no toast then. */
  preload: boolean;
}

/**
 * beforeLoad guard for signed-in screens: guests go to /auth with `redirect` set to where they were
 * going, so login brings them back. `loginToast` is the 'Login Required' description, when the
 * screen shows one.
 */
export async function requireUser(
  { context, location, preload }: GuardArgs,
  loginToast?: string,
): Promise<{ user: User }> {
  const user = await loadSessionUser(context.queryClient);
  if (user) return { user };
  if (loginToast && !preload)
    context.toast({ header: 'Login Required', message: loginToast, color: 'warning' });
  throw redirect({
    to: '/auth',
    search: { redirect: location.pathname.replace(/^\//, '') + location.searchStr },
  });
}

/**
 * Who is asking, as far as the plans go: a guest, a signed-in free user, or a paying subscriber.
 * A cached 'paid' is trusted (also offline, from the persisted cache), so a paying user is not
 * bounced to pricing by a network blip (a failed check keeps it: subscriptionQueryOptions); a
 * cached 'not paid' is checked with the server first, so someone who has just paid (on this device
 * or another) is let in at once.
 */
export async function loadPlanAccess(queryClient: QueryClient): Promise<PlanAccess> {
  const user = await loadSessionUser(queryClient);
  if (!user) return 'guest';
  // No retries here: a navigation waits for this. No answer at all counts as no subscription.
  const options = { ...subscriptionQueryOptions(user.id), retry: false };
  const cached = await queryClient.ensureQueryData(options).catch(() => NO_SUBSCRIPTION);
  if (isPaidSubscriber(cached)) return 'paid';
  const fresh = await queryClient.fetchQuery({ ...options, staleTime: 0 }).catch(() => cached);
  return isPaidSubscriber(fresh) ? 'paid' : 'free';
}

/**
 * beforeLoad guard for the PRO tools: paying subscribers pass; guests go to
 * /auth?redirect=pricing and free users to /pricing, each told why.
 */
export async function requirePaid({ context, preload }: GuardArgs): Promise<void> {
  const target = proRouteRedirect(await loadPlanAccess(context.queryClient));
  if (!target) return;
  if (!preload) context.toast(target.toast);
  throw target.to === '/auth'
    ? redirect({ to: '/auth', search: { redirect: 'pricing' } })
    : redirect({ to: '/pricing' });
}
