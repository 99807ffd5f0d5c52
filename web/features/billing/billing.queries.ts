import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  CheckoutSessionResponse,
  CheckoutStatus,
  PlansResponse,
} from '../../../domain/contract/billing';
import { AUTH_DEDUPE_MS } from '../../../domain/limits';
import { api } from '../../data/api';
import { authKeys } from '../auth/auth.queries';

/**
 * GET /api/billing/plans. Pricing data has no auto refresh, no refetch on focus or reconnect, no
 * retry and a 60 s dedupe: a price does not change while the page is open.
 */
export const plansQueryOptions = queryOptions({
  queryKey: ['billing', 'plans'] as const,
  queryFn: ({ signal }) => api.get<PlansResponse>('/api/billing/plans', signal),
  staleTime: AUTH_DEDUPE_MS,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

/**
 * POST /api/create-checkout-session: `{clientSecret}` for the embedded form (an empty body),
 * `{url}` for the hosted page. Called once per screen visit, never retried: each call opens a
 * Stripe session.
 */
export function createCheckoutSession(uiMode: 'embedded'): Promise<{ clientSecret: string }>;
export function createCheckoutSession(uiMode: 'hosted'): Promise<{ url: string }>;
export function createCheckoutSession(
  uiMode: 'embedded' | 'hosted',
): Promise<CheckoutSessionResponse> {
  return api.post<CheckoutSessionResponse>(
    '/api/create-checkout-session',
    uiMode === 'hosted' ? { uiMode } : {},
  );
}

/**
 * GET /api/checkout-session/{id} for the result page. Not under 'billing' (which is persisted) and
 * not retried: the page decides on the first answer.
 */
export function checkoutStatusQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['checkout', 'session', sessionId] as const,
    queryFn: ({ signal }) =>
      api.get<CheckoutStatus>(`/api/checkout-session/${encodeURIComponent(sessionId)}`, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /api/billing-portal: the Stripe billing portal's address for this user. */
export function createBillingPortalSession(): Promise<{ url: string }> {
  return api.post<{ url: string }>('/api/billing-portal');
}

/**
 * Re-reads who is signed in and what they pay for, e.g. after checkout or the billing portal, so
 * the header, the dashboard and the Pro gates see the change.
 */
export function useRefreshSubscription(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...authKeys.all, 'subscription'] }),
      queryClient.invalidateQueries({ queryKey: authKeys.user }),
    ]);
  }, [queryClient]);
}
