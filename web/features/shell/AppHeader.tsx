import { IonButtons, IonHeader, IonIcon, IonToolbar } from '@ionic/react';
import { Link } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { logInOutline } from 'ionicons/icons';
import { PRODUCT_NAME } from '../../../domain/limits';
import { BrandMark } from '../../ui/BrandMark';
import { LazySyncStatusBadge } from '../pwa/LazySyncStatusBadge';
import { LinkButton } from '../../ui/LinkButton';
import { useAuth } from '../auth/auth.queries';
import { NAV_LINKS } from './navLinks';
import { MobileMenu } from './MobileMenu';

// Signed-in only, so it loads with (not before) the landing page: the saved history button and its sheet.
const HistoryButton = lazy(() => import('../history/HistoryButton').then((m) => ({ default: m.HistoryButton })));
import { UserMenu } from './UserMenu';

/** Brand, the main links (wide screens), and sign-in or the user menu; narrow screens get the menu. */
export function AppHeader() {
  const { user, isLoading } = useAuth();
  return (
    <IonHeader className="app-header">
      <IonToolbar>
        <IonButtons slot="start">
          <Link to="/" className="brand" aria-label={`${PRODUCT_NAME} home`}>
            <BrandMark size={30} />
            <span className="brand__name">{PRODUCT_NAME}</span>
          </Link>
        </IonButtons>

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

        <IonButtons slot="end">
          <LazySyncStatusBadge />
          {user && (
            <Suspense fallback={null}>
              <HistoryButton />
            </Suspense>
          )}
          <UserMenu user={user} />
          {!user && (
            <LinkButton
              to="/auth"
              fill="solid"
              color="primary"
              size="small"
              className="app-header__signin"
              // Avoid a flash of 'Sign In' for a signed-in user while the session lookup is in flight.
              style={isLoading ? { visibility: 'hidden' } : undefined}
            >
              <IonIcon slot="start" icon={logInOutline} aria-hidden="true" />
              Sign In / Sign Up
            </LinkButton>
          )}
          <MobileMenu />
        </IonButtons>
      </IonToolbar>
    </IonHeader>
  );
}
