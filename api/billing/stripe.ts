// The one module that imports the Stripe SDK. STRIPE_API_URL points it at another host (tests use
// tests/fakes/stripe.ts on loopback).
import { Stripe } from 'stripe';
import type { Config } from '../config';

export type { Stripe };

/** The Stripe client, or null when no secret key is configured (payments are then 'not set up'). */
export function createStripe(config: Config): Stripe | null {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return null;
  const api = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: 'Pitchpad' },
  });
}

/** Whether a Stripe subscription status means the customer has Pro. */
export function isActiveStatus(status: string): boolean {
  return status === 'active' || status === 'trialing';
}
