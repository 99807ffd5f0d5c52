import { Suspense, lazy, useSyncExternalStore } from 'react';
import { pwaStatus } from './pwaStatus';

const PwaBanners = lazy(() => import('./PwaBanners').then((m) => ({ default: m.PwaBanners })));

/** The app's notices (a new version, installing), loaded the first time there is one to show. */
export function AppBanners() {
  const status = useSyncExternalStore(pwaStatus.subscribe, pwaStatus.get, pwaStatus.get);
  if (!status.update && !status.showInstallBanner && !status.showIosHint) return null;
  return (
    <Suspense fallback={null}>
      <PwaBanners status={status} />
    </Suspense>
  );
}
