/** Settings → Web search: the engine research searches the web with (GET, PUT, DELETE, Test). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  WebSearchSettingsInput,
  WebSearchSettingsResponse,
  WebSearchTestResponse,
} from '../../../domain/contract/webSearch';
import { api } from '../../data/api';
import { capabilitiesKey } from './modelStatus';

export const webSearchSettingsKey = ['settings', 'web-search'] as const;

export const webSearchSettingsQueryOptions = queryOptions({
  queryKey: webSearchSettingsKey,
  queryFn: ({ signal }) => api.get<WebSearchSettingsResponse>('/api/settings/web-search', signal),
  staleTime: 0,
  // A refusal (not the operator) is an answer, not a blip.
  retry: false,
});

/**
 * After a save or a disconnect: the screen shows what the server stored, and the capabilities are
 * asked again, so the research screen says at once whether it can search.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return (settings: WebSearchSettingsResponse) => {
    queryClient.setQueryData(webSearchSettingsKey, settings);
    void queryClient.invalidateQueries({ queryKey: capabilitiesKey });
  };
}

/** PUT /api/settings/web-search */
export function useSaveWebSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: WebSearchSettingsInput) =>
      api.put<WebSearchSettingsResponse>('/api/settings/web-search', input),
    // Offline it fails at once with a reason to show, rather than pausing with a spinner.
    networkMode: 'always',
    onSuccess: refresh,
  });
}

/** DELETE /api/settings/web-search */
export function useDisconnectWebSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.delete<WebSearchSettingsResponse>('/api/settings/web-search'),
    networkMode: 'always',
    onSuccess: refresh,
  });
}

/** POST /api/settings/web-search/test: one search with the engine in use (saved or set by the environment). */
export function useTestWebSearch() {
  return useMutation({
    mutationFn: () => api.post<WebSearchTestResponse>('/api/settings/web-search/test'),
    networkMode: 'always',
  });
}
