/**
 * Stripe.js for the embedded checkout form. It loads from Stripe's own host (js.stripe.com) only
 * when checkout opens: the `pure` entry adds no script tag until `loadStripe` is called, and this
 * module is part of the checkout screen's lazy chunk.
 */
import type { Stripe, StripeEmbeddedCheckout } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { PaymentFormError, PaymentProcessorError } from './checkoutErrors';

/** A script that neither loads nor fails (a captive portal, a stalled connection) counts as failed after this. */
const LOAD_TIMEOUT_MS = 20_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Stripe.js with our publishable key; PaymentProcessorError when there is no key or it cannot load. */
export async function loadPaymentProcessor(
  publishableKey: string | null | undefined,
): Promise<Stripe> {
  if (!publishableKey) throw new PaymentProcessorError(new Error('no publishable key configured'));
  let stripe: Stripe | null;
  try {
    stripe = await withTimeout(loadStripe(publishableKey), LOAD_TIMEOUT_MS);
  } catch (error) {
    throw new PaymentProcessorError(error);
  }
  if (!stripe)
    throw new PaymentProcessorError(new Error('Stripe.js is not available in this environment'));
  return stripe;
}

/** Creates the embedded checkout for a session and mounts it; PaymentFormError when Stripe refuses. */
export async function mountEmbeddedCheckout(
  stripe: Stripe,
  clientSecret: string,
  element: HTMLElement,
): Promise<StripeEmbeddedCheckout> {
  let checkout: StripeEmbeddedCheckout;
  try {
    checkout = await stripe.createEmbeddedCheckoutPage({ clientSecret });
  } catch (error) {
    throw new PaymentFormError(error);
  }
  try {
    checkout.mount(element);
  } catch (error) {
    checkout.destroy();
    throw new PaymentFormError(error);
  }
  return checkout;
}
