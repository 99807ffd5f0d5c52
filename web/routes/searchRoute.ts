import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { optionalTextParams } from './search';

/** Search over everything the rep has (signed-in users): /search?q=&kind=&range=. */
export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'search',
  validateSearch: optionalTextParams('q', 'kind', 'range'),
  beforeLoad: (args) => requireUser(args, 'Please log in to search your work.'),
  component: lazyRouteComponent(() => import('../features/search/SearchScreen'), 'SearchScreen'),
});
