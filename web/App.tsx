import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { AppRouter } from './router';
import { ToastProvider } from './ui/ToastProvider';
import type { Toaster } from './ui/toaster';

/**
 * The whole app's tree. The browser (boot.tsx) and the build's prerender (prerender/render.tsx)
 * render this same tree, so a prerendered page and the app that takes it over draw the same markup.
 */
export function App({
  queryClient,
  toaster,
  router,
}: {
  queryClient: QueryClient;
  toaster: Toaster;
  router: AppRouter;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider toaster={toaster}>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
