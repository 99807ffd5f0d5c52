import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { optionalTextParams } from './search';
import { lazyScreen } from './lazyScreen';

/** The voice debrief after a meeting: record offline, transcribe, turn into work. */
export const debriefRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'debrief',
  // 'Debrief this meeting' from /meetings names the meeting; a search result names its recording.
  validateSearch: optionalTextParams('meeting', 'attendees', 'recording'),
  beforeLoad: (args) => requireUser(args, 'Please log in to debrief a meeting.'),
  component: lazyScreen(() => import('../features/debrief/DebriefScreen'), 'DebriefScreen'),
});
