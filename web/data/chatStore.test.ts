// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Chat, Message } from '../../domain/contract/chat';
import { applyChat, applyChatList } from './chatStore';
import { clearUserData, openUserDb, userDbName } from './db';

const CHAT_ID = '0195f0a0-0000-7000-8000-0000000000aa';
const chat: Chat = {
  id: CHAT_ID,
  title: 'Pricing',
  createdAt: '2026-03-05T15:00:00.000Z',
  updatedAt: '2026-03-05T15:01:00.000Z',
  isPlaybook: false,
  playbookType: 'none',
};
const messages: Message[] = [
  {
    id: 1,
    chatId: CHAT_ID,
    role: 'user',
    content: 'How do I price?',
    timestamp: '2026-03-05T15:00:00.000Z',
    clientId: 'c1',
    replyTo: null,
    status: 'complete',
    model: null,
  },
  {
    id: 2,
    chatId: CHAT_ID,
    role: 'assistant',
    content: 'Value-based.',
    timestamp: '2026-03-05T15:00:01.000Z',
    clientId: null,
    replyTo: 1,
    status: 'complete',
    model: 'gpt-4o',
  },
];

let userId = 1000;
afterEach(async () => {
  await clearUserData();
  userId++;
});

describe('the local chat cache', () => {
  it('stores a chat and its messages from the server, then forgets what the server deleted', async () => {
    const db = openUserDb(userId);
    await applyChat(db, { chat, messages }, Date.now());
    expect(
      (await db.messages.where('chatId').equals(CHAT_ID).toArray()).map((m) => m.key).toSorted(),
    ).toEqual(['r:c1', 'u:c1']);

    await applyChatList(db, [], Date.now() + 1);
    expect(await db.chats.count()).toBe(0);
    expect(await db.messages.count()).toBe(0);
  });

  it('keeps one database per user, deleted at logout', async () => {
    const db = openUserDb(userId);
    expect(db.name).toBe(userDbName(userId));
    await applyChatList(db, [chat], Date.now());
    await clearUserData(userId);
    const reopened = openUserDb(userId);
    expect(await reopened.chats.count()).toBe(0);
  });

  it('a write still under way in another tab or the service worker when the rep logs out fails rather than making the database again', async () => {
    const here = openUserDb(userId);
    await applyChatList(here, [chat], Date.now());
    // db.ts as another tab or the service worker has it: the same code, its own open database.
    vi.resetModules();
    const elsewhere = await import('./db');
    const there = elsewhere.openUserDb(userId);
    expect(await there.chats.count()).toBe(1);

    await clearUserData(userId);
    await expect(applyChat(there, { chat, messages }, Date.now())).rejects.toThrow();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(userDbName(userId));
    // The rep signing in again there starts from an empty database.
    expect(await elsewhere.openUserDb(userId).chats.count()).toBe(0);
  });

  it('keeps a chat holding unsent messages when the server list lacks it (deleted elsewhere)', async () => {
    const db = openUserDb(userId);
    await applyChat(db, { chat, messages }, Date.now());
    await db.messages.put({
      key: 'u:c5',
      chatId: CHAT_ID,
      role: 'user',
      content: 'Typed offline',
      status: 'queued',
      sortAt: 1,
      timestamp: '2026-03-05T15:00:00.000Z',
      clientId: 'c5',
      replyToKey: null,
      serverId: null,
      model: null,
      touchedAt: 1,
    });
    await applyChatList(db, [], Date.now() + 1);
    expect(await db.chats.get(CHAT_ID)).toBeDefined();
    expect(
      (await db.messages.where('chatId').equals(CHAT_ID).toArray()).map((m) => m.key),
    ).toContain('u:c5');
  });
});
