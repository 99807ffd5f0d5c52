import { createRoute } from '@tanstack/react-router';
import { plansQueryOptions } from '../features/billing/billing.queries';
import { chatSearch } from './chat';
import { requirePaid } from './guards';
import { rootRoute } from './root';
import { lazyScreen } from './lazyScreen';

/** /pro: the Pro welcome page: the PRO tools for paying users, the upgrade pitch for everyone else. */
export const proRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'pro',
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(plansQueryOptions);
  },
  component: lazyScreen(() => import('../features/pro/ProScreen'), 'ProScreen'),
});

// The PRO tools' chat workspace: paying subscribers only; guests go to /auth?redirect=pricing,
// free users to /pricing.
const proChat = (path: 'pro/email' | 'pro/gtm-advisor') =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    validateSearch: chatSearch,
    beforeLoad: (args) => requirePaid(args),
    component: lazyScreen(() => import('../app/ChatRoute'), 'ChatRoute'),
  });

export const proEmailRoute = proChat('pro/email');
export const proGtmAdvisorRoute = proChat('pro/gtm-advisor');
