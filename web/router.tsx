/** The URL map: code-based TanStack routes, one thin file per route in routes/. */
import { createRouter } from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import { aboutRoute } from './routes/about';
import { accountRoute } from './routes/account';
import { authIndexRoute, authRoute, authTabRoute } from './routes/auth';
import { callbackRoute } from './routes/callback';
import { chatRoute } from './routes/chat';
import {
  checkoutAuthRoute,
  checkoutCompletedRoute,
  checkoutEmbeddedRoute,
  checkoutProRoute,
  checkoutRoute,
  loginProRoute,
  simpleCheckoutRoute,
  stripeCheckoutRoute,
} from './routes/checkout';
import { competitiveRoute } from './routes/competitive';
import type { RouterContext } from './routes/context';
import { dashboardRoute } from './routes/dashboard';
import { debriefRoute } from './routes/debrief';
import { kitRoute } from './routes/kit';
import { landingRoute } from './routes/index';
import { meetingsRoute } from './routes/meetings';
import { meetingBriefRoute } from './routes/meetingBrief';
import { searchRoute } from './routes/searchRoute';
import { researchRoute, researchViewRoute } from './routes/research';
import { onboardingRoute } from './routes/onboarding';
import { forgotPasswordRoute, resetPasswordRoute } from './routes/passwordReset';
import { pricingRoute } from './routes/pricing';
import { profileRoute } from './routes/profile';
import { proEmailRoute, proGtmAdvisorRoute, proRoute } from './routes/pro';
import { rootRoute } from './routes/root';
import {
  connectionsSettingsRoute,
  modelSettingsRoute,
  planSettingsRoute,
  webSearchSettingsRoute,
} from './routes/settings';
import { setupRoute } from './routes/setup';
import { shareRoute } from './routes/share';
import { PendingScreen } from './ui/PendingScreen';
import { RouteErrorScreen } from './ui/RouteErrorScreen';

export const routeTree = rootRoute.addChildren([
  landingRoute,
  aboutRoute,
  pricingRoute,
  authRoute.addChildren([authIndexRoute, authTabRoute]),
  forgotPasswordRoute,
  resetPasswordRoute,
  callbackRoute,
  chatRoute,
  onboardingRoute,
  proRoute,
  proEmailRoute,
  proGtmAdvisorRoute,
  checkoutRoute,
  checkoutEmbeddedRoute,
  checkoutCompletedRoute,
  simpleCheckoutRoute,
  stripeCheckoutRoute,
  checkoutProRoute,
  checkoutAuthRoute,
  loginProRoute,
  competitiveRoute,
  dashboardRoute,
  profileRoute,
  debriefRoute,
  shareRoute,
  setupRoute,
  modelSettingsRoute,
  planSettingsRoute,
  connectionsSettingsRoute,
  webSearchSettingsRoute,
  kitRoute,
  meetingsRoute,
  meetingBriefRoute,
  searchRoute,
  researchRoute,
  researchViewRoute,
  accountRoute,
]);

/** The app's router; `history` is the browser's unless given (the build's prerender passes a memory history). */
export function createAppRouter(
  context: Omit<RouterContext, 'sessionChanged'>,
  history?: RouterHistory,
) {
  const router = createRouter({
    routeTree,
    context: { ...context, sessionChanged: () => void router.invalidate() },
    ...(history ? { history } : {}),
    // Fetch a screen's chunk when its link is hovered or touched, so the tap itself feels instant.
    defaultPreload: 'intent',
    // Preloading must not serve a stale guard decision: the query cache already dedupes the user lookup.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingScreen,
    defaultErrorComponent: RouteErrorScreen,
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

type Preloadable = { preload?: () => Promise<void> } | undefined;

/**
 * Resolves the current location and loads its screen's code (or the 404 screen's), so the next
 * render draws the screen itself rather than the pending one. The prerender (prerender/render.tsx)
 * and the takeover of a prerendered page (boot.tsx) need that.
 */
export async function loadCurrentScreen(router: AppRouter): Promise<void> {
  await router.load();
  const routes = router.routesById as Record<string, { options: object } | undefined>;
  const lazyComponent = (routeId: string, key = 'component') =>
    (routes[routeId]?.options as Record<string, Preloadable> | undefined)?.[key];
  await Promise.all([
    ...router.state.matches.map((match) => lazyComponent(match.routeId)?.preload?.()),
    lazyComponent('__root__', 'notFoundComponent')?.preload?.(),
  ]);
}
