import { createRoute, redirect } from '@tanstack/react-router';
import { keepSetupToken } from '../features/settings/setupToken';
import { rootRoute } from './root';
import { optionalTextParams } from './search';
import { lazyScreen } from './lazyScreen';

/**
 * /setup?token=…: the one-time link a fresh server prints at start-up; whoever opens it and signs in
 * becomes the operator. The token is put aside in this tab and the address replaced at once, so it
 * stays out of the history, out of a bookmark and out of the /auth round trip.
 */
export const setupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'setup',
  validateSearch: optionalTextParams('token'),
  beforeLoad: ({ search, preload }) => {
    const { token } = search as { token?: string };
    if (token === undefined || preload) return;
    keepSetupToken(token);
    throw redirect({ to: '/setup', search: {}, replace: true });
  },
  component: lazyScreen(() => import('../features/settings/SetupScreen'), 'SetupScreen'),
});
