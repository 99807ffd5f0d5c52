/** The rep's sales-kit files as the server lists them (GET), deleting one (DELETE), and the server's limits. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { KitFile, KitLimitsResponse } from '../../../domain/contract/kit';
import { api } from '../../data/api';

export const kitKeys = {
  /**
   * Under the 'kit' root, which queryClient.ts keeps across restarts: the list reads offline. (Not
   * 'files': that key held the bare list, before it carried `askedAt`.)
   */
  files: (userId: number) => ['kit', 'fileList', userId] as const,
  limits: (userId: number) => ['kit', 'limits', userId] as const,
};

/** The server's configured limits: they change only with its configuration, so asked once a day. */
export const kitLimitsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: kitKeys.limits(userId),
    queryFn: ({ signal }) => api.get<KitLimitsResponse>('/api/kit/limits', signal),
    staleTime: 24 * 60 * 60 * 1000,
  });

/**
 * The server's list of the rep's files, and when this device asked for it: a file stored before then
 * is in it unless it was deleted since; one stored after may be missing although the answer came
 * later (the server read the list first). Only this device's clock is compared (KitScreen.tsx).
 */
export interface KitFileList {
  files: KitFile[];
  askedAt: number;
}

export const kitFilesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: kitKeys.files(userId),
    queryFn: async ({ signal }): Promise<KitFileList> => {
      const askedAt = Date.now();
      return { files: await api.get<KitFile[]>('/api/kit/files', signal), askedAt };
    },
  });

/**
 * `file`, as the server just stored it, in the cached list (once, in the order stored). The list
 * keeps when it was asked for: it says nothing new of the other files.
 */
export function withStoredFile(list: KitFileList | undefined, file: KitFile): KitFileList {
  return {
    files: [...(list?.files ?? []).filter((f) => f.id !== file.id), file],
    askedAt: list?.askedAt ?? 0,
  };
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
      queryClient.setQueryData<KitFileList>(
        kitKeys.files(userId),
        (list) => list && { ...list, files: list.files.filter((file) => file.id !== id) },
      ),
  });
}
