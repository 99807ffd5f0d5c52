/** The rep's sales-kit files as the server lists them (GET), deleting one (DELETE), and the server's limits. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { KitFile, KitLimitsResponse } from '../../../domain/contract/kit';
import { api } from '../../data/api';

export const kitKeys = {
  /** Under the 'kit' root, which queryClient.ts keeps across restarts: the list reads offline. */
  files: (userId: number) => ['kit', 'files', userId] as const,
  limits: (userId: number) => ['kit', 'limits', userId] as const,
};

/** The server's configured limits: they change only with its configuration, so asked once a day. */
export const kitLimitsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: kitKeys.limits(userId),
    queryFn: ({ signal }) => api.get<KitLimitsResponse>('/api/kit/limits', signal),
    staleTime: 24 * 60 * 60 * 1000,
  });

export const kitFilesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: kitKeys.files(userId),
    queryFn: ({ signal }) => api.get<KitFile[]>('/api/kit/files', signal),
  });

/** `file`, as the server just stored it, in the cached list (once, in the order stored). */
export function withStoredFile(files: KitFile[] | undefined, file: KitFile): KitFile[] {
  return [...(files ?? []).filter((f) => f.id !== file.id), file];
}

/** DELETE /api/kit/files/<id>: the file and its passages leave the server; the list drops it at once. */
export function useDeleteKitFile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/kit/files/${id}`, userId),
    // Offline it fails at once with a reason to show, rather than pausing with a spinner.
    networkMode: 'always',
    retry: false,
    onSuccess: (_, id) =>
      queryClient.setQueryData<KitFile[]>(kitKeys.files(userId), (files) =>
        files?.filter((file) => file.id !== id),
      ),
  });
}
