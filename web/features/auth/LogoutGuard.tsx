import { Suspense, lazy, useSyncExternalStore } from 'react';
import { logoutGuard } from './logoutGuard';

const UnsentWorkDialog = lazy(() => import('./UnsentWorkDialog').then((m) => ({ default: m.UnsentWorkDialog })));

/** Asks before a logout would delete unsent work (logoutGuard.ts); its dialog loads the first time it is needed. */
export function LogoutGuard() {
  const question = useSyncExternalStore(logoutGuard.subscribe, logoutGuard.current, logoutGuard.current);
  if (!question) return null;
  return (
    <Suspense fallback={null}>
      <UnsentWorkDialog key={question.id} question={question} />
    </Suspense>
  );
}
