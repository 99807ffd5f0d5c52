/** The rep's CRM connections: which CRMs this server offers, the rep's, connect and disconnect. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CrmConnectResponse,
  CrmConnectionsResponse,
  CrmProvider,
  CrmRecordsResponse,
} from '../../../domain/contract/crm';
import { api } from '../../data/api';
import { onlineOnce } from '../account/account.queries';

export const crmKeys = {
  connections: (userId: number) => ['crm', 'connections', userId] as const,
  // Not under 'crm': the connections are kept for offline use, a search's answers are not.
  records: (userId: number, provider: CrmProvider, q: string) =>
    ['crmRecords', userId, provider, q] as const,
};

/** GET /api/crm */
export const crmConnectionsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: crmKeys.connections(userId),
    queryFn: ({ signal }) => api.get<CrmConnectionsResponse>('/api/crm', signal),
  });

/** GET /api/crm/:provider/records?q= : asked only with 2 letters or more. */
export const crmRecordsQueryOptions = (userId: number, provider: CrmProvider, q: string) =>
  queryOptions({
    queryKey: crmKeys.records(userId, provider, q),
    queryFn: ({ signal }) =>
      api.get<CrmRecordsResponse>(
        `/api/crm/${provider}/records?q=${encodeURIComponent(q)}`,
        signal,
      ),
    enabled: q.trim().length >= 2,
    staleTime: 60_000,
    retry: false,
  });

/**
 * POST /api/crm/:provider/connect, then off to the CRM's consent page; it sends the rep back to
 * /account with how it went.
 */
export function useConnectCrm(userId: number) {
  return useMutation({
    mutationFn: (provider: CrmProvider) =>
      api.post<CrmConnectResponse>(`/api/crm/${provider}/connect`, {}, userId),
    ...onlineOnce,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** DELETE /api/crm/:provider: ended at the CRM, and forgotten here. */
export function useDisconnectCrm(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: CrmProvider) => api.delete(`/api/crm/${provider}`, userId),
    ...onlineOnce,
    onSettled: () => queryClient.invalidateQueries({ queryKey: crmKeys.connections(userId) }),
  });
}
