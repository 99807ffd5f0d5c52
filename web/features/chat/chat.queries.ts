/**
 * Server reads for the chat workspace. The chat list and each chat are not read from the query
 * cache by the screen: their query functions write the answer into the local database (the screen
 * renders from there), so the query only schedules refreshes and reports failures.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ModelsResponse } from '../../../domain/contract/chat';
import type { KitPassage } from '../../../domain/contract/kit';
import { api, ApiError } from '../../data/api';
import type { PitchpadDb } from '../../data/db';
import { pullChat, pullChatList } from '../../data/sync';

export const chatKeys = {
  models: ['models'] as const,
  list: (userId: number) => ['chats', userId] as const,
  chat: (userId: number, chatId: string) => ['chats', userId, chatId] as const,
};

/** GET /api/models: the picker's list (the offline drafter alone when no model is configured). */
export const modelsQueryOptions = queryOptions({
  queryKey: chatKeys.models,
  queryFn: ({ signal }) => api.get<ModelsResponse>('/api/models', signal),
});

/**
 * GET /api/chats into the local database (sync.ts). Refreshed whenever the workspace opens; on
 * reconnect the sync engine pulls, after flushing the outbox.
 */
export function chatListSyncOptions(db: PitchpadDb, userId: number) {
  return queryOptions({
    queryKey: chatKeys.list(userId),
    queryFn: ({ signal }) => pullChatList(db, signal),
    staleTime: 0,
    refetchOnReconnect: false,
  });
}

/** GET /api/chats/{id} into the local database (sync.ts); the answer also tells whether a reply is still being written. */
export function chatSyncOptions(db: PitchpadDb, userId: number, chatId: string) {
  return queryOptions({
    queryKey: chatKeys.chat(userId, chatId),
    queryFn: ({ signal }) => pullChat(db, chatId, signal),
    staleTime: 0,
    refetchOnReconnect: false,
  });
}

/**
 * GET /api/kit/passages/{id}: a 'Sources' entry's passage, read again each time it is opened (its
 * file may have been deleted since). A 404 is an answer, not a failure: no retries.
 */
export function kitPassageQueryOptions(passageId: string) {
  return queryOptions({
    queryKey: ['kit', 'passages', passageId] as const,
    queryFn: ({ signal }) => api.get<KitPassage>(`/api/kit/passages/${passageId}`, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    staleTime: 0,
  });
}
