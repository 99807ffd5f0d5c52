import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AnalyzeStartupResponse, StartupSummary } from '../../../domain/contract/analysis';
import { api, isClientError } from '../../data/api';

/** An idea and its analysis, as GET /api/analyses/{id} answers. */
export interface SavedAnalysis {
  idea: string;
  summary: StartupSummary;
}

export const analysisKeys = {
  one: (id: number) => ['analysis', id] as const,
};

/** GET /api/analyses/{id}: an analysis of this user or this browser's guest session; it never changes. */
export function analysisQueryOptions(id: number) {
  return queryOptions({
    queryKey: analysisKeys.one(id),
    queryFn: ({ signal }) => api.get<SavedAnalysis>(`/api/analyses/${id}`, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failures, error) => !isClientError(error) && failures < 2,
  });
}

/**
 * POST /api/analyze-startup. Never retried by the client: the server already asks the model twice
 * on a bad answer, and every call counts against the guest's hourly allowance.
 */
export function useAnalyzeStartup() {
  return useMutation({
    mutationFn: (idea: string) =>
      api.post<AnalyzeStartupResponse>('/api/analyze-startup', { idea }),
    retry: false,
  });
}

/** POST /api/guest/save-analysis: the guest's email and updates choice, applied when they register. */
export function saveGuestAnalysis(input: {
  email: string;
  updates: boolean;
}): Promise<{ ok: boolean }> {
  return api.post<{ ok: boolean }>('/api/guest/save-analysis', input);
}
