import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { arrowBackOutline, informationCircleOutline } from 'ionicons/icons';
import { PRODUCT_NAME } from '../../../domain/limits';
import { InlineIcon } from '../../ui/InlineIcon';
import { plansQueryOptions } from './billing.queries';

/**
 * With no payment provider on the server, no screen offers a checkout that can only fail:
 * 'Upgrade to Pro' is disabled with this reason, and the checkout pages show it instead.
 * Plain elements: the pricing page is prerendered and loads no Ionic.
 */
export function usePaymentsOff(): boolean {
  return useQuery(plansQueryOptions).data?.paymentsEnabled === false;
}

const DETAIL = `This ${PRODUCT_NAME} server has no payment provider configured, so upgrading to Pro cannot be completed right now.`;

/** The note on pricing and /pro; `id` lets a disabled 'Upgrade to Pro' name it as its reason. */
export function PaymentsOffNote({ id }: { id?: string }) {
  return (
    <div className="callout" role="note" id={id}>
      <InlineIcon icon={informationCircleOutline} />
      <p>
        <strong>Payments are not set up yet.</strong> {DETAIL}
      </p>
    </div>
  );
}

/** What the checkout pages show instead of a form that would fail: the same words, and the way back. */
export function PaymentsOffCard() {
  return (
    <section className="state-card" aria-labelledby="payments-off-heading">
      <InlineIcon
        icon={informationCircleOutline}
        className="state-card__icon state-card__icon--warning"
      />
      <h1 id="payments-off-heading">Payments are not set up yet</h1>
      <p className="muted">{DETAIL}</p>
      <div className="state-card__actions">
        <Link to="/pricing" className="pp-button">
          <InlineIcon icon={arrowBackOutline} />
          Back to Pricing
        </Link>
      </div>
    </section>
  );
}
