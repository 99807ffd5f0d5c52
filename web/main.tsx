/** Boots the app: Ionic, the query cache (restored from the last run), the toast queue, the router and the service worker. */
// Global CSS (Ionic's base, theme, layout) is linked from index.html via styles/index.css.
import { setupIonicReact } from '@ionic/react';
import { QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient, persistQueryCache } from './queryClient';
import { createAppRouter } from './router';
import { ToastProvider } from './ui/ToastProvider';
import { createToaster } from './ui/toaster';

// One look on every platform: the design is tuned for Material mode (outlined inputs, segment tabs).
setupIonicReact({ mode: 'md' });

const queryClient = createQueryClient();
// TanStack Query assumes a network at start: a cold start offline must pause queries, not fail them.
onlineManager.setOnline(navigator.onLine);
const toaster = createToaster();
const router = createAppRouter({ queryClient, toast: toaster.show });

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The saved query cache first (a synchronous read of localStorage): route guards then know the user
// even offline.
void persistQueryCache(queryClient).then(() =>
  createRoot(rootElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider toaster={toaster}>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);

// The service worker (offline start, the update prompt), once the page has loaded: none in dev.
const registerWorker = () => void import('./features/pwa/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());
if (import.meta.env.PROD) {
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
}
