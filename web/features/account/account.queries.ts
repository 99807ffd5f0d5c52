/** Account → Password, Email and Devices: the changes they make and the devices list. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeEmailInput,
  ChangeEmailResponse,
  ChangePasswordInput,
  ChangePasswordResponse,
  DevicesResponse,
  SignOutResponse,
} from '../../../domain/contract/account';
import { api } from '../../data/api';
import { authKeys } from '../auth/auth.queries';

export const accountKeys = {
  devices: (userId: number) => ['account', 'devices', userId] as const,
};

/** GET /api/account/devices: never kept across restarts (a list of sessions is only true now). */
export const devicesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: accountKeys.devices(userId),
    queryFn: ({ signal }) => api.get<DevicesResponse>('/api/account/devices', signal),
  });

// A change of credentials is made online or not at all: offline it fails at once with a reason to
// show, never waits paused with a spinner, and never repeats on its own.
export const onlineOnce = { networkMode: 'always', retry: false } as const;

/** POST /api/account/password: every other device is signed out, so the devices list is stale. */
export function useChangePassword(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      api.post<ChangePasswordResponse>('/api/account/password', input, userId),
    ...onlineOnce,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.devices(userId) }),
  });
}

/** POST /api/account/email: the signed-in user now has the new address. */
export function useChangeEmail(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) =>
      api.post<ChangeEmailResponse>('/api/account/email', input, userId),
    ...onlineOnce,
    onSuccess: ({ user }) => queryClient.setQueryData(authKeys.user, user),
  });
}

/** POST /api/account/devices/:id/sign-out, or every other device with `id` 'others'. */
export function useSignOutDevice(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'others') =>
      api.post<SignOutResponse>(
        id === 'others'
          ? '/api/account/devices/sign-out-others'
          : `/api/account/devices/${encodeURIComponent(id)}/sign-out`,
        undefined,
        userId,
      ),
    ...onlineOnce,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.devices(userId) }),
  });
}
