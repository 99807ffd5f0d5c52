import { z } from 'zod';

/** GET /api/billing/plans: the one server-configured price, shown on every screen so no two disagree. */
export const PlansResponse = z.object({
  pro: z.object({
    amount: z.number(),
    currency: z.string(),
    interval: z.literal('month'),
  }),
  /** False when no Stripe key is configured: pricing and checkout say payments are not set up. */
  paymentsEnabled: z.boolean(),
  /**
   * How a rep gets Pro on this server: 'checkout' (payments are set up), 'everyone' (no payments,
   * and every account gets every tool) or 'granted' (no payments; the operator grants Pro). Optional:
   * an answer kept from an older server has none.
   */
  proOffer: z.enum(['checkout', 'everyone', 'granted']).optional(),
  contactEmail: z.string(),
  /** Stripe.js's publishable key for the embedded form (null when payments are not set up). */
  publishableKey: z.string().nullable(),
});
export type PlansResponse = z.infer<typeof PlansResponse>;

/** POST /api/create-checkout-session: empty body = the embedded form; `hosted` = the alternative page. */
export const CheckoutSessionInput = z.object({
  uiMode: z.enum(['embedded', 'hosted']).default('embedded'),
});
/** `{clientSecret}` for the embedded form, `{url}` for the hosted page. */
export const CheckoutSessionResponse = z.union([
  z.object({ clientSecret: z.string() }),
  z.object({ url: z.string() }),
]);
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponse>;

/** GET /api/checkout-session/{id}: the result page's view of a checkout. */
export const CheckoutStatus = z.object({
  /** Stripe's checkout status: 'open', 'complete' or 'expired'. */
  status: z.string(),
  paymentStatus: z.string(),
  /** True once the user's Pro subscription is active in our database. */
  subscriptionActive: z.boolean(),
});
export type CheckoutStatus = z.infer<typeof CheckoutStatus>;

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not set up on this server yet.';
export const CHECKOUT_LOGIN_REQUIRED = 'Please log in to continue with checkout.';
