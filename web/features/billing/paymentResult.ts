/** The payment result page's decision: success only for a payment it could confirm. */
import type { CheckoutStatus } from '../../../domain/contract/billing';

export type PaymentResult = 'loading' | 'success' | 'issue';

/** Where the lookup of the returned checkout session stands, and what it found. */
export type SessionLookup =
  { state: 'pending' } | { state: 'failed' } | { state: 'found'; checkout: CheckoutStatus };

/** A checkout Stripe reports finished and paid for (or with nothing to pay, as a 100% coupon). */
function isPaidCheckout({ status, paymentStatus }: CheckoutStatus): boolean {
  return (
    status === 'complete' && (paymentStatus === 'paid' || paymentStatus === 'no_payment_required')
  );
}

/**
 * Success only for a checkout session that was read and is paid. No session id (the page opened by
 * hand), an unpaid or unfinished session, an error answer or a thrown exception (the network) are a
 * payment issue: the page never claims a payment it could not confirm.
 */
export function paymentResult(sessionId: string | undefined, lookup: SessionLookup): PaymentResult {
  if (!sessionId) return 'issue';
  if (lookup.state === 'pending') return 'loading';
  return lookup.state === 'found' && isPaidCheckout(lookup.checkout) ? 'success' : 'issue';
}
