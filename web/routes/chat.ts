import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';

export const chatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'chat',
  beforeLoad: (args) => requireUser(args),
  component: lazyRouteComponent(() => import('../features/chat/ChatScreen'), 'ChatScreen'),
});
