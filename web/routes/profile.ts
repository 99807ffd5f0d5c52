import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { optionalTextParams } from './search';
import { lazyScreen } from './lazyScreen';

/** /profile: what the rep sells, kept once for every answer. */
export const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'profile',
  // 'field': the field a search result opened the profile on (the screen ignores an unknown name).
  validateSearch: optionalTextParams('field'),
  beforeLoad: (args) => requireUser(args, 'Please log in to edit your profile.'),
  component: lazyScreen(() => import('../features/profile/ProfileScreen'), 'ProfileScreen'),
});
