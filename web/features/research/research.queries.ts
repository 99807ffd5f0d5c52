/**
 * Research: made on the server (POST /api/research), listed (GET /api/research) and read (GET
 * /api/research/:id). Each research made or opened is kept on the phone (keptResearch.ts), which is
 * what the screens read first, so it opens with no signal.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Research, ResearchInput, ResearchSummary } from '../../../domain/contract/research';
import { api } from '../../data/api';
import type { PitchpadDb } from '../../data/db';
import { keepResearch } from './keptResearch';

export const researchKeys = {
  list: (userId: number) => ['research', 'list', userId] as const,
  one: (userId: number, id: string) => ['research', 'one', userId, id] as const,
};

/** The rep's research on the server (made on any device), newest first. */
export const researchListQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: researchKeys.list(userId),
    queryFn: ({ signal }) => api.get<ResearchSummary[]>('/api/research', signal),
  });

/** One research from the server, kept on the phone as it arrives. */
export const researchQueryOptions = (db: PitchpadDb, userId: number, id: string) =>
  queryOptions({
    queryKey: researchKeys.one(userId, id),
    queryFn: async ({ signal }) => {
      const research = await api.get<Research>(`/api/research/${encodeURIComponent(id)}`, signal);
      await keepResearch(db, research);
      return research;
    },
  });

/** Research a subject (or refresh one): the answer is kept on the phone and opens at once. */
export function useResearch(db: PitchpadDb, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResearchInput) => api.post<Research>('/api/research', input, userId),
    onSuccess: async (research) => {
      await keepResearch(db, research);
      queryClient.setQueryData(researchKeys.one(userId, research.id), research);
      void queryClient.invalidateQueries({ queryKey: researchKeys.list(userId) });
    },
  });
}

/** Forget a research, on the server and on the phone. */
export function useForgetResearch(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/research/${encodeURIComponent(id)}`, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: researchKeys.list(userId) }),
  });
}
