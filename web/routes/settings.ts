import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { lazyScreen } from './lazyScreen';

/** Settings → Model: the operator connects the language model here (others are told who can). */
export const modelSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'settings/model',
  beforeLoad: (args) => requireUser(args, 'Please log in to change the settings.'),
  component: lazyScreen(
    () => import('../features/settings/ModelSettingsScreen'),
    'ModelSettingsScreen',
  ),
});

/** Settings → Plans: on a server without payments, the operator chooses who gets the Pro tools. */
export const planSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'settings/plans',
  beforeLoad: (args) => requireUser(args, 'Please log in to change the settings.'),
  component: lazyScreen(
    () => import('../features/settings/PlanSettingsScreen'),
    'PlanSettingsScreen',
  ),
});

/** Settings → Connections: the operator enters the CRM apps reps connect with. */
export const connectionsSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'settings/connections',
  beforeLoad: (args) => requireUser(args, 'Please log in to change the settings.'),
  component: lazyScreen(
    () => import('../features/settings/ConnectionsSettingsScreen'),
    'ConnectionsSettingsScreen',
  ),
});

/** Settings → Web search: the operator connects the search engine research looks things up with. */
export const webSearchSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'settings/web-search',
  beforeLoad: (args) => requireUser(args, 'Please log in to change the settings.'),
  component: lazyScreen(
    () => import('../features/settings/WebSearchSettingsScreen'),
    'WebSearchSettingsScreen',
  ),
});
