import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { lazyScreen } from './lazyScreen';

export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'dashboard',
  beforeLoad: (args) => requireUser(args, 'Please log in to view your dashboard.'),
  component: lazyScreen(() => import('../features/dashboard/DashboardScreen'), 'DashboardScreen'),
});
