import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';

/** /profile: what the rep sells, kept once for every answer. */
export const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'profile',
  beforeLoad: (args) => requireUser(args, 'Please log in to edit your profile.'),
  component: lazyRouteComponent(() => import('../features/profile/ProfileScreen'), 'ProfileScreen'),
});
