/**
 * Renders a page of the app to HTML at build time (web/build/prerender.ts loads this module with
 * Vite's SSR loader). It is the app's own tree (App.tsx) and router, on a memory history, with no
 * network: whatever waits for the server (who is signed in, the price) renders as the browser's first
 * render shows it to a first-time visitor, so the app that takes the page over draws the same thing.
 */
import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import type { SubscriptionInfo, User } from '../../domain/contract/auth';
import { NO_SUBSCRIPTION } from '../../domain/subscription';
import { App } from '../App';
import { authKeys } from '../features/auth/auth.queries';
import { createQueryClient } from '../queryClient';
import { createAppRouter, loadCurrentScreen } from '../router';
import { createToaster } from '../ui/toaster';
import { drawSignedInAtBuild } from './takeover';

export async function renderPage(
  path: string,
  { signedIn = false, pro = false } = {},
): Promise<string> {
  // Queries wait (paused) instead of fetching: there is no server to ask at build time.
  onlineManager.setOnline(false);
  const queryClient = createQueryClient();
  if (signedIn) queryClient.setQueryData(authKeys.user, SOMEONE);
  // A PRO screen's guard asks for the plan: a subscriber's, for a screen only they reach.
  if (pro) queryClient.setQueryData(authKeys.subscription(SOMEONE.id), SUBSCRIBER);
  drawSignedInAtBuild(signedIn);
  const toaster = createToaster();
  const router = createAppRouter(
    { queryClient, toast: toaster.show },
    createMemoryHistory({ initialEntries: [path] }),
  );
  // A guard or loader that asks the server waits for ever here (queries are paused): fail the build.
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      loadCurrentScreen(router),
      new Promise<never>((_, fail) => {
        timer = setTimeout(
          () =>
            fail(
              new Error(`prerendering ${path}: its route still waits after ${LOAD_LIMIT_MS} ms`),
            ),
          LOAD_LIMIT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
  // A shell shows what the app draws while its data comes: loading, not 'back online'. The client
  // is never mounted here, so nothing is fetched.
  if (signedIn) onlineManager.setOnline(true);
  const app = <App queryClient={queryClient} toaster={toaster} router={router} />;
  // One piece: React would otherwise move a large screen out of line, to be put in place by an inline
  // script (which the CSP forbids, and a visitor without JavaScript never runs).
  // A component that throws here would leave its part to the browser, drawn late under a spinner.
  const errors: unknown[] = [];
  const { prelude } = await prerender(app, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => void errors.push(error),
  });
  const html = await new Response(prelude).text();
  if (errors.length) throw new Error(`prerendering ${path}: ${String(errors[0])}`);
  if (html.includes('<template id="B:'))
    throw new Error(`prerendering ${path}: a screen was still loading (suspended)`);
  return html;
}

/** How long a route may take to load at build time, with nothing to fetch. */
const LOAD_LIMIT_MS = 20_000;

/**
 * Who a signed-in screen is drawn for at build time: someone with no name yet, so the header draws
 * an empty avatar where the rep's initials go, and every screen waits for its data as the app does.
 */
const SOMEONE: User = {
  id: 0,
  username: '',
  email: '',
  name: null,
  createdAt: '',
  authProvider: 'local',
  subscriptionTier: 'none',
  subscriptionActive: false,
};

const SUBSCRIBER: SubscriptionInfo = {
  ...NO_SUBSCRIPTION,
  subscriptionTier: 'pro',
  isActive: true,
  access: 'subscription',
};

/** The client router's paths, for the server to tell an app screen (the shell) from a 404. */
export function appRoutePaths(): string[] {
  const router = createAppRouter(
    { queryClient: createQueryClient(), toast: () => {} },
    createMemoryHistory(),
  );
  return Object.keys(router.routesByPath);
}
