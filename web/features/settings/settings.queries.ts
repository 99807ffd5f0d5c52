/** The operator's setup: claiming a fresh server, and Settings → Model (GET, PUT, Test). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../domain/contract/auth';
import { api } from '../../data/api';
import { authKeys } from '../auth/auth.queries';
import { capabilitiesKey } from './modelStatus';

/** GET /api/setup/status */
export interface SetupStatus {
  operatorExists: boolean;
}

/** What leaves the server about its model: never the key itself, only whether one is saved. */
export interface ModelSettings {
  baseUrl: string | null;
  hasApiKey: boolean;
  defaultModel: string | null;
  models: string[];
  connected: boolean;
  /** Fields the environment sets: they win, and the form shows them read-only. */
  locked: { baseUrl: boolean; apiKey: boolean; models: boolean };
  updatedAt: string | null;
}

/** PUT /api/settings/model. `apiKey`: left out keeps the saved key, null removes it. */
export interface ModelSettingsInput {
  baseUrl?: string | null;
  apiKey?: string | null;
  defaultModel: string;
  models: string[];
}

/** POST /api/settings/model/test: what the model server answered, in words the operator can act on. */
export type ModelTestResult = { ok: true; models: string[] } | { ok: false; problem: ModelTestProblem; message: string };
export type ModelTestProblem = 'unreachable' | 'unauthorized' | 'no_chat_models' | 'bad_response';

export const settingsKeys = {
  setupStatus: ['setup', 'status'] as const,
  model: ['settings', 'model'] as const,
};

export const setupStatusQueryOptions = queryOptions({
  queryKey: settingsKeys.setupStatus,
  queryFn: ({ signal }) => api.get<SetupStatus>('/api/setup/status', signal),
  staleTime: 0,
});

export const modelSettingsQueryOptions = queryOptions({
  queryKey: settingsKeys.model,
  queryFn: ({ signal }) => api.get<ModelSettings>('/api/settings/model', signal),
  staleTime: 0,
  // A refusal (not the operator) is an answer, not a blip.
  retry: false,
});

/** POST /api/setup/claim: the signed-in user becomes the operator; the cached user is the claimed one. */
export function useClaimSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<User>('/api/setup/claim', { token }),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user, user);
      queryClient.setQueryData<SetupStatus>(settingsKeys.setupStatus, { operatorExists: true });
    },
  });
}

/** PUT /api/settings/model; the saved settings take over the cache, and every model notice and picker is asked again. */
export function useSaveModelSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModelSettingsInput) => api.put<ModelSettings>('/api/settings/model', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.model, saved);
      void queryClient.invalidateQueries({ queryKey: capabilitiesKey });
      // The chat's model picker (chat.queries.ts): its list is the one just saved.
      void queryClient.invalidateQueries({ queryKey: ['models'] });
    },
  });
}

export function useTestModelConnection() {
  return useMutation({
    mutationFn: (input: { baseUrl?: string | null; apiKey?: string | null }) => api.post<ModelTestResult>('/api/settings/model/test', input),
  });
}

/** What a failed Test says, plainly; the server's own message follows it. */
export const TEST_PROBLEM_TITLES: Record<ModelTestProblem, string> = {
  unreachable: 'Could not reach the model server',
  unauthorized: 'The model server refused the key (401)',
  no_chat_models: 'The model server has no chat models',
  bad_response: "The model server's answer was not what an OpenAI-compatible server sends",
};
