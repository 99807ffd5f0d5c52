import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';
import { lazyScreen } from './lazyScreen';

export const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'about',
  component: lazyScreen(() => import('../features/about/AboutScreen'), 'AboutScreen'),
});
