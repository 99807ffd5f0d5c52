// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './billing.css';
import { useRef, useState } from 'react';
import { Screen } from '../../ui/Screen';
import { CheckoutErrorCard } from './CheckoutErrorCard';
import { CheckoutIntro } from './CheckoutIntro';
import { PaymentsOffCard, usePaymentsOff } from './PaymentsOff';
import { PlanSummary } from './PlanSummary';
import { useEmbeddedCheckout } from './useEmbeddedCheckout';

/**
 * /checkout and /checkout/embedded: Stripe's embedded card form beside the order summary;
 * with no payment provider on the server, that notice instead.
 */
export function CheckoutScreen() {
  // Try Again mounts the checkout afresh: a new Stripe session and form.
  const [attempt, setAttempt] = useState(0);
  const paymentsOff = usePaymentsOff();
  if (paymentsOff) {
    return (
      <Screen width="narrow" className="checkout-screen">
        <PaymentsOffCard />
      </Screen>
    );
  }
  return <EmbeddedCheckout key={attempt} onRetry={() => setAttempt((n) => n + 1)} />;
}

function EmbeddedCheckout({ onRetry }: { onRetry: () => void }) {
  const formRef = useRef<HTMLDivElement>(null);
  const state = useEmbeddedCheckout(formRef);

  return (
    <Screen width="wide" className="checkout-screen">
      {state.step === 'failed' ? (
        <div className="checkout-error-wrap">
          <CheckoutErrorCard
            message={state.message}
            onRetry={onRetry}
            offerHostedCheckout={state.processorFailed}
          />
        </div>
      ) : (
        <>
          <CheckoutIntro />
          <div className="checkout-layout">
            <PlanSummary collapsible securedByStripe />
            <section
              className="checkout-form"
              aria-label="Payment"
              aria-busy={state.step === 'loading'}
            >
              {state.step === 'loading' && (
                <div className="checkout-form__loading" role="status">
                  <span className="pp-spinner" aria-hidden="true" />
                  <p>Setting up checkout...</p>
                </div>
              )}
              <div ref={formRef} className="checkout-form__mount" id="checkout" />
            </section>
          </div>
        </>
      )}
    </Screen>
  );
}
