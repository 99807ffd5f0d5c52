import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { lazyScreen } from './lazyScreen';

/** The sales kit: the rep's own documents, which every answer searches (signed-in users). */
export const kitRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'kit',
  beforeLoad: (args) => requireUser(args, 'Please log in to see your sales kit.'),
  component: lazyScreen(() => import('../features/kit/KitScreen'), 'KitScreen'),
});
