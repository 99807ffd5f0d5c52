// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './billing.css';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { useNavigate } from '@tanstack/react-router';
import { lockClosedOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useToast } from '../../ui/ToastProvider';
import { Screen } from '../../ui/Screen';
import { createCheckoutSession } from './billing.queries';
import { CheckoutIntro } from './CheckoutIntro';
import { ALREADY_SUBSCRIBED, HOSTED_CHECKOUT_FAILED, isAlreadySubscribed } from './checkoutErrors';
import { PaymentsOffCard, usePaymentsOff } from './PaymentsOff';
import { PlanSummary } from './PlanSummary';

/**
 * /simple-checkout and /stripe-checkout: the alternative to the embedded form. Shows the plan and
 * its price, then hands over to Stripe's own checkout page. With no payment provider on
 * the server it says so instead of offering a button that can only fail.
 */
export function HostedCheckoutScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);
  const paymentsOff = usePaymentsOff();

  const handleContinue = async () => {
    setRedirecting(true);
    try {
      const { url } = await createCheckoutSession('hosted');
      // Stays 'redirecting' while the browser leaves for Stripe.
      window.location.assign(url);
    } catch (error) {
      setRedirecting(false);
      if (isAlreadySubscribed(error)) {
        toast({ ...ALREADY_SUBSCRIBED, color: 'primary' });
        void navigate({ to: '/' });
        return;
      }
      console.warn('Hosted checkout could not start:', error);
      toast({ ...HOSTED_CHECKOUT_FAILED, color: 'danger' });
    }
  };

  if (paymentsOff) {
    return (
      <Screen width="narrow" className="checkout-screen">
        <PaymentsOffCard />
      </Screen>
    );
  }

  return (
    <Screen width="narrow" className="checkout-screen">
      <CheckoutIntro>
        <p className="lede">
          You will finish on Stripe&apos;s secure checkout page and come straight back.
        </p>
      </CheckoutIntro>
      <div className="hosted-checkout">
        <PlanSummary featureCount={5} securedByStripe />
        <IonButton
          expand="block"
          size="large"
          onClick={() => void handleContinue()}
          disabled={redirecting}
        >
          {redirecting ? (
            <IonSpinner name="dots" aria-label="Opening checkout" />
          ) : (
            <>
              <IonIcon slot="start" icon={lockClosedOutline} aria-hidden="true" />
              Continue to secure checkout
            </>
          )}
        </IonButton>
      </div>
    </Screen>
  );
}
