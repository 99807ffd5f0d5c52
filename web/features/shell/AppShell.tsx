import { Outlet } from '@tanstack/react-router';
import { useAuth } from '../auth/auth.queries';
import { useNewAccountWelcome } from '../auth/newAccountWelcome';
import { AppBanners } from '../pwa/AppBanners';
import { useSyncEngine } from '../pwa/useSyncEngine';
import { AppHeader } from './AppHeader';

/**
 * The frame around every screen: the header, the app's notices and the routed screen; the sync
 * engine while signed in, and the welcome of an account the prerendered form created.
 */
export function AppShell() {
  const { user } = useAuth();
  useSyncEngine(user);
  useNewAccountWelcome(user);
  return (
    // A plain <ion-app> until a screen, menu or toast loads Ionic, which defines it (ui/ionicSetup.ts).
    <ion-app>
      <div className="ion-page" id="main-content">
        <AppHeader />
        <AppBanners />
        <Outlet />
      </div>
    </ion-app>
  );
}
