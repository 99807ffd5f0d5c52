import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { optionalTextParams } from './search';
import { lazyScreen } from './lazyScreen';

/** Search over everything the rep has (signed-in users): /search?q=&kind=&range=. */
export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'search',
  validateSearch: optionalTextParams('q', 'kind', 'range'),
  beforeLoad: (args) => requireUser(args, 'Please log in to search your work.'),
  component: lazyScreen(() => import('../features/search/SearchScreen'), 'SearchScreen'),
});
