import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { lazyScreen } from './lazyScreen';

/** A meeting's prep brief (signed-in users); a reminder's tap opens it, offline too. */
export const meetingBriefRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'meetings/$meetingId',
  beforeLoad: (args) => requireUser(args, 'Please log in to see your meetings.'),
  component: lazyScreen(() => import('../features/calendar/BriefScreen'), 'BriefScreen'),
});
