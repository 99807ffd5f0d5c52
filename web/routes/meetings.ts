import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { lazyScreen } from './lazyScreen';

/** The rep's next meetings, from their calendar (signed-in users). */
export const meetingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'meetings',
  beforeLoad: (args) => requireUser(args, 'Please log in to see your meetings.'),
  component: lazyScreen(() => import('../features/calendar/MeetingsScreen'), 'MeetingsScreen'),
});
