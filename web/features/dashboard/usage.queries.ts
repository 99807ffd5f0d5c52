import { queryOptions } from '@tanstack/react-query';
import type { UsageResponse } from '../../../domain/contract/usage';
import { api } from '../../data/api';

/** GET /api/user/usage: the real counts behind the dashboard's usage cards. */
export const usageQueryOptions = queryOptions({
  queryKey: ['user', 'usage'] as const,
  queryFn: ({ signal }) => api.get<UsageResponse>('/api/user/usage', signal),
});
