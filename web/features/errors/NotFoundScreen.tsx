import { IonButton, IonIcon } from '@ionic/react';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { arrowBackOutline, compassOutline, homeOutline, refreshOutline } from 'ionicons/icons';
import { useEffect } from 'react';
import { CHECKOUT_REDIRECT_DELAY_MS } from '../../../domain/limits';
import { CHECKOUT_PATH } from '../auth/postLoginDestination';
import { Screen } from '../../ui/Screen';

/** /checkout with no plan chosen yet: it gets the defaults (spec §2: plan pro, billing monthly). */
function needsCheckoutDefaults(pathname: string, search: string): boolean {
  return pathname === '/checkout' && search === '';
}

/** Any unmatched path (spec §2 'Not-found screen'). */
export function NotFoundScreen() {
  const navigate = useNavigate();
  const router = useRouter();
  // Subscribe to location changes, but show the address bar's own text: the router re-serialises the query.
  useLocation();
  const { pathname, search } = window.location;

  useEffect(() => {
    console.warn('404 Page Not Found:', pathname, search);
    if (!needsCheckoutDefaults(pathname, search)) return;
    const timer = setTimeout(() => void navigate({ href: CHECKOUT_PATH, replace: true }), CHECKOUT_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, pathname, search]);

  const handleRetry = () => {
    if (pathname === '/checkout') void navigate({ href: CHECKOUT_PATH, replace: true });
    else window.location.reload();
  };

  return (
    <Screen width="narrow">
      <section className="state-card not-found">
        <IonIcon icon={compassOutline} className="state-card__icon" aria-hidden="true" />
        <h1>404 Page Not Found</h1>
        <p className="muted">The page you are looking for might be misconfigured or temporarily unavailable.</p>
        <dl className="not-found__details">
          <div>
            <dt>Path</dt>
            <dd data-testid="not-found-path">{pathname}</dd>
          </div>
          <div>
            <dt>Query parameters</dt>
            <dd data-testid="not-found-query">{search ? search.slice(1) : '(none)'}</dd>
          </div>
        </dl>
        <div className="not-found__actions">
          <IonButton onClick={() => void navigate({ to: '/' })}>
            <IonIcon slot="start" icon={homeOutline} aria-hidden="true" />
            Home
          </IonButton>
          <IonButton fill="outline" onClick={() => router.history.back()}>
            <IonIcon slot="start" icon={arrowBackOutline} aria-hidden="true" />
            Back
          </IonButton>
          <IonButton fill="outline" onClick={handleRetry}>
            <IonIcon slot="start" icon={refreshOutline} aria-hidden="true" />
            Retry
          </IonButton>
        </div>
      </section>
    </Screen>
  );
}
