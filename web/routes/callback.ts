import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';
import { optionalTextParams } from './search';
import { lazyScreen } from './lazyScreen';

/** Finishes a sign-in: refreshes the session, then goes to the post-login destination. */
export const callbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'callback',
  validateSearch: optionalTextParams('redirect'),
  component: lazyScreen(() => import('../features/auth/CallbackScreen'), 'CallbackScreen'),
});
