import { createRoute } from '@tanstack/react-router';
import { requirePaid } from './guards';
import { rootRoute } from './root';
import { optionalTextParams } from './search';
import { lazyScreen } from './lazyScreen';

/** The competitive intelligence tool, a PRO tool: paying subscribers, like /pro/*. */
export const competitiveRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'competitive',
  // ?workflow=<id>: a saved analysis, opened from the history.
  validateSearch: optionalTextParams('workflow'),
  beforeLoad: (args) => requirePaid(args),
  component: lazyScreen(
    () => import('../features/competitive/CompetitiveScreen'),
    'CompetitiveScreen',
  ),
});
