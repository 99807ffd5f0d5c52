import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { rootRoute } from './root';
import { optionalTextParams } from './search';

export const AUTH_TABS = ['login', 'register'] as const;
export type AuthTab = (typeof AUTH_TABS)[number];

export function isAuthTab(value: unknown): value is AuthTab {
  return AUTH_TABS.some((tab) => tab === value);
}

/**
 * /auth?redirect=pricing and /auth/register?email=... (spec §2); `tool`: the landing tool card a guest
 * tapped (its link, which works before the app has taken the page over); `error`: why a form the
 * browser posted itself was refused (a code, domain/contract/authForm.ts).
 */
const authSearch = optionalTextParams('redirect', 'email', 'tool', 'error');

/**
 * /auth is a layout route holding the screen, and /auth and /auth/$tab are its children, so switching
 * tabs changes the URL without remounting the forms (what is typed in one stays while the other shows).
 */
export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth',
  validateSearch: authSearch,
  component: lazyRouteComponent(() => import('../features/auth/AuthScreen'), 'AuthScreen'),
});

export const authIndexRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/',
});

export const authTabRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '$tab',
  beforeLoad: ({ params }) => {
    if (!isAuthTab(params.tab)) throw notFound();
  },
});
