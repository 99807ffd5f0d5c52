/** The rep's passkeys as the server lists them (GET), adding one on this device, removing one. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasskeyList, PasskeyOptionsInput } from '../../../domain/contract/passkeys';
import { api } from '../../data/api';
import { addPasskey } from '../auth/passkeys';
import { onlineOnce } from './account.queries';

export const passkeyKeys = {
  list: (userId: number) => ['account', 'passkeys', userId] as const,
};

export const passkeysQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: passkeyKeys.list(userId),
    queryFn: ({ signal }) => api.get<PasskeyList>('/api/account/passkeys', signal),
  });

/** Make a passkey on this device (the browser's sheet) and keep it; the list shows it at once. */
export function useAddPasskey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof?: PasskeyOptionsInput) => addPasskey(proof),
    ...onlineOnce,
    onSuccess: (passkey) =>
      queryClient.setQueryData<PasskeyList>(passkeyKeys.list(userId), (list) => ({
        passkeys: [passkey, ...(list?.passkeys ?? []).filter((p) => p.id !== passkey.id)],
      })),
  });
}

/** DELETE /api/account/passkeys/<id>: it signs in no more; the list drops it at once. */
export function useRemovePasskey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ ok: true }>(`/api/account/passkeys/${encodeURIComponent(id)}`),
    ...onlineOnce,
    onSuccess: (_, id) =>
      queryClient.setQueryData<PasskeyList>(passkeyKeys.list(userId), (list) =>
        list ? { passkeys: list.passkeys.filter((p) => p.id !== id) } : list,
      ),
  });
}
