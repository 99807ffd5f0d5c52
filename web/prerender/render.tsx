/**
 * Renders a page of the app to HTML at build time (web/build/prerender.ts loads this module with
 * Vite's SSR loader). It is the app's own tree (App.tsx) and router, on a memory history, with no
 * network: whatever waits for the server (who is signed in, the price) renders as the browser's first
 * render shows it to a first-time visitor, so the app that takes the page over draws the same thing.
 */
import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import { App } from '../App';
import { createQueryClient } from '../queryClient';
import { createAppRouter } from '../router';
import { createToaster } from '../ui/toaster';

export async function renderPage(path: string): Promise<string> {
  // Queries wait (paused) instead of fetching: there is no server to ask at build time.
  onlineManager.setOnline(false);
  const queryClient = createQueryClient();
  const toaster = createToaster();
  const router = createAppRouter({ queryClient, toast: toaster.show }, createMemoryHistory({ initialEntries: [path] }));
  // Resolves the route; then its lazy screen (or the 404 screen) is loaded, so nothing suspends while rendering.
  await router.load();
  await Promise.all(router.state.matches.map((match) => lazyComponentOf((router.routesById as Record<string, { options: object }>)[match.routeId])?.preload?.()));
  await lazyComponentOf(router.routesById.__root__ as { options: object }, 'notFoundComponent')?.preload?.();
  const app = <App queryClient={queryClient} toaster={toaster} router={router} />;
  // One piece: React would otherwise move a large screen out of line, to be put in place by an inline
  // script (which the CSP forbids, and a visitor without JavaScript never runs).
  const { prelude } = await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude).text();
  if (html.includes('<template id="B:')) throw new Error(`prerendering ${path}: a screen was still loading (suspended)`);
  return html;
}

type Preloadable = { preload?: () => Promise<void> } | undefined;

/** A route's component as lazyRouteComponent made it: it has a `preload`. */
function lazyComponentOf(route: { options: object } | undefined, key: 'component' | 'notFoundComponent' = 'component'): Preloadable {
  return (route?.options as Record<string, Preloadable> | undefined)?.[key];
}

/** The client router's paths, for the server to tell an app screen (the shell) from a 404. */
export function appRoutePaths(): string[] {
  const router = createAppRouter({ queryClient: createQueryClient(), toast: () => {} }, createMemoryHistory());
  return Object.keys(router.routesByPath);
}
