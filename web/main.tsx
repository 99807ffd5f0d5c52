/** Boots the app: Ionic, the query cache, the toast queue and the router. */
// Global CSS (Ionic's base, theme, layout) is linked from index.html via styles/index.css.
import { setupIonicReact } from '@ionic/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { ToastProvider } from './ui/ToastProvider';
import { createToaster } from './ui/toaster';

// One look on every platform: the design is tuned for Material mode (outlined inputs, segment tabs).
setupIonicReact({ mode: 'md' });

const queryClient = createQueryClient();
const toaster = createToaster();
const router = createAppRouter({ queryClient, toast: toaster.show });

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider toaster={toaster}>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
