import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rootRoute } from './root';
import { optionalText } from './search';

/** Finishes a sign-in (design §11): refreshes the session, then goes to the post-login destination. */
export const callbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'callback',
  validateSearch: z.object({ redirect: optionalText }),
  component: lazyRouteComponent(() => import('../features/auth/CallbackScreen'), 'CallbackScreen'),
});
