/**
 * Subscription rules both sides use. Kept free of zod so that the browser bundle, which needs only
 * these, does not pull in the schema library (domain/contract/auth.ts re-exports them).
 */
import type { SubscriptionInfo } from './contract/auth';

/** A paid subscriber has tier pro and an active subscription. */
export function isPaidSubscriber(
  info: Pick<SubscriptionInfo, 'subscriptionTier' | 'isActive'> | null | undefined,
): boolean {
  return info?.subscriptionTier === 'pro' && info.isActive;
}

/** The fallback when the subscription lookup fails: no plan, so nothing paid unlocks by mistake. */
export const NO_SUBSCRIPTION: SubscriptionInfo = {
  subscriptionTier: 'none',
  isActive: false,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
};
