// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUserData, openUserDb, type PitchpadDb } from '../../../data/db';
import { orderMessages, replyKeyFor, userMessageKey } from '../../../data/chatMerge';
import { uuidv7 } from '../../../data/ids';
import { liveReplies } from './liveReplies';
import { messageViews } from '../messageView';
import { regenerateReply, resumeReply } from './sendMessage';

// A reply resumed after its server died mid-stream: the instance that answers the resume replays
// the start the dead one saved, takes the reply over and writes it afresh from its first word,
// saying so with a `restart` event in between (the sequence the API's takeover test records).
const saved = 'You said: Walk me through';
const answer = 'You said: Walk me through pricing a seat based plan';
const fresh = ['You said:', ' Walk me', ' through pricing', ' a seat based plan'];

let db: PitchpadDb;
let userId = 5000;
let push: (event: string, data: unknown) => void;
let end: () => void;

beforeEach(() => {
  db = openUserDb(++userId);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (event, data) =>
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      end = () => controller.close();
    },
  });
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await clearUserData();
});

/** A chat whose reply this device saw streaming when its connection dropped, with `saved` shown. */
async function cutChat() {
  const chatId = uuidv7();
  const clientId = uuidv7();
  const userKey = userMessageKey(clientId);
  const base = {
    chatId,
    timestamp: '2026-03-05T15:00:00.000Z',
    serverId: null,
    model: null,
    touchedAt: 1,
  };
  await db.messages.bulkPut([
    {
      ...base,
      key: userKey,
      role: 'user',
      content: 'Walk me through pricing a seat based plan',
      status: 'sent',
      sortAt: 1,
      clientId,
      replyToKey: null,
    },
    {
      ...base,
      key: replyKeyFor(userKey),
      role: 'assistant',
      content: saved,
      status: 'streaming',
      sortAt: 2,
      clientId: null,
      replyToKey: userKey,
    },
  ]);
  const chat = {
    id: chatId,
    title: 'Pricing',
    createdAt: base.timestamp,
    updatedAt: base.timestamp,
    isPlaybook: false,
    playbookType: 'none',
  };
  const userMessage = {
    id: 1,
    chatId,
    role: 'user',
    content: 'Walk me through pricing a seat based plan',
    timestamp: base.timestamp,
    clientId,
    replyTo: null,
    status: 'complete',
    model: null,
  };
  const reply = (await db.messages.get(replyKeyFor(userKey)))!;
  return { chat, userMessage, reply };
}

/** What the rep sees of the reply now. */
const shownReply = async (chatId: string) => {
  const views = messageViews(
    orderMessages(await db.messages.where('chatId').equals(chatId).toArray()),
    liveReplies.snapshot(),
    false,
  );
  return views.find((v) => v.kind === 'reply');
};

/** The fresh answer's first words, shown streaming in place of what was there. */
const showsFreshStart = (chatId: string) =>
  vi.waitFor(async () =>
    expect(await shownReply(chatId)).toMatchObject({
      content: 'You said: Walk me through pricing',
      state: 'streaming',
    }),
  );

/** The server's last word on the fresh answer: the stored reply, then the stream ends. */
function finishFresh(chat: { id: string }, userMessage: { timestamp: string }) {
  const message = {
    id: 2,
    chatId: chat.id,
    role: 'assistant',
    content: answer,
    timestamp: userMessage.timestamp,
    clientId: null,
    replyTo: 1,
    status: 'complete',
    model: 'gpt-4o',
  };
  push('done', { message, chat });
  end();
}

/** The other server replays what was saved, restarts, and streams the fresh answer's first words. */
function replayThenRestart(chat: object, userMessage: object) {
  push('start', { chat, userMessage, replyId: 2 });
  push('delta', { text: saved });
  push('restart', {});
  for (const text of fresh.slice(0, 3)) push('delta', { text });
}

describe('a resumed reply taken over by another server', () => {
  it('shows the fresh answer once while it streams, not the replayed start followed by the fresh answer', async () => {
    const { chat, userMessage, reply } = await cutChat();
    const resuming = resumeReply(db, reply);

    replayThenRestart(chat, userMessage);
    await showsFreshStart(chat.id);

    push('delta', { text: fresh[3] });
    finishFresh(chat, userMessage);
    expect(await resuming).toEqual({ kind: 'done' });
    expect(await shownReply(chat.id)).toMatchObject({ content: answer, state: 'complete' });
  });

  it('keeps the fresh answer once when the connection drops again after the restart', async () => {
    const { chat, userMessage, reply } = await cutChat();
    const resuming = resumeReply(db, reply);

    replayThenRestart(chat, userMessage);
    end();

    expect(await resuming).toEqual({ kind: 'interrupted' });
    expect(await db.messages.get(reply.key)).toMatchObject({
      content: 'You said: Walk me through pricing',
      status: 'streaming',
      note: 'interrupted',
    });
  });
});

describe('a regenerate taken over by another server', () => {
  it('keeps the earlier answer on screen after the restart until the fresh words arrive', async () => {
    const { chat, userMessage, reply } = await cutChat();
    const earlier = 'The first answer, long and thorough.';
    await db.messages.update(reply.key, { content: earlier, status: 'complete', serverId: 2 });
    const regenerating = regenerateReply(db, chat.id);

    push('start', { chat, userMessage, replyId: 2 });
    push('delta', { text: 'You said:' });
    await vi.waitFor(async () =>
      expect(await shownReply(chat.id)).toMatchObject({ content: 'You said:', state: 'streaming' }),
    );
    push('restart', {});
    await vi.waitFor(async () =>
      expect(await shownReply(chat.id)).toMatchObject({ content: earlier, state: 'regenerating' }),
    );

    for (const text of fresh.slice(0, 3)) push('delta', { text });
    await showsFreshStart(chat.id);
    push('delta', { text: fresh[3] });
    finishFresh(chat, userMessage);
    expect(await regenerating).toEqual({ kind: 'done' });
    expect(await shownReply(chat.id)).toMatchObject({ content: answer, state: 'complete' });
  });
});
