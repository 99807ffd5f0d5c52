/**
 * Subscription rules both sides use. Kept free of zod so that the browser bundle, which needs only
 * these, does not pull in the schema library (domain/contract/auth.ts re-exports them).
 */
import type { ProAccess, SubscriptionInfo } from './contract/auth';

/** A paid subscriber has tier pro and an active subscription. */
export function isPaidSubscriber(
  info: Pick<SubscriptionInfo, 'subscriptionTier' | 'isActive'> | null | undefined,
): boolean {
  return info?.subscriptionTier === 'pro' && info.isActive;
}

/**
 * Why an account has the Pro tools, or 'none': a paid subscription first, then the operator's grant,
 * then a server without payments whose operator opened every tool to every account (the default
 * there). With payments configured, only a subscription or a grant counts.
 */
export function proAccessOf(account: {
  paid: boolean;
  granted: boolean;
  paymentsEnabled: boolean;
  /** The operator's rule in Settings → Plans; null when never chosen (every account, by default). */
  everyAccountPro: boolean | null;
}): ProAccess {
  if (account.paid) return 'subscription';
  if (account.granted) return 'granted';
  if (!account.paymentsEnabled && (account.everyAccountPro ?? true)) return 'everyone';
  return 'none';
}

/**
 * Whether the account may use the Pro tools, as the server said. An answer from an older server,
 * without `access`, counts a paid subscription only.
 */
export function hasProAccess(info: SubscriptionInfo | null | undefined): boolean {
  if (!info) return false;
  return info.access ? info.access !== 'none' : isPaidSubscriber(info);
}

/** The fallback when the subscription lookup fails: no plan, so nothing paid unlocks by mistake. */
export const NO_SUBSCRIPTION: SubscriptionInfo = {
  subscriptionTier: 'none',
  isActive: false,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  access: 'none',
};
