import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { arrowBackOutline, informationCircleOutline } from 'ionicons/icons';
import type { PlansResponse } from '../../../domain/contract/billing';
import { PRODUCT_NAME } from '../../../domain/limits';
import { InlineIcon } from '../../ui/InlineIcon';
import { plansQueryOptions } from './billing.queries';

/** How a rep gets Pro on this server: by checkout, because every account has it, or by a grant. */
export type ProOffer = NonNullable<PlansResponse['proOffer']>;

/**
 * The server's offer, or undefined until the plans are known. An older server that names none and
 * has no payments gives Pro only by hand.
 */
export function proOfferOf(plans: PlansResponse | null | undefined): ProOffer | undefined {
  if (!plans) return undefined;
  return plans.proOffer ?? (plans.paymentsEnabled ? 'checkout' : 'granted');
}

export function useProOffer(): ProOffer | undefined {
  return proOfferOf(useQuery(plansQueryOptions).data);
}

/**
 * With no payment provider on the server, no screen offers a checkout that can only fail: the
 * checkout pages show PaymentsOffCard instead.
 */
export function usePaymentsOff(): boolean {
  return useQuery(plansQueryOptions).data?.paymentsEnabled === false;
}

const DETAIL = `This ${PRODUCT_NAME} server has no payment provider configured, so upgrading to Pro cannot be completed right now.`;

/**
 * What pricing and /pro say on a server without payments: what it offers instead. `operator`: the
 * person reading runs the server, and is shown where to change it. Plain elements: the pricing page
 * is prerendered and loads no Ionic.
 */
export function ServerOfferNote({
  offer,
  operator,
  id,
}: {
  offer: Exclude<ProOffer, 'checkout'>;
  operator: boolean;
  id?: string;
}) {
  return (
    <div className="callout" role="note" id={id}>
      <InlineIcon icon={informationCircleOutline} />
      <p>
        {offer === 'everyone' ? (
          <>
            <strong>Every tool is included on this server.</strong> Whoever runs this {PRODUCT_NAME}{' '}
            server has opened them all to every account: no payment and no plan to choose.
          </>
        ) : (
          <>
            <strong>Pro on this server is given by whoever runs it.</strong> There is no checkout
            here: ask them to give your account Pro.
          </>
        )}
        {operator && (
          <>
            {' '}
            You run this server: <Link to="/settings/plans">change it in Settings → Plans</Link>.
          </>
        )}
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
