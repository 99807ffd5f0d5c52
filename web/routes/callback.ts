import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { optionalTextParams } from './search';

/** Finishes a sign-in: refreshes the session, then goes to the post-login destination. */
export const callbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'callback',
  validateSearch: optionalTextParams('redirect'),
  component: lazyRouteComponent(() => import('../features/auth/CallbackScreen'), 'CallbackScreen'),
});
