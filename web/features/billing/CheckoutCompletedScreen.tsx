// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './billing.css';
import { IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import {
  alertCircleOutline,
  arrowForwardOutline,
  checkmarkCircle,
  gridOutline,
  homeOutline,
  refreshOutline,
} from 'ionicons/icons';
import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../../domain/limits';
import { LinkButton } from '../../ui/LinkButton';
import { Screen } from '../../ui/Screen';
import { checkoutStatusQueryOptions, useRefreshSubscription } from './billing.queries';
import { PaymentsOffCard, usePaymentsOff } from './PaymentsOff';
import { paymentResult } from './paymentResult';

export const PAYMENT_ISSUE_TEXT =
  'There was an issue processing your payment. Please contact support if you believe this is an error.';

/**
 * /checkout/completed: where Stripe returns the buyer. It
 * says 'Payment Successful!' only for a checkout it read as paid; with no payment provider on the
 * server there can be none, and it says so.
 */
export function CheckoutCompletedScreen() {
  const { session_id: sessionId } = useSearch({ from: '/checkout/completed' });
  const paymentsOff = usePaymentsOff();
  const lookup = useQuery({
    ...checkoutStatusQueryOptions(sessionId ?? ''),
    enabled: Boolean(sessionId) && !paymentsOff,
  });
  const result = paymentResult(
    sessionId,
    lookup.isPending
      ? { state: 'pending' }
      : lookup.isSuccess
        ? { state: 'found', checkout: lookup.data }
        : { state: 'failed' },
  );
  const refreshSubscription = useRefreshSubscription();

  // Whatever the outcome, the plan may have changed: the header, dashboard and Pro gates re-read it.
  useEffect(() => {
    if (result !== 'loading') void refreshSubscription();
  }, [result, refreshSubscription]);

  if (paymentsOff) {
    return (
      <Screen width="narrow">
        <PaymentsOffCard />
      </Screen>
    );
  }

  return (
    <Screen width="narrow">
      {result === 'loading' && (
        <div className="centered-state" role="status">
          <span className="pp-spinner" aria-hidden="true" />
          <p>Confirming your payment...</p>
        </div>
      )}

      {result === 'success' && (
        <section
          className="state-card payment-result payment-result--success"
          aria-labelledby="payment-result-heading"
        >
          <span className="payment-result__badge">
            <IonIcon icon={checkmarkCircle} aria-hidden="true" />
          </span>
          <h1 id="payment-result-heading">Payment Successful!</h1>
          <p className="muted">
            Welcome to {PRODUCT_NAME} Pro. Your PRO tools are unlocked: GTM plans, cold emails,
            personas, objection guides and competitive intelligence.
          </p>
          <div className="state-card__actions state-card__actions--stacked">
            <LinkButton to="/dashboard" expand="block">
              Get Started
              <IonIcon slot="end" icon={arrowForwardOutline} aria-hidden="true" />
            </LinkButton>
            <LinkButton to="/" fill="outline" expand="block">
              <IonIcon slot="start" icon={homeOutline} aria-hidden="true" />
              Return Home
            </LinkButton>
          </div>
        </section>
      )}

      {result === 'issue' && (
        <section
          className="state-card payment-result payment-result--issue"
          role="alert"
          aria-labelledby="payment-result-heading"
        >
          <span className="payment-result__badge">
            <IonIcon icon={alertCircleOutline} aria-hidden="true" />
          </span>
          <h1 id="payment-result-heading">Payment Issue</h1>
          <p className="muted">{PAYMENT_ISSUE_TEXT}</p>
          <div className="state-card__actions state-card__actions--stacked">
            <LinkButton to="/pricing" expand="block">
              <IonIcon slot="start" icon={refreshOutline} aria-hidden="true" />
              Try Again
            </LinkButton>
            <LinkButton to="/dashboard" fill="outline" expand="block">
              <IonIcon slot="start" icon={gridOutline} aria-hidden="true" />
              Go to Dashboard
            </LinkButton>
          </div>
        </section>
      )}
    </Screen>
  );
}
