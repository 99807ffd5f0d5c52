/** Settings → Connections: the CRM apps the operator registered (GET, PUT, DELETE). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CrmAppInput, CrmProvider, CrmSettingsResponse } from '../../../domain/contract/crm';
import { api } from '../../data/api';

export const crmSettingsKey = ['settings', 'crm'] as const;

export const crmSettingsQueryOptions = queryOptions({
  queryKey: crmSettingsKey,
  queryFn: ({ signal }) => api.get<CrmSettingsResponse>('/api/settings/crm', signal),
  staleTime: 0,
  // A refusal (not the operator) is an answer, not a blip.
  retry: false,
});

/** After a change: these settings, and every account page's list of CRMs on offer. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (settings: CrmSettingsResponse) => {
    queryClient.setQueryData(crmSettingsKey, settings);
    void queryClient.invalidateQueries({ queryKey: ['crm'] });
  };
}

/** PUT /api/settings/crm/:provider */
export function useSaveCrmApp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ provider, input }: { provider: CrmProvider; input: CrmAppInput }) =>
      api.put<CrmSettingsResponse>(`/api/settings/crm/${provider}`, input),
    networkMode: 'always',
    onSuccess: refresh,
  });
}

/** DELETE /api/settings/crm/:provider */
export function useRemoveCrmApp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (provider: CrmProvider) =>
      api.delete<CrmSettingsResponse>(`/api/settings/crm/${provider}`),
    networkMode: 'always',
    onSuccess: refresh,
  });
}
