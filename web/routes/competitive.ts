import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';

/** The competitive intelligence tool (spec §2): signed-in users, like /chat. */
export const competitiveRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'competitive',
  beforeLoad: (args) => requireUser(args),
  component: lazyRouteComponent(() => import('../features/competitive/CompetitiveScreen'), 'CompetitiveScreen'),
});
