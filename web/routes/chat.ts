import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { optionalTextParams } from './search';

/** The open chat is in the URL (?chat=<id>), so a reload or a shared tab reopens it. */
export const chatSearch = optionalTextParams('chat');

export const chatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'chat',
  validateSearch: chatSearch,
  beforeLoad: (args) => requireUser(args),
  component: lazyRouteComponent(() => import('../features/chat/ChatScreen'), 'ChatScreen'),
});
