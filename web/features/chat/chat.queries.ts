/**
 * Server reads for the chat workspace. The chat list and each chat are not read from the query
 * cache by the screen: their query functions write the answer into the local database (the screen
 * renders from there), so the query only schedules refreshes and reports failures.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Chat, ChatWithMessages, ModelsResponse } from '../../../domain/contract/chat';
import { ApiError, api } from '../../data/api';
import { applyChat, applyChatList, forgetChat } from '../../data/chatStore';
import type { PitchpadDb } from '../../data/db';

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

/** GET /api/chats into the local database. Refreshed whenever the workspace opens. */
export function chatListSyncOptions(db: PitchpadDb, userId: number) {
  return queryOptions({
    queryKey: chatKeys.list(userId),
    queryFn: async ({ signal }) => {
      const fetchStartedAt = Date.now();
      const chats = await api.get<Chat[]>('/api/chats', signal);
      await applyChatList(db, chats, fetchStartedAt);
      return chats.length;
    },
    staleTime: 0,
  });
}

/** GET /api/chats/{id} into the local database; the answer also tells whether a reply is still being written. */
export function chatSyncOptions(db: PitchpadDb, userId: number, chatId: string) {
  return queryOptions({
    queryKey: chatKeys.chat(userId, chatId),
    queryFn: async ({ signal }) => {
      const fetchStartedAt = Date.now();
      try {
        const data = await api.get<ChatWithMessages>(`/api/chats/${encodeURIComponent(chatId)}`, signal);
        await applyChat(db, data, fetchStartedAt);
        return { streaming: data.messages.some((m) => m.status === 'streaming') };
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        // A chat started here whose first send has not reached the server yet: nothing to fetch.
        const local = await db.chats.get(chatId);
        if (local && !local.synced) return { streaming: false };
        // Deleted on another device (or never ours): forget it here too.
        await forgetChat(db, chatId);
        throw error;
      }
    },
    staleTime: 0,
  });
}
