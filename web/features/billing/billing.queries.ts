import { queryOptions } from '@tanstack/react-query';
import type { PlansResponse } from '../../../domain/contract/billing';
import { AUTH_DEDUPE_MS } from '../../../domain/limits';
import { api } from '../../data/api';

/**
 * GET /api/billing/plans. Pricing data has no auto refresh, no refetch on focus or reconnect, no
 * retry and a 60 s dedupe (spec §9).
 */
export const plansQueryOptions = queryOptions({
  queryKey: ['billing', 'plans'] as const,
  queryFn: ({ signal }) => api.get<PlansResponse>('/api/billing/plans', signal),
  staleTime: AUTH_DEDUPE_MS,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});
