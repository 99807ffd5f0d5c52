import { createRoute, redirect } from '@tanstack/react-router';
import { DEFAULT_BILLING, DEFAULT_PLAN } from '../../domain/limits';
import { CHECKOUT_PATH } from '../features/auth/postLoginDestination';
import { ALREADY_SUBSCRIBED, CHECKOUT_LOGIN_REQUIRED } from '../features/billing/billingText';
import { loadPlanAccess } from '../features/auth/auth.queries';
import { requireUser } from './guards';
import { rootRoute } from './root';
import { optionalTextParams } from './search';
import { lazyScreen } from './lazyScreen';

// The checkout routes. The screens are lazy chunks: Stripe.js and its loader
// never reach the landing page.

const checkoutSearch = optionalTextParams('plan', 'billing');

/** /checkout and /checkout/embedded: the embedded card form. Signed in; no plan chosen means the defaults. */
const embeddedCheckout = (path: 'checkout' | 'checkout/embedded') =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    validateSearch: checkoutSearch,
    beforeLoad: async (args) => {
      await requireUser(args, CHECKOUT_LOGIN_REQUIRED);
      const { plan, billing } = args.search;
      // A bare /checkout, as from an old link, gets the defaults: plan pro, billing monthly.
      if (!plan || !billing) {
        const defaults = new URLSearchParams({
          plan: plan || DEFAULT_PLAN,
          billing: billing || DEFAULT_BILLING,
        });
        throw redirect({ href: `/${path}?${defaults}`, replace: true });
      }
    },
    component: lazyScreen(() => import('../features/billing/CheckoutScreen'), 'CheckoutScreen'),
  });

export const checkoutRoute = embeddedCheckout('checkout');
export const checkoutEmbeddedRoute = embeddedCheckout('checkout/embedded');

/** /checkout/completed: the payment result, for everyone. */
export const checkoutCompletedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'checkout/completed',
  validateSearch: optionalTextParams('session_id'),
  component: lazyScreen(
    () => import('../features/billing/CheckoutCompletedScreen'),
    'CheckoutCompletedScreen',
  ),
});

/** /simple-checkout and /stripe-checkout: the alternative, Stripe-hosted checkout page. Signed in. */
const hostedCheckout = (path: 'simple-checkout' | 'stripe-checkout') =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: (args) => requireUser(args, CHECKOUT_LOGIN_REQUIRED),
    component: lazyScreen(
      () => import('../features/billing/HostedCheckoutScreen'),
      'HostedCheckoutScreen',
    ),
  });

export const simpleCheckoutRoute = hostedCheckout('simple-checkout');
export const stripeCheckoutRoute = hostedCheckout('stripe-checkout');

/** /checkout-pro: straight on to the monthly Pro checkout. */
export const checkoutProRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'checkout-pro',
  beforeLoad: () => {
    throw redirect({ href: CHECKOUT_PATH, replace: true });
  },
});

/**
 * /checkout-auth: guests log in first (/login-pro); a paying user already has Pro and sees their
 * tools; everyone else goes on to checkout.
 */
export const checkoutAuthRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'checkout-auth',
  beforeLoad: async ({ context, preload }) => {
    const access = await loadPlanAccess(context.queryClient);
    if (access === 'guest') throw redirect({ to: '/login-pro', replace: true });
    if (access === 'paid') {
      if (!preload) context.toast({ ...ALREADY_SUBSCRIBED, color: 'primary' });
      throw redirect({ to: '/pro', replace: true });
    }
    throw redirect({ href: CHECKOUT_PATH, replace: true });
  },
});

/** /login-pro: log in, then on to checkout (via /checkout-auth, which skips it for paying users). */
export const loginProRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login-pro',
  beforeLoad: async ({ context }) => {
    if ((await loadPlanAccess(context.queryClient)) !== 'guest')
      throw redirect({ to: '/checkout-auth', replace: true });
  },
  component: lazyScreen(() => import('../features/billing/LoginProScreen'), 'LoginProScreen'),
});
