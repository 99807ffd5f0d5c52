/** Writes the server's chats and messages into the local database, by the merge rule of chatMerge.ts. */
import type { Chat, ChatWithMessages } from '../../domain/contract/chat';
import { mergeChats, mergeMessages } from './chatMerge';
import type { PitchpadDb } from './db';

/** Apply GET /api/chats, fetched at `fetchStartedAt`. */
export async function applyChatList(db: PitchpadDb, server: readonly Chat[], fetchStartedAt: number): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, async () => {
    const plan = mergeChats(await db.chats.toArray(), server, fetchStartedAt);
    if (plan.put.length) await db.chats.bulkPut(plan.put);
    if (plan.remove.length) {
      await db.chats.bulkDelete(plan.remove);
      await db.messages.where('chatId').anyOf(plan.remove).delete();
    }
  });
}

/** Apply GET /api/chats/{id}, fetched at `fetchStartedAt`. */
export async function applyChat(db: PitchpadDb, { chat, messages }: ChatWithMessages, fetchStartedAt: number): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, async () => {
    const before = await db.chats.get(chat.id);
    const [row] = mergeChats(before ? [before] : [], [chat], fetchStartedAt).put;
    if (row) await db.chats.put(row);
    const plan = mergeMessages(await db.messages.where('chatId').equals(chat.id).toArray(), messages, fetchStartedAt);
    if (plan.put.length) await db.messages.bulkPut(plan.put);
    if (plan.remove.length) await db.messages.bulkDelete(plan.remove);
  });
}

/** The server no longer has this chat (deleted elsewhere): forget it here too. */
export async function forgetChat(db: PitchpadDb, chatId: string): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, async () => {
    await db.chats.delete(chatId);
    await db.messages.where('chatId').equals(chatId).delete();
  });
}
