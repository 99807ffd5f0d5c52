import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { optionalTextParams } from './search';

/**
 * The open chat is in the URL (?chat=<id>), and so is a guided flow on screen (?flow=<type>), so a
 * reload or a shared tab reopens either.
 */
export const chatSearch = optionalTextParams('chat', 'flow');

export const chatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'chat',
  validateSearch: chatSearch,
  beforeLoad: (args) => requireUser(args),
  component: lazyRouteComponent(() => import('../features/chat/ChatScreen'), 'ChatScreen'),
});
