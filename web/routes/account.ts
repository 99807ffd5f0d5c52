import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { optionalTextParams } from './search';
import { rootRoute } from './root';
import { lazyScreen } from './lazyScreen';

/** /account: how the rep signs in, the devices signed in, the CRM connections, export and delete. */
export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'account',
  // How a sign-in with a CRM ended: its consent page sends the rep back here with these.
  validateSearch: optionalTextParams('crm', 'result'),
  beforeLoad: (args) => requireUser(args, 'Please log in to manage your account.'),
  component: lazyScreen(() => import('../features/account/AccountScreen'), 'AccountScreen'),
});
