import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';

/** /account: how the rep signs in, the devices signed in, export and delete. */
export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'account',
  beforeLoad: (args) => requireUser(args, 'Please log in to manage your account.'),
  component: lazyRouteComponent(() => import('../features/account/AccountScreen'), 'AccountScreen'),
});
