import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubscriptionInfo, User } from '../../../domain/contract/auth';
import { buildSessionUser } from '../../../tests/factories/sessionUser';
import { authKeys } from '../auth/auth.queries';
import { LandingScreen } from './LandingScreen';

afterEach(cleanup);

const PRO: SubscriptionInfo = {
  subscriptionTier: 'pro',
  isActive: true,
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
};
const FREE: SubscriptionInfo = { ...PRO, subscriptionTier: 'none', isActive: false };

/** The landing page once the session has answered: who is signed in and what they pay for. */
async function renderLanding(user: User | null, subscription?: SubscriptionInfo) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  queryClient.setQueryData(authKeys.user, user);
  if (user && subscription) queryClient.setQueryData(authKeys.subscription(user.id), subscription);
  const router = createRouter({
    routeTree: createRootRoute({ component: LandingScreen }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await view.findByRole('list', { name: 'PRO tools' });
  return view;
}

/** Where each card's link leads, by tool. */
function cardHrefs(view: Awaited<ReturnType<typeof renderLanding>>) {
  const cards = view.container.querySelectorAll<HTMLAnchorElement>('a.tool-card[data-tool]');
  const hrefs: Record<string, string | null> = {};
  for (const card of cards) hrefs[card.dataset.tool!] = card.getAttribute('href');
  return hrefs;
}

describe('the landing tool cards link where a tap goes', () => {
  it('a Pro rep’s cards link to the tools themselves', async () => {
    const hrefs = cardHrefs(await renderLanding(buildSessionUser({ id: 41 }), PRO));
    expect(hrefs.email).toBe('/pro/email');
    expect(hrefs.gtmplan).toBe('/pro/gtm-advisor?flow=gtmplan');
    expect(hrefs.competitive).toBe('/competitive');
    expect(Object.values(hrefs).some((href) => href?.startsWith('/auth/'))).toBe(false);
  });

  it('a signed-in free rep’s PRO cards link to pricing, GTM Advice to the free chat', async () => {
    const hrefs = cardHrefs(await renderLanding(buildSessionUser({ id: 42 }), FREE));
    expect(hrefs.email).toBe('/pricing');
    expect(hrefs.none).toBe('/chat');
  });

  it('a guest’s cards link to sign-in, naming the tool and then pricing', async () => {
    const hrefs = cardHrefs(await renderLanding(null));
    expect(hrefs.email).toBe('/auth/login?redirect=pricing&tool=email');
  });
});
