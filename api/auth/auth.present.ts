import type { SubscriptionInfo, User } from '../../domain/contract/auth';
import type { SessionUser, UserRow } from './lucia';

/** The user as it leaves the server: a whitelist, so a password hash never can. */
export function presentUser(u: Omit<UserRow, 'password'>): User {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    name: u.name,
    createdAt: new Date(u.created_at).toISOString(),
    authProvider: u.auth_provider,
    subscriptionTier: u.subscription_tier === 'pro' ? 'pro' : 'none',
    subscriptionActive: u.subscription_active === 'true',
    isOperator: u.is_operator === true,
  };
}

export function presentSubscription(u: SessionUser): SubscriptionInfo {
  return {
    subscriptionTier: u.subscription_tier === 'pro' ? 'pro' : 'none',
    isActive: u.subscription_active === 'true',
    stripeCustomerId: u.stripe_customer_id,
    stripeSubscriptionId: u.stripe_subscription_id,
    access: u.pro_access,
  };
}
