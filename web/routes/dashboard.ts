import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';

export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'dashboard',
  beforeLoad: (args) => requireUser(args, 'Please log in to view your dashboard.'),
  component: lazyRouteComponent(
    () => import('../features/dashboard/DashboardScreen'),
    'DashboardScreen',
  ),
});
