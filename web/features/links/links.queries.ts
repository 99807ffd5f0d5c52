/**
 * Share links (POST, GET, PATCH, DELETE /api/shares): made on the server from the stored chat, so
 * they need a signal; the rep's list is only true now, so none is kept for offline reading.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Share, ShareChange, ShareInput } from '../../../domain/contract/share';
import { api } from '../../data/api';

export const linksKeys = { list: (userId: number) => ['share-links', userId] as const };

export const linksQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: linksKeys.list(userId),
    queryFn: ({ signal }) => api.get<Share[]>('/api/shares', signal),
  });

/** The page's full address, to share or copy. */
export const linkUrl = (share: Pick<Share, 'path'>) =>
  new URL(share.path, window.location.origin).toString();

export function useCreateLink(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareInput) => api.post<Share>('/api/shares', input, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKeys.list(userId) }),
  });
}

export function useChangeLink(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ShareChange }) =>
      api.patch<Share>(`/api/shares/${encodeURIComponent(id)}`, change, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKeys.list(userId) }),
  });
}

export function useRevokeLink(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/shares/${encodeURIComponent(id)}`, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKeys.list(userId) }),
  });
}

/** 'Anyone with the link, until 6 December' / 'Only you' / '… with no end'. */
export function whoCanOpen(share: Pick<Share, 'anyone' | 'expiresAt'>, now = Date.now()): string {
  const until =
    share.expiresAt &&
    new Date(share.expiresAt).toLocaleDateString(undefined, { day: 'numeric', month: 'long' });
  if (share.expiresAt && Date.parse(share.expiresAt) <= now) return `Ended on ${until}`;
  if (!share.anyone) return 'Only you can open it';
  if (!until) return 'Anyone with the link can open it, with no end';
  return `Anyone with the link can open it until ${until}`;
}
