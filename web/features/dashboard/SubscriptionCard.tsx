import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { checkmarkCircle, diamond, lockClosedOutline, sparklesOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { PRO_FEATURES } from '../../../domain/plans';
import { IonSkeletonText } from '../../ui/IonSkeletonText';
import { LinkButton } from '../../ui/LinkButton';
import { useToast } from '../../ui/ToastProvider';
import { useAuth } from '../auth/auth.queries';
import {
  createBillingPortalSession,
  plansQueryOptions,
  useRefreshSubscription,
} from '../billing/billing.queries';
import { formatPrice } from '../billing/formatPrice';
import { useProOffer } from '../billing/PaymentsOff';

/** '$10 / month' from the server's plans, or nothing until they are known. */
function usePriceLine(): string | null {
  const plans = useQuery(plansQueryOptions);
  return plans.data
    ? `${formatPrice(plans.data.pro.amount, plans.data.pro.currency)} / month`
    : null;
}

/**
 * 'PRO Plan' with its features and 'Manage Payment Method' (the Stripe billing portal) for paid
 * users; Pro granted by the operator, or every tool on a server open to all, with the same features
 * and nothing to pay; otherwise 'No Active Plan' and how to get Pro here ('Upgrade to PRO Plan'
 * where it is sold).
 */
export function SubscriptionCard() {
  const { proAccess, isSubscriptionLoading } = useAuth();
  const offer = useProOffer();
  const priceLine = usePriceLine();
  const refreshSubscription = useRefreshSubscription();

  // The plan may have changed elsewhere: in the billing portal (which returns here) or a checkout.
  useEffect(() => {
    void refreshSubscription();
  }, [refreshSubscription]);

  if (isSubscriptionLoading) {
    return (
      <section className="panel subscription" aria-label="Subscription">
        <IonSkeletonText animated style={{ width: '40%', height: '1.4rem' }} />
        <IonSkeletonText animated style={{ width: '80%' }} />
      </section>
    );
  }

  if (proAccess !== 'none') {
    return (
      <section
        className="panel subscription subscription--pro"
        aria-labelledby="subscription-heading"
      >
        <div className="subscription__head">
          <IonIcon icon={diamond} className="subscription__icon" aria-hidden="true" />
          <div>
            <h2 id="subscription-heading">
              {proAccess === 'everyone' ? 'Every tool, included' : 'PRO Plan'}
            </h2>
            <p className="muted">
              {proAccess === 'subscription'
                ? `Active · ${priceLine ?? 'billed monthly'}`
                : proAccess === 'granted'
                  ? 'Active · given by this server’s operator, nothing to pay'
                  : 'This server opens every tool to every account, nothing to pay'}
            </p>
          </div>
        </div>
        <ul className="feature-list">
          {PRO_FEATURES.map((feature) => (
            <li key={feature}>
              <IonIcon icon={checkmarkCircle} color="primary" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
        {proAccess === 'subscription' && <ManagePaymentButton />}
      </section>
    );
  }
  const sold = offer === undefined || offer === 'checkout';

  return (
    <section className="panel subscription" aria-labelledby="subscription-heading">
      <div className="subscription__head">
        <IonIcon
          icon={sparklesOutline}
          className="subscription__icon subscription__icon--muted"
          aria-hidden="true"
        />
        <div>
          <h2 id="subscription-heading">No Active Plan</h2>
          <p className="muted">
            You are on the free tier. Pro unlocks the PRO tools: GTM plans, cold emails, personas
            and more
            {sold
              ? priceLine
                ? `, for ${priceLine}.`
                : '.'
              : '. On this server Pro is given by whoever runs it: ask them for it.'}
          </p>
        </div>
      </div>
      {sold && (
        <LinkButton to="/pricing" expand="block">
          Upgrade to PRO Plan
        </LinkButton>
      )}
    </section>
  );
}

/** Opens the Stripe billing portal, where a paying user changes their card or cancels. */
function ManagePaymentButton() {
  const toast = useToast();
  const [opening, setOpening] = useState(false);

  const handleClick = async () => {
    setOpening(true);
    try {
      const { url } = await createBillingPortalSession();
      window.location.assign(url);
    } catch (error) {
      setOpening(false);
      toast({
        header: 'Billing portal unavailable',
        message:
          error instanceof Error
            ? error.message
            : 'Could not open the billing portal. Please try again.',
        color: 'danger',
      });
    }
  };

  return (
    <IonButton fill="outline" expand="block" onClick={() => void handleClick()} disabled={opening}>
      {opening ? (
        <IonSpinner name="dots" aria-label="Opening the billing portal" />
      ) : (
        <>
          <IonIcon slot="start" icon={lockClosedOutline} aria-hidden="true" />
          Manage Payment Method
        </>
      )}
    </IonButton>
  );
}
