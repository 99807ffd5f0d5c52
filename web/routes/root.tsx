import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router';
import { AppShell } from '../features/shell/AppShell';
import type { RouterContext } from './context';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: lazyRouteComponent(
    () => import('../features/errors/NotFoundScreen'),
    'NotFoundScreen',
  ),
});
