/** The operator's setup: claiming a fresh server, and Settings → Model (GET, PUT, Test). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../domain/contract/auth';
import type {
  ModelSettingsInput,
  ModelSettingsResponse,
  ModelTestInput,
  ModelTestProblem,
  ModelTestResponse,
  SetupClaimResponse,
  SetupStatusResponse,
  SpeechSettingsInput,
  SpeechSettingsResponse,
  SpeechTestInput,
  SpeechTestResponse,
} from '../../../domain/contract/settings';
import { api } from '../../data/api';
import { authKeys } from '../auth/auth.queries';
import { capabilitiesKey } from './modelStatus';

export type { ModelSettingsInput, ModelTestProblem } from '../../../domain/contract/settings';
/** What leaves the server about its model: never the key itself, only whether one is saved. */
export type ModelSettings = ModelSettingsResponse;
export type ModelTestResult = ModelTestResponse;

export const settingsKeys = {
  setupStatus: ['setup', 'status'] as const,
  model: ['settings', 'model'] as const,
  speech: ['settings', 'speech'] as const,
};

export const setupStatusQueryOptions = queryOptions({
  queryKey: settingsKeys.setupStatus,
  queryFn: ({ signal }) => api.get<SetupStatusResponse>('/api/setup/status', signal),
  staleTime: 0,
});

export const modelSettingsQueryOptions = queryOptions({
  queryKey: settingsKeys.model,
  queryFn: ({ signal }) => api.get<ModelSettingsResponse>('/api/settings/model', signal),
  staleTime: 0,
  // A refusal (not the operator) is an answer, not a blip.
  retry: false,
});

/** POST /api/setup/claim: the signed-in user becomes the operator (and the cached user says so at once). */
export function useClaimSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<SetupClaimResponse>('/api/setup/claim', { token }),
    // Offline it fails at once with a reason to show, rather than pausing (TanStack's default) with a spinner.
    networkMode: 'always',
    onSuccess: () => {
      queryClient.setQueryData<User | null>(authKeys.user, (user) =>
        user ? { ...user, isOperator: true } : user,
      );
      queryClient.setQueryData<SetupStatusResponse>(settingsKeys.setupStatus, {
        operatorExists: true,
      });
    },
  });
}

/** PUT /api/settings/model; the saved settings take over the cache, and every model notice and picker is asked again. */
export function useSaveModelSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModelSettingsInput) =>
      api.put<ModelSettingsResponse>('/api/settings/model', input),
    // As the claim: a save made offline says so, never waits paused.
    networkMode: 'always',
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.model, saved);
      void queryClient.invalidateQueries({ queryKey: capabilitiesKey });
      // The speech model may be the chat model's server: what transcribes may have changed too.
      void queryClient.invalidateQueries({ queryKey: settingsKeys.speech });
      // The chat's model picker (chat.queries.ts): its list is the one just saved.
      void queryClient.invalidateQueries({ queryKey: ['models'] });
    },
  });
}

export function useTestModelConnection() {
  return useMutation({
    mutationFn: (input: ModelTestInput) =>
      api.post<ModelTestResponse>('/api/settings/model/test', input),
    networkMode: 'always',
  });
}

/** What a failed Test says, plainly; the server's own message follows it. */
export const TEST_PROBLEM_TITLES: Record<ModelTestProblem, string> = {
  unreachable: 'Could not reach the model server',
  unauthorized: 'The model server refused the key (401)',
  no_chat_models: 'The model server has no chat models',
  bad_response: "The model server's answer was not what an OpenAI-compatible server sends",
};

/** The speech model for voice debriefs (GET, PUT, Test), beside the chat model in Settings → Model. */
export const speechSettingsQueryOptions = queryOptions({
  queryKey: settingsKeys.speech,
  queryFn: ({ signal }) => api.get<SpeechSettingsResponse>('/api/settings/speech', signal),
  staleTime: 0,
  retry: false,
});

export function useSaveSpeechSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SpeechSettingsInput) =>
      api.put<SpeechSettingsResponse>('/api/settings/speech', input),
    networkMode: 'always',
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.speech, saved);
      // The debrief's 'transcription needs a speech model' reads the capabilities.
      void queryClient.invalidateQueries({ queryKey: capabilitiesKey });
    },
  });
}

export function useTestSpeech() {
  return useMutation({
    mutationFn: (input: SpeechTestInput) =>
      api.post<SpeechTestResponse>('/api/settings/speech/test', input),
    networkMode: 'always',
  });
}
