import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { arrowBackOutline, compassOutline, homeOutline, refreshOutline } from 'ionicons/icons';
import { useEffect } from 'react';
import { earlyTap } from '../../../domain/contract/earlyTapScript';
import { InlineIcon } from '../../ui/InlineIcon';
import { Screen } from '../../ui/Screen';

/**
 * Any unmatched path. Plain elements, no Ionic: the app preloads this screen with every page
 * (router.tsx, loadCurrentScreen), and it is prerendered. A bare /checkout is no longer sent here:
 * the /checkout route gives it plan pro, billing monthly itself (web/routes/checkout.ts).
 */
export function NotFoundScreen() {
  const navigate = useNavigate();
  const router = useRouter();
  // Subscribe to location changes, but show the address bar's own text: the router re-serialises the query.
  useLocation();
  // Prerendered at build time (prerender/render.tsx) there is no address bar: the details stay blank
  // until the app takes the page over.
  const { pathname, search } =
    typeof window === 'undefined' ? { pathname: '', search: '' } : window.location;

  useEffect(() => {
    console.warn('404 Page Not Found:', pathname, search);
  }, [pathname, search]);

  return (
    <Screen width="narrow">
      <section className="state-card not-found">
        <InlineIcon icon={compassOutline} className="state-card__icon" />
        <h1>404 Page Not Found</h1>
        <p className="muted">
          The page you are looking for might be misconfigured or temporarily unavailable.
        </p>
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
          <button
            type="button"
            className="pp-button pp-button--primary"
            onClick={() => void navigate({ to: '/' })}
            {...earlyTap('not-found-home')}
          >
            <InlineIcon icon={homeOutline} />
            Home
          </button>
          <button
            type="button"
            className="pp-button"
            onClick={() => router.history.back()}
            {...earlyTap('not-found-back')}
          >
            <InlineIcon icon={arrowBackOutline} />
            Back
          </button>
          <button
            type="button"
            className="pp-button"
            onClick={() => window.location.reload()}
            {...earlyTap('not-found-retry')}
          >
            <InlineIcon icon={refreshOutline} />
            Retry
          </button>
        </div>
      </section>
    </Screen>
  );
}
