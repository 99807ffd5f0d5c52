import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rootRoute } from './root';
import { optionalText } from './search';

export const AuthTab = z.enum(['login', 'register']);
export type AuthTab = z.infer<typeof AuthTab>;

/** /auth?redirect=pricing and /auth/register?email=... (spec §2). */
const authSearch = z.object({ redirect: optionalText, email: optionalText });

/**
 * /auth is a layout route holding the screen, and /auth and /auth/$tab are its children, so switching
 * tabs changes the URL without remounting the forms (the login form keeps the username prefilled
 * after registering).
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
    if (!AuthTab.safeParse(params.tab).success) throw notFound();
  },
});
