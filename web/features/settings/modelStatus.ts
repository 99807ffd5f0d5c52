/**
 * Whether this server has a language model connected, and whether the signed-in user runs the
 * server (its operator). Small on purpose: the landing page's first-visit bundle carries it.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '../../../domain/contract/auth';
import type { CapabilitiesResponse } from '../../../domain/contract/settings';
import { ErrorCode } from '../../../domain/contract/errors';
import { ApiError, api } from '../../data/api';
import { useHydrating } from '../../prerender/takeover';

type Capabilities = CapabilitiesResponse;

export const capabilitiesKey = ['capabilities'] as const;

/**
 * GET /api/capabilities, no session needed. Fresh for half a minute: an operator who connects a
 * model sees the notices go at once (the save refreshes this), a rep within a visit or two.
 */
export const capabilitiesQueryOptions = queryOptions({
  queryKey: capabilitiesKey,
  queryFn: ({ signal }) => api.get<Capabilities>('/api/capabilities', signal),
  staleTime: 30_000,
  retry: 1,
});

/**
 * True when the server says no model is connected; false when one is, and while the answer is not
 * in yet (no answer offline): a notice appears only once the server has said so, never a guess. During
 * the takeover of a prerendered page it is false too, as the build drew the page.
 */
export function useNoModel(): boolean {
  const hydrating = useHydrating();
  const { data } = useQuery({ ...capabilitiesQueryOptions, enabled: !hydrating });
  return !hydrating && data?.modelConnected === false;
}

/** The operator is the one account that can connect the model (Settings → Model). */
export function isOperator(user: User | null | undefined): boolean {
  // A user cached from an older server lacks the flag: not the operator.
  return user?.isOperator === true;
}

/**
 * The server's answer to a call only a model can answer, on a server with none: a known setup, not a
 * failure. Only its own code counts: a database outage also answers 503 (`unavailable`).
 */
export function isNoModelError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.code === ErrorCode.noModel;
}

/** Records what such an answer says, so every notice shows it at once (instead of a red error). */
export function useNoteNoModel(): () => void {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.setQueryData<Capabilities>(capabilitiesKey, { modelConnected: false }),
    [queryClient],
  );
}
