import { createRoute } from '@tanstack/react-router';
import { plansQueryOptions } from '../features/billing/billing.queries';
import { rootRoute } from './root';
import { lazyScreen } from './lazyScreen';

export const pricingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'pricing',
  // Start the price request with the chunk download; the screen shows a skeleton until it lands.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(plansQueryOptions);
  },
  component: lazyScreen(() => import('../features/billing/PricingScreen'), 'PricingScreen'),
});
