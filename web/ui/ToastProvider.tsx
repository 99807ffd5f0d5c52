import { Suspense, createContext, lazy, useContext, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { ShowToast, Toaster } from './toaster';

const ToastContext = createContext<ShowToast | null>(null);

// Ionic's toast (and its overlay code) loads with the first toast, not with the page.
const ToastView = lazy(() => import('./ToastView').then((m) => ({ default: m.ToastView })));

/**
 * Provides the toaster's `show`, and from the first toast on renders them (ToastView.tsx). Once
 * mounted the view stays for the app's lifetime: Ionic moves a presented toast out of its React parent.
 */
export function ToastProvider({ toaster, children }: { toaster: Toaster; children: ReactNode }) {
  const wanted = useSyncExternalStore(toaster.subscribe, toaster.current, toaster.current);
  const [needed, setNeeded] = useState(false);
  if (wanted && !needed) setNeeded(true);
  return (
    <ToastContext.Provider value={toaster.show}>
      {children}
      {needed && (
        <Suspense fallback={null}>
          <ToastView toaster={toaster} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

/** Shows a toast; throws outside a ToastProvider, so a missing provider fails loudly, not silently. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used within a ToastProvider');
  return show;
}
