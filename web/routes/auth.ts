import { createRoute, notFound, redirect } from '@tanstack/react-router';
import { signInDestination } from '../../domain/signInDestination';
import { authKeys, loadSessionUser } from '../features/auth/auth.queries';
import { rootRoute } from './root';
import { optionalTextParams } from './search';
import { lazyScreen } from './lazyScreen';

export const AUTH_TABS = ['login', 'register'] as const;
export type AuthTab = (typeof AUTH_TABS)[number];

export function isAuthTab(value: unknown): value is AuthTab {
  return AUTH_TABS.some((tab) => tab === value);
}

/**
 * /auth?redirect=pricing and /auth/register?email=...; `tool`: the landing tool card a guest
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
  // A rep the app knows as signed in (its last answer, checked with the server when there is a
  // network) is sent on before the form is drawn, where the address means (the rule the server
  // follows for the same page): the installed app offline answers this page from its own copy, and
  // a link inside the app comes here without asking the server. No answer yet (a guest's first
  // visit): the form is drawn at once, and AuthScreen sends the rep on if the answer says signed in.
  beforeLoad: async ({ context, search, preload }) => {
    if (preload || !context.queryClient.getQueryData(authKeys.user)) return;
    if (await loadSessionUser(context.queryClient))
      throw redirect({
        href: signInDestination({ redirect: search.redirect, tool: search.tool }),
        replace: true,
      });
  },
  component: lazyScreen(() => import('../features/auth/AuthScreen'), 'AuthScreen'),
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
