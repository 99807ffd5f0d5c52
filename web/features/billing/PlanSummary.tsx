import { IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { checkmarkCircle, lockClosedOutline } from 'ionicons/icons';
import { PRODUCT_NAME } from '../../../domain/limits';
import { PRO_FEATURES, PRO_PLAN_TAGLINE } from '../../../domain/plans';
import { IonSkeletonText } from '../../ui/IonSkeletonText';
import { plansQueryOptions } from './billing.queries';
import { formatPrice } from './formatPrice';

interface PlanSummaryProps {
  /** How many of the Pro features to list; the rest are counted. */
  featureCount?: number;
  /** 'Secure payment by Stripe' under the list, on the checkout pages. */
  securedByStripe?: boolean;
  /** The features folded under 'What's included', so a phone sees the payment form sooner. */
  collapsible?: boolean;
}

/** The Pro plan at a glance: name, the one server-configured price and what it includes. */
export function PlanSummary({
  featureCount = PRO_FEATURES.length,
  securedByStripe = false,
  collapsible = false,
}: PlanSummaryProps) {
  const plans = useQuery(plansQueryOptions);
  const shown = PRO_FEATURES.slice(0, featureCount);
  const more = PRO_FEATURES.length - shown.length;
  const features = (
    <ul className="feature-list plan-summary__features">
      {shown.map((feature) => (
        <li key={feature}>
          <IonIcon icon={checkmarkCircle} color="primary" aria-hidden="true" />
          <span>{feature}</span>
        </li>
      ))}
      {more > 0 && <li className="plan-summary__more">and {more} more PRO features</li>}
    </ul>
  );

  return (
    <section className="plan-summary" aria-labelledby="plan-summary-heading">
      <p className="section-label plan-summary__label">Order summary</p>
      <div className="plan-summary__head">
        <div>
          <h2 id="plan-summary-heading">{PRODUCT_NAME} Pro</h2>
          <p className="muted">{PRO_PLAN_TAGLINE}</p>
        </div>
        <p className="plan-summary__price" data-testid="plan-summary-price">
          {plans.data ? (
            <>
              <strong>{formatPrice(plans.data.pro.amount, plans.data.pro.currency)}</strong>
              <span> / month</span>
            </>
          ) : plans.isError ? (
            <span className="muted">Price shown at payment</span>
          ) : (
            <IonSkeletonText
              animated
              className="plan-summary__price-skeleton"
              aria-label="Loading price"
            />
          )}
        </p>
      </div>
      <p className="plan-summary__billing">Billed monthly · cancel anytime</p>
      {collapsible ? (
        <details className="plan-summary__details">
          <summary>What&apos;s included ({shown.length} PRO features)</summary>
          {features}
        </details>
      ) : (
        features
      )}
      {securedByStripe && (
        <p className="plan-summary__secure">
          <IonIcon icon={lockClosedOutline} aria-hidden="true" />
          Secure payment by Stripe. {PRODUCT_NAME} never sees your card number.
        </p>
      )}
    </section>
  );
}
