/** Writes the server's chats and messages into the local database, by the merge rule of chatMerge.ts. */
import type { Chat, ChatWithMessages } from '../../domain/contract/chat';
import { isUnsent, mergeChats, mergeMessages } from './chatMerge';
import type { PitchpadDb } from './db';

/** The chats holding messages the server has not acknowledged (rule 3 of chatMerge.ts). */
async function chatsWithUnsent(db: PitchpadDb): Promise<Set<string>> {
  const unsent = await db.messages
    .where('status')
    .anyOf('queued', 'sending', 'failed')
    .filter(isUnsent)
    .toArray();
  return new Set(unsent.map((m) => m.chatId));
}

/** Apply GET /api/chats, fetched at `fetchStartedAt`. */
export async function applyChatList(
  db: PitchpadDb,
  server: readonly Chat[],
  fetchStartedAt: number,
): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, async () => {
    const plan = mergeChats(
      await db.chats.toArray(),
      server,
      fetchStartedAt,
      await chatsWithUnsent(db),
    );
    if (plan.put.length) await db.chats.bulkPut(plan.put);
    if (plan.remove.length) {
      await db.chats.bulkDelete(plan.remove);
      await db.messages.where('chatId').anyOf(plan.remove).delete();
    }
  });
}

/** Apply GET /api/chats/{id}, fetched at `fetchStartedAt`. */
export async function applyChat(
  db: PitchpadDb,
  { chat, messages }: ChatWithMessages,
  fetchStartedAt: number,
): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, async () => {
    const before = await db.chats.get(chat.id);
    const [row] = mergeChats(before ? [before] : [], [chat], fetchStartedAt).put;
    if (row) await db.chats.put(row);
    const plan = mergeMessages(
      await db.messages.where('chatId').equals(chat.id).toArray(),
      messages,
      fetchStartedAt,
    );
    if (plan.put.length) await db.messages.bulkPut(plan.put);
    if (plan.remove.length) await db.messages.bulkDelete(plan.remove);
  });
}

/**
 * The server no longer has this chat (deleted elsewhere): forget it here too, except messages not
 * sent yet, which stay (with their chat) until they are sent or deleted.
 */
export async function forgetChat(db: PitchpadDb, chatId: string): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, async () => {
    const rows = await db.messages.where('chatId').equals(chatId).toArray();
    const keep = rows.filter(isUnsent);
    await db.messages.bulkDelete(rows.filter((m) => !isUnsent(m)).map((m) => m.key));
    if (keep.length === 0) await db.chats.delete(chatId);
  });
}
