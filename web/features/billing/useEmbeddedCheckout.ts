import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { useToast } from '../../ui/ToastProvider';
import { createCheckoutSession, plansQueryOptions } from './billing.queries';
import {
  ALREADY_SUBSCRIBED,
  PaymentFormError,
  PaymentProcessorError,
  checkoutErrorMessage,
  isAlreadySubscribed,
} from './checkoutErrors';

export type EmbeddedCheckoutState =
  | { step: 'loading' }
  | { step: 'ready' }
  /** `processorFailed`: the session exists but Stripe.js or its form did not work here. */
  | { step: 'failed'; message: string; processorFailed: boolean };

/**
 * The checkout page's states: loading, then the form or an error. Opens a
 * Stripe checkout session and loads Stripe.js at the same time, then mounts the embedded form into
 * `container`. When both fail, the server's answer wins: 'please log in' or 'payments are not set
 * up' says more than a blocked script. Mount the caller afresh (a new `key`) to start over.
 */
export function useEmbeddedCheckout(container: RefObject<HTMLElement | null>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [state, setState] = useState<EmbeddedCheckoutState>({ step: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;

    void (async () => {
      // The Stripe.js loader is a chunk of its own: only a checkout that can go ahead fetches it.
      const processor = Promise.all([
        queryClient.fetchQuery(plansQueryOptions),
        import('./stripeEmbedded'),
      ]).then(
        ([plans, stripeEmbedded]) =>
          stripeEmbedded
            .loadPaymentProcessor(plans.publishableKey)
            .then((stripe) => ({ stripe, stripeEmbedded })),
        (error: unknown) => {
          throw new PaymentProcessorError(error);
        },
      );
      const [session, loaded] = await Promise.allSettled([
        createCheckoutSession('embedded'),
        processor,
      ]);
      if (cancelled) return;
      try {
        if (session.status === 'rejected') throw session.reason;
        if (loaded.status === 'rejected') throw loaded.reason;
        const element = container.current;
        if (!element) return;
        const checkout = await loaded.value.stripeEmbedded.mountEmbeddedCheckout(
          loaded.value.stripe,
          session.value.clientSecret,
          element,
        );
        if (cancelled) {
          checkout.destroy();
          return;
        }
        destroy = () => checkout.destroy();
        setState({ step: 'ready' });
      } catch (error) {
        if (cancelled) return;
        if (isAlreadySubscribed(error)) {
          toast({ ...ALREADY_SUBSCRIBED, color: 'primary' });
          void navigate({ to: '/', replace: true });
          return;
        }
        console.warn('Checkout could not start:', error);
        setState({
          step: 'failed',
          message: checkoutErrorMessage(error),
          processorFailed:
            error instanceof PaymentProcessorError || error instanceof PaymentFormError,
        });
      }
    })();

    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [container, queryClient, navigate, toast]);

  return state;
}
