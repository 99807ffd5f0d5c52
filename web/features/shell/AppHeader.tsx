import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { logInOutline } from 'ionicons/icons';
import { PRODUCT_NAME } from '../../../domain/limits';
import { BrandMark } from '../../ui/BrandMark';
import { InlineIcon } from '../../ui/InlineIcon';
import { lazyWithPreload } from '../../ui/lazyWithPreload';
import { LazySyncStatusBadge, SyncStatusBadge } from '../pwa/LazySyncStatusBadge';
import { useAuth } from '../auth/auth.queries';
import { NAV_LINKS } from './navLinks';
import { MobileMenu } from './MobileMenu';

// Signed-in only, so it loads with (not before) the landing page: the saved history button and its sheet.
const HistoryButton = lazyWithPreload(() =>
  import('../history/HistoryButton').then((m) => m.HistoryButton),
);

/**
 * Loads the signed-in header's lazy parts, so the app's first commit draws them: the home screen's
 * frame shows them, and its takeover must not draw the header without them (boot.tsx).
 */
export function preloadSignedInHeader(): Promise<unknown> {
  return Promise.all([HistoryButton.preload(), SyncStatusBadge.preload()]);
}
import { UserMenu } from './UserMenu';

/**
 * Brand, the main links (wide screens), and sign-in or the user menu; narrow screens get the menu.
 * Plain elements styled as Ionic's toolbar, not IonHeader/IonToolbar/IonButton: the header is on
 * every screen, the prerendered ones included, and it draws with the page instead of waiting for
 * Ionic's elements to be defined and rendered, which keeps the landing page's main thread free.
 */
export function AppHeader() {
  const { user, isLoading } = useAuth();
  return (
    <header className="app-header">
      <div className="app-header__bar">
        <div className="app-header__group">
          <Link to="/" className="brand" aria-label={`${PRODUCT_NAME} home`}>
            <BrandMark size={30} />
            <span className="brand__name">{PRODUCT_NAME}</span>
          </Link>
        </div>

        <nav className="app-header__nav" aria-label="Main">
          {NAV_LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="app-header__link"
              activeOptions={{ exact: true }}
              activeProps={{ className: 'app-header__link--active', 'aria-current': 'page' }}
            >
              {link.label}
            </Link>
          ))}
        </nav>

        <div className="app-header__group app-header__group--end">
          <LazySyncStatusBadge />
          {user && (
            <Suspense fallback={null}>
              <HistoryButton />
            </Suspense>
          )}
          <UserMenu user={user} />
          {!user && (
            <Link
              to="/auth"
              className="app-header__signin"
              // Avoid a flash of 'Sign In' for a signed-in user while the session lookup is in flight.
              style={isLoading ? { visibility: 'hidden' } : undefined}
            >
              <InlineIcon icon={logInOutline} />
              Sign In
              {/* Read out everywhere, drawn where there is room: at 320 px the brand keeps its name. */}
              <span className="app-header__signin-more"> / Sign Up</span>
            </Link>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
