import { IonButton, IonIcon } from '@ionic/react';
import { Link } from '@tanstack/react-router';
import { alertCircleOutline, arrowBackOutline, refreshOutline } from 'ionicons/icons';
import { LinkButton } from '../../ui/LinkButton';

interface CheckoutErrorCardProps {
  message: string;
  onRetry: () => void;
  /** Offer Stripe's own checkout page, e.g. when Stripe.js is blocked on this device. */
  offerHostedCheckout?: boolean;
}

/** The 'Checkout Error' screen: what went wrong, Back to Pricing, and another try. */
export function CheckoutErrorCard({
  message,
  onRetry,
  offerHostedCheckout = false,
}: CheckoutErrorCardProps) {
  return (
    <section
      className="state-card checkout-error"
      role="alert"
      aria-labelledby="checkout-error-heading"
    >
      <IonIcon
        icon={alertCircleOutline}
        color="danger"
        className="state-card__icon"
        aria-hidden="true"
      />
      <h1 id="checkout-error-heading">Checkout Error</h1>
      <p className="muted" data-testid="checkout-error-message">
        {message}
      </p>
      <div className="state-card__actions">
        <LinkButton to="/pricing">
          <IonIcon slot="start" icon={arrowBackOutline} aria-hidden="true" />
          Back to Pricing
        </LinkButton>
        <IonButton fill="outline" onClick={onRetry}>
          <IonIcon slot="start" icon={refreshOutline} aria-hidden="true" />
          Try Again
        </IonButton>
      </div>
      {offerHostedCheckout && (
        <p className="checkout-error__alternative">
          Is something on this device blocking the payment form?{' '}
          <Link to="/stripe-checkout">Pay on Stripe&apos;s checkout page instead</Link>
        </p>
      )}
    </section>
  );
}
