import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { optionalTextParams } from './search';
import { lazyScreen } from './lazyScreen';

/** Research on the web (signed-in users): the form, filled by a 'Look it up' link, and the list. */
export const researchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research',
  validateSearch: optionalTextParams('subject', 'question'),
  beforeLoad: (args) => requireUser(args, 'Please log in to research.'),
  component: lazyScreen(() => import('../features/research/ResearchScreen'), 'ResearchScreen'),
});

/** One research, readable offline once it is on the phone. */
export const researchViewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/$researchId',
  // 'page': a page's address, opened below when the research holds it (a chat answer's source).
  validateSearch: optionalTextParams('page'),
  beforeLoad: (args) => requireUser(args, 'Please log in to read your research.'),
  component: lazyScreen(() => import('../features/research/ResearchView'), 'ResearchView'),
});
