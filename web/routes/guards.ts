import { redirect } from '@tanstack/react-router';
import type { ParsedLocation } from '@tanstack/react-router';
import type { User } from '../../domain/contract/auth';
import { loadSessionUser } from '../features/auth/auth.queries';
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
 * screen shows one (spec §2 Dashboard).
 */
export async function requireUser({ context, location, preload }: GuardArgs, loginToast?: string): Promise<{ user: User }> {
  const user = await loadSessionUser(context.queryClient);
  if (user) return { user };
  if (loginToast && !preload) context.toast({ header: 'Login Required', message: loginToast, color: 'warning' });
  throw redirect({ to: '/auth', search: { redirect: location.pathname.replace(/^\//, '') + location.searchStr } });
}
