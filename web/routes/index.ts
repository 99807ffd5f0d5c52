import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';
import { lazyScreen } from './lazyScreen';

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyScreen(() => import('../features/landing/LandingScreen'), 'LandingScreen'),
});
