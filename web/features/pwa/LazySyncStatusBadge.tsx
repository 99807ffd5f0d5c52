import { Suspense, lazy } from 'react';

const SyncStatusBadge = lazy(() =>
  import('./SyncStatusBadge').then((m) => ({ default: m.SyncStatusBadge })),
);

/** The header's connection mark, loaded just after the first paint: no weight on the landing page's start. */
export function LazySyncStatusBadge() {
  return (
    <Suspense fallback={null}>
      <SyncStatusBadge />
    </Suspense>
  );
}
