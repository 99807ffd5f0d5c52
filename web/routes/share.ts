import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';
import { optionalTextParams } from './search';
import { lazyScreen } from './lazyScreen';

/**
 * /share?title&text&url: where another app's share sheet lands (the manifest's share_target).
 * Open to guests: the screen says which choices need an account or Pro, and a choice
 * leads on to sign-in or pricing as the landing's tool cards do. Its screen needs no network.
 */
export const shareRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'share',
  validateSearch: optionalTextParams('title', 'text', 'url'),
  component: lazyScreen(() => import('../features/share/ShareScreen'), 'ShareScreen'),
});
