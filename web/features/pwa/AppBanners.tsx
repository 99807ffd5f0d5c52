import { useLocation } from '@tanstack/react-router';
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { pwaStatus, type PwaStatus } from './pwaStatus';

const PwaBanners = lazy(() => import('./PwaBanners').then((m) => ({ default: m.PwaBanners })));

/**
 * Screens where an offer to install is in the way: signing in or up, finishing a sign-in, the
 * operator's first setup. The rep is typing a password there, and has not seen the app yet; the
 * offer waits for the next screen. A new version's notice still shows everywhere.
 */
const NO_INSTALL_OFFER = /^\/(?:auth|setup|callback|login-pro)(?:\/|$)/;

/** Whether the install offer (Chrome's banner or the iOS hint) belongs on this path. */
export function installOfferFits(pathname: string): boolean {
  return !NO_INSTALL_OFFER.test(pathname);
}

/** The app's notices (a new version, installing), loaded the first time there is one to show. */
export function AppBanners() {
  const status = useSyncExternalStore(pwaStatus.subscribe, pwaStatus.get, pwaStatus.get);
  const pathname = useLocation({ select: (location) => location.pathname });
  const shown: PwaStatus = installOfferFits(pathname)
    ? status
    : { ...status, showInstallBanner: false, showIosHint: false };
  if (!shown.update && !shown.showInstallBanner && !shown.showIosHint) return null;
  return (
    <Suspense fallback={null}>
      <PwaBanners status={shown} />
    </Suspense>
  );
}
