/** Settings → Plans: the operator's rule (GET, PUT), finding accounts, and Pro grants. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PlanAccountsResponse,
  PlanGrantResponse,
  PlanSettingsResponse,
} from '../../../domain/contract/planSettings';
import { api } from '../../data/api';
import { authKeys, forgetProAccess } from '../auth/auth.queries';
import { plansQueryOptions } from '../billing/billing.queries';

export type { PlanAccount, PlanSettingsResponse } from '../../../domain/contract/planSettings';

export const planSettingsKeys = {
  all: ['settings', 'plans'] as const,
  accounts: (q: string) => ['settings', 'plans', 'accounts', q] as const,
};

export const planSettingsQueryOptions = queryOptions({
  queryKey: planSettingsKeys.all,
  queryFn: ({ signal }) => api.get<PlanSettingsResponse>('/api/settings/plans', signal),
  staleTime: 0,
  // A refusal (not the operator) is an answer, not a blip.
  retry: false,
});

/** Accounts whose name, username or email hold the words of `q` (trimmed, non-empty). */
export function planAccountsQueryOptions(q: string) {
  return queryOptions({
    queryKey: planSettingsKeys.accounts(q),
    queryFn: ({ signal }) =>
      api.get<PlanAccountsResponse>(
        `/api/settings/plans/accounts?q=${encodeURIComponent(q)}`,
        signal,
      ),
    enabled: q.length > 0,
    staleTime: 0,
    retry: false,
    // While the next letters are looked up, the last answer stays on screen.
    placeholderData: keepPreviousData,
  });
}

/**
 * Everything that reads who has Pro is asked again after a change: these settings, the lists of
 * accounts, pricing's offer, and the operator's own plan (they may have granted themselves).
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return (settings?: PlanSettingsResponse) => {
    if (settings) queryClient.setQueryData(planSettingsKeys.all, settings);
    void queryClient.invalidateQueries({ queryKey: planSettingsKeys.all });
    void queryClient.invalidateQueries({ queryKey: plansQueryOptions.queryKey });
    void forgetProAccess(queryClient);
    void queryClient.invalidateQueries({ queryKey: authKeys.user });
  };
}

/** PUT /api/settings/plans: every account gets every tool, or only the granted ones. */
export function useSavePlanRule() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (everyAccountPro: boolean) =>
      api.put<PlanSettingsResponse>('/api/settings/plans', { everyAccountPro }),
    networkMode: 'always',
    onSuccess: (settings) => refresh(settings),
  });
}

/** PUT (grant) or DELETE (revoke) /api/settings/plans/grants/:userId. */
export function useSetGrant() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ userId, granted }: { userId: number; granted: boolean }) => {
      const path = `/api/settings/plans/grants/${userId}`;
      return granted ? api.put<PlanGrantResponse>(path) : api.delete<PlanGrantResponse>(path);
    },
    networkMode: 'always',
    onSuccess: () => refresh(),
  });
}
