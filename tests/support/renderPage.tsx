import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ToastProvider } from '../../web/ui/ToastProvider';
import type { Toaster } from '../../web/ui/toaster';

/**
 * Renders `page` as the app shows it at `path`: under a router (its links and redirects work) and a
 * query client holding `data` already, as if the server had answered (no retries, never stale), with
 * the toasts of `toaster` where the page shows any.
 */
export function renderPage(
  page: () => ReactNode,
  {
    path,
    data = [],
    toaster,
  }: { path: string; data?: ReadonlyArray<readonly [QueryKey, unknown]>; toaster?: Toaster },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  const router = createRouter({
    routeTree: createRootRoute({ component: page }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const routed = <RouterProvider router={router} />;
  const view = render(
    <QueryClientProvider client={queryClient}>
      {toaster ? <ToastProvider toaster={toaster}>{routed}</ToastProvider> : routed}
    </QueryClientProvider>,
  );
  return Object.assign(view, { router });
}
