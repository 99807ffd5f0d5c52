import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppShell } from '../features/shell/AppShell';
import type { RouterContext } from './context';
import { lazyScreen } from './lazyScreen';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: lazyScreen(
    () => import('../features/errors/NotFoundScreen'),
    'NotFoundScreen',
  ),
});
