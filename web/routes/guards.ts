import { redirect } from '@tanstack/react-router';
import type { ParsedLocation } from '@tanstack/react-router';
import type { User } from '../../domain/contract/auth';
import { loadPlanAccess, loadSessionUser } from '../features/auth/auth.queries';
import { proRouteRedirect } from '../features/billing/proAccess';
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
  const user = await loadSessionUser(context.queryClient, context.sessionChanged);
  if (user) return { user };
  if (loginToast && !preload)
    context.toast({ header: 'Login Required', message: loginToast, color: 'warning' });
  throw redirect({
    to: '/auth',
    search: { redirect: location.pathname.replace(/^\//, '') + location.searchStr },
  });
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
