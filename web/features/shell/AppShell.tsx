import { Outlet } from '@tanstack/react-router';
import { useAuth } from '../auth/auth.queries';
import { useNewAccountWelcome } from '../auth/newAccountWelcome';
import { useFileReadyToast } from '../links/useFileReadyToast';
import { AppBanners } from '../pwa/AppBanners';
import { useSyncEngine } from '../pwa/useSyncEngine';
import { AppHeader } from './AppHeader';

/**
 * The frame around every screen: the header, the app's notices and the routed screen; the sync
 * engine while signed in, the welcome of an account the prerendered form created, and the word
 * that a file asked for with no signal has been made.
 */
export function AppShell() {
  const { user } = useAuth();
  useSyncEngine(user);
  useNewAccountWelcome(user);
  useFileReadyToast(user?.id);
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
