/** The payment result page's decision (spec §4 'Payment result', as issue 7 corrects it). */

export type PaymentResult = 'loading' | 'success' | 'issue';

/** Where the lookup of the returned checkout session stands. */
export type SessionLookup = 'pending' | 'succeeded' | 'failed';

/**
 * Success when Stripe sent no session id (nothing to check) or the session was read without an
 * error; an error answer OR a thrown exception (the network) is a payment issue: the page must
 * never claim a payment it could not confirm.
 */
export function paymentResult(sessionId: string | undefined, lookup: SessionLookup): PaymentResult {
  if (!sessionId) return 'success';
  if (lookup === 'pending') return 'loading';
  return lookup === 'succeeded' ? 'success' : 'issue';
}
