import { Suspense } from 'react';
import { lazyWithPreload } from '../../ui/lazyWithPreload';

export const SyncStatusBadge = lazyWithPreload(() =>
  import('./SyncStatusBadge').then((m) => m.SyncStatusBadge),
);

/** The header's connection mark, loaded just after the first paint: no weight on the landing page's start. */
export function LazySyncStatusBadge() {
  return (
    <Suspense fallback={null}>
      <SyncStatusBadge />
    </Suspense>
  );
}
