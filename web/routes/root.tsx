import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router';
import { AppShell } from '../features/shell/AppShell';
import type { RouterContext } from './context';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  // Loaded with every screen (router.tsx `loadCurrentScreen`), though rarely drawn: a fetch of it that
  // fails with no signal must not hold the takeover until the signal returns, as a screen's would.
  notFoundComponent: lazyRouteComponent(
    () => import('../features/errors/NotFoundScreen'),
    'NotFoundScreen',
  ),
});
