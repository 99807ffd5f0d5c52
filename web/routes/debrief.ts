import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';

/** The voice debrief after a meeting: record offline, transcribe, turn into work. */
export const debriefRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'debrief',
  beforeLoad: (args) => requireUser(args, 'Please log in to debrief a meeting.'),
  component: lazyRouteComponent(() => import('../features/debrief/DebriefScreen'), 'DebriefScreen'),
});
