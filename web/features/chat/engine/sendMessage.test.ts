// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUserData, openUserDb, userIdOfDb, type PitchpadDb } from '../../../data/db';
import { countUnsentWork, NO_UNSENT_WORK } from '../../../data/unsentWork';
import { sendPendingWork } from '../../../app/sync';
import { uuidv7 } from '../../../data/ids';
import { liveReplies } from './liveReplies';
import { messageViews } from '../messageView';
import {
  deleteMessage,
  chatSends,
  regenerateReply,
  retryMessage,
  sendMessage,
} from './sendMessage';
import { flushOutbox } from '../../../data/outbox';
import { orderMessages } from '../../../data/chatMerge';

/** What the fake server answers to the next POST /api/chat: SSE text, or a status with a JSON body. */
type Answer = { sse: string } | { status: number; body: unknown } | { networkError: true };
let answers: Answer[] = [];
const posted: Array<{ url: string; body: Record<string, unknown> }> = [];

const sse = (...events: Array<[string, unknown]>) =>
  events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');

beforeEach(() => {
  answers = [];
  posted.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
    posted.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    const answer = answers.shift();
    if (!answer || 'networkError' in answer) throw new TypeError('Failed to fetch');
    if ('sse' in answer)
      return new Response(answer.sse, { headers: { 'Content-Type': 'text/event-stream' } });
    return Response.json(answer.body, { status: answer.status });
  });
});

let db: PitchpadDb;
let userId = 2000;
beforeEach(() => {
  db = openUserDb(++userId);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await clearUserData();
});

function serverReplyTo(
  chatId: string,
  body: Record<string, unknown>,
  reply: { content: string; status: string },
) {
  const clientId = body.clientMessageId as string;
  const chat = {
    id: chatId,
    title: 'How do I price?',
    createdAt: 'x',
    updatedAt: 'x',
    isPlaybook: false,
    playbookType: 'none',
  };
  const user = {
    id: 1,
    chatId,
    role: 'user',
    content: 'How do I price?',
    timestamp: '2026-03-05T15:00:00.000Z',
    clientId,
    replyTo: null,
    status: 'complete',
    model: null,
  };
  const message = {
    id: 2,
    chatId,
    role: 'assistant',
    timestamp: '2026-03-05T15:00:01.000Z',
    clientId: null,
    replyTo: 1,
    model: 'gpt-4o',
    ...reply,
  };
  return { chat, user, message };
}

/** A fake server: a CSRF token to any page that asks, and `answer` to every other request, given its JSON body. */
const serveSends = (answer: (url: string, body: Record<string, unknown>) => Promise<Response>) =>
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
    return answer(url, JSON.parse(String(init.body)) as Record<string, unknown>);
  });

/** A server whose model fails after writing `words` (none: before any word), with `error`. */
const modelFailsAfter = (chatId: string, words: string, error: { code: string; message: string }) =>
  serveSends(async (_url, body) => {
    const { chat, user, message } = serverReplyTo(chatId, body, {
      content: words,
      status: words ? 'partial' : 'failed',
    });
    return new Response(
      sse(
        ['start', { chat, userMessage: user, replyId: 2 }],
        ...(words ? [['delta', { text: words }] as [string, unknown]] : []),
        ['error', { ...error, reply: message }],
      ),
    );
  });

const views = async (chatId: string) =>
  messageViews(
    orderMessages(await db.messages.where('chatId').equals(chatId).toArray()),
    liveReplies.snapshot(),
    false,
  );

describe('sendMessage', () => {
  it('saves the message first, then records the streamed reply and the chat', async () => {
    const chatId = uuidv7();
    let seenWhileSending: string | undefined;
    // The answer is built once the request is seen, since it carries the send's id.
    serveSends(async (url, body) => {
      posted.push({ url, body });
      seenWhileSending = (await db.messages.get(`u:${body.clientMessageId as string}`))?.status;
      const { chat, user, message } = serverReplyTo(chatId, body, {
        content: 'Value-based.',
        status: 'complete',
      });
      return new Response(
        sse(
          ['start', { chat, userMessage: user, replyId: 2 }],
          ['delta', { text: 'Value' }],
          ['delta', { text: '-based.' }],
          ['done', { message, chat }],
        ),
      );
    });

    const outcome = await sendMessage(db, {
      chatId,
      content: '  How do I price?  ',
      model: 'gpt-4o',
    });

    expect(outcome).toEqual({ kind: 'done' });
    expect(seenWhileSending).toBe('sending');
    expect(posted[0]!.body).toMatchObject({
      chatId,
      messages: [{ role: 'user', content: 'How do I price?' }],
      title: 'How do I price?',
      llmParams: { provider: 'openai', model: 'gpt-4o' },
    });
    const shown = await views(chatId);
    expect(shown.map((v) => v.kind)).toEqual(['user', 'reply']);
    expect(shown[0]).toMatchObject({ notSent: false, message: { status: 'sent', serverId: 1 } });
    expect(shown[1]).toMatchObject({
      content: 'Value-based.',
      state: 'complete',
      canRegenerate: true,
    });
    expect(await db.chats.get(chatId)).toMatchObject({ synced: true, title: 'How do I price?' });
  });

  it("marks the message 'Sent' as soon as the server has stored it, while its reply is still streaming", async () => {
    const chatId = uuidv7();
    let release!: () => void;
    const rest = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    serveSends(async (url, body) => {
      const { chat, user, message } = serverReplyTo(chatId, body, {
        content: 'Value-based.',
        status: 'complete',
      });
      const encoder = new TextEncoder();
      return new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(
              encoder.encode(
                sse(
                  ['start', { chat, userMessage: user, replyId: 2 }],
                  ['delta', { text: 'Value' }],
                ),
              ),
            );
            started();
            await rest;
            controller.enqueue(
              encoder.encode(sse(['delta', { text: '-based.' }], ['done', { message, chat }])),
            );
            controller.close();
          },
        }),
      );
    });
    const sending = sendMessage(db, { chatId, content: 'How do I price?' });
    await isStarted;
    await vi.waitFor(
      async () =>
        expect((await views(chatId))[0]).toMatchObject({ kind: 'user', delivery: 'sent' }),
      { timeout: 5000 },
    );
    expect((await views(chatId))[1]).toMatchObject({ kind: 'reply', state: 'streaming' });
    release();
    expect(await sending).toEqual({ kind: 'done' });
  });

  it("shows a queued message as 'Sending…' while online and nothing held it up, as 'Queued' offline or after a failure", async () => {
    const chatId = uuidv7();
    answers.push({ networkError: true });
    await sendMessage(db, { chatId, content: 'Are you there?' });
    const rows = orderMessages(await db.messages.where('chatId').equals(chatId).toArray());
    const delivery = (queue: Parameters<typeof messageViews>[4]) =>
      messageViews(rows, new Map(), false, new Set(), queue)[0];
    const key = rows[0]!.key;
    expect(delivery({ offline: false, held: new Set() })).toMatchObject({
      kind: 'user',
      delivery: 'sending',
    });
    expect(delivery({ offline: true, held: new Set() })).toMatchObject({
      kind: 'user',
      delivery: 'queued',
    });
    expect(delivery({ offline: false, held: new Set([key]) })).toMatchObject({
      kind: 'user',
      delivery: 'queued',
    });
  });

  it("keeps a message the server could not be reached for as 'Queued', and delivers it later with the same id", async () => {
    const chatId = uuidv7();
    answers.push({ networkError: true });
    const outcome = await sendMessage(db, { chatId, content: 'Are you there?' });
    expect(outcome.kind).toBe('queued');
    const [message] = await views(chatId);
    expect(message).toMatchObject({
      kind: 'user',
      delivery: 'queued',
      notSent: false,
      message: { status: 'queued' },
    });
    expect(await db.outbox.toArray()).toMatchObject([{ state: 'queued', attempts: 1 }]);

    serveSends(async (url, body) => {
      posted.push({ url, body });
      const {
        chat,
        user,
        message: reply,
      } = serverReplyTo(chatId, body, { content: 'Yes.', status: 'complete' });
      return new Response(
        sse(
          ['start', { chat, userMessage: user, replyId: 2 }],
          ['delta', { text: 'Yes.' }],
          ['done', { message: reply, chat }],
        ),
      );
    });
    const report = await flushOutbox(db, chatSends, { force: true });
    expect(report.outcomes.get(posted[0]!.body.clientMessageId as string)).toEqual({
      kind: 'chat-send',
      state: 'sent',
      detail: { kind: 'done' },
    });
    expect(posted.at(-1)!.body.clientMessageId).toBe(posted[0]!.body.clientMessageId);
    expect((await views(chatId)).map((v) => [v.kind, v.kind === 'user' ? v.delivery : ''])).toEqual(
      [
        ['user', 'sent'],
        ['reply', ''],
      ],
    );
  });

  it("keeps a send refused for too many running answers (429) 'Queued', and delivers it later with the same id", async () => {
    const chatId = uuidv7();
    answers.push({
      status: 429,
      body: {
        code: 'rate_limited',
        message:
          'You already have 4 answers being written. This one will start as soon as one of them finishes.',
      },
    });
    expect((await sendMessage(db, { chatId, content: 'Fifth question' })).kind).toBe('queued');
    const [message] = await views(chatId);
    expect(message).toMatchObject({
      kind: 'user',
      delivery: 'queued',
      notSent: false,
      message: { status: 'queued' },
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'queued', attempts: 1 });
    expect(entry!.nextAttemptAt).toBeGreaterThan(Date.now());

    // A slot is free again: the next flush delivers the same send, once.
    answerWith(chatId, 'Here is the fifth answer.');
    await flushOutbox(db, chatSends, { force: true });
    expect(posted.map((p) => p.body.clientMessageId)).toEqual([entry!.clientId, entry!.clientId]);
    expect(
      (await views(chatId)).map((v) =>
        v.kind === 'user' ? v.delivery : v.kind === 'reply' ? v.content : v.kind,
      ),
    ).toEqual(['sent', 'Here is the fifth answer.']);
    expect(await db.outbox.toArray()).toMatchObject([{ state: 'sent' }]);
  });

  it("marks a send the server refuses (4xx) 'Not sent' with Retry and Delete; Delete forgets it", async () => {
    const chatId = uuidv7();
    answers.push({ status: 403, body: { code: 'forbidden', message: 'This needs the Pro plan.' } });
    const outcome = await sendMessage(db, { chatId, content: 'Plan my launch' });
    expect(outcome.kind).toBe('not-sent');
    const [message] = await views(chatId);
    expect(message).toMatchObject({
      kind: 'user',
      delivery: 'failed',
      notSent: true,
      canDelete: true,
      message: { errorMessage: 'This needs the Pro plan.' },
    });
    expect(await db.outbox.toArray()).toMatchObject([
      { state: 'failed', lastError: 'This needs the Pro plan.' },
    ]);

    // Retry sends it again with the same id; refused again, it stays 'Not sent'.
    answers.push({ status: 403, body: { code: 'forbidden', message: 'This needs the Pro plan.' } });
    expect((await retryMessage(db, message!.key)).kind).toBe('not-sent');
    expect(posted.map((p) => p.body.clientMessageId)).toEqual([
      posted[0]!.body.clientMessageId,
      posted[0]!.body.clientMessageId,
    ]);

    expect(await deleteMessage(db, message!.key)).toBe(true);
    expect(await views(chatId)).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("shows a reply the model failed before any word as the message's 'Not sent'", async () => {
    const chatId = uuidv7();
    modelFailsAfter(chatId, '', {
      code: 'model_failed',
      message: 'The AI model could not answer.',
    });
    const outcome = await sendMessage(db, { chatId, content: 'Hello' });
    expect(outcome).toEqual({
      kind: 'model-error',
      partial: false,
      message: 'The AI model could not answer.',
    });
    const shown = await views(chatId);
    expect(shown).toHaveLength(1);
    // The server holds the message: Retry asks the model again, but there is nothing to delete.
    expect(shown[0]).toMatchObject({ kind: 'user', notSent: true, canDelete: false });
  });

  it('keeps the words that arrived when the model fails midway, marked incomplete', async () => {
    const chatId = uuidv7();
    modelFailsAfter(chatId, 'You said', {
      code: 'model_cut_off',
      message: 'The answer was cut off.',
    });
    expect((await sendMessage(db, { chatId, content: 'Hello' })).kind).toBe('model-error');
    const [, reply] = await views(chatId);
    expect(reply).toMatchObject({ kind: 'reply', content: 'You said', state: 'incomplete' });
  });

  it('keeps the text so far when the connection drops mid-reply, for a resume', async () => {
    const chatId = uuidv7();
    serveSends(async (url, body) => {
      const { chat, user } = serverReplyTo(chatId, body, { content: '', status: 'streaming' });
      let pulls = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulls++ === 0)
            controller.enqueue(
              new TextEncoder().encode(
                sse(
                  ['start', { chat, userMessage: user, replyId: 2 }],
                  ['delta', { text: 'Half an' }],
                ),
              ),
            );
          else controller.error(new TypeError('network changed'));
        },
      });
      return new Response(stream);
    });
    expect((await sendMessage(db, { chatId, content: 'Hello' })).kind).toBe('interrupted');
    const [user, reply] = await views(chatId);
    expect(user).toMatchObject({ notSent: false });
    expect(reply).toMatchObject({ content: 'Half an', state: 'reconnecting' });
  });

  it("the server owns the model's history: a chat it knows gets the new message alone; a new one only the greeting turns shown here first", async () => {
    const now = Date.now();
    const local = (chatId: string, synced: boolean) =>
      db.chats.put({
        id: chatId,
        title: 'Pricing',
        createdAt: 'x',
        updatedAt: 'x',
        isPlaybook: false,
        playbookType: 'none',
        synced,
        touchedAt: now,
      });
    const shown = (chatId: string, n: number, role: 'user' | 'assistant', content: string) =>
      db.messages.put({
        key: `s:${chatId}:${n}`,
        chatId,
        role,
        content,
        status: role === 'user' ? 'sent' : 'complete',
        sortAt: now - 100 + n,
        timestamp: 'x',
        clientId: null,
        replyToKey: null,
        serverId: n,
        model: null,
        touchedAt: now,
      });
    const known = uuidv7();
    await local(known, true);
    await shown(known, 1, 'user', 'How do I price?');
    await shown(known, 2, 'assistant', 'Value-based.');
    const fresh = uuidv7();
    await local(fresh, false);
    await shown(fresh, 1, 'assistant', 'Hi! Who is the email for?');
    await shown(fresh, 2, 'user', 'Dana');
    await shown(fresh, 3, 'assistant', 'x'.repeat(2_001));

    answers = [{ networkError: true }, { networkError: true }];
    await sendMessage(db, { chatId: known, content: 'And for teams?' });
    await sendMessage(db, { chatId: fresh, content: 'Write it' });

    expect(posted.map((p) => p.body.messages)).toEqual([
      [{ role: 'user', content: 'And for teams?' }],
      [
        { role: 'assistant', content: 'Hi! Who is the email for?' },
        { role: 'user', content: 'Write it' },
      ],
    ]);
  });

  it('ignores a blank message', async () => {
    expect(await sendMessage(db, { chatId: uuidv7(), content: '   ' })).toEqual({
      kind: 'skipped',
    });
    expect(posted).toEqual([]);
  });
});

/** A fake server answering every send and regenerate of the chat's first message with `content`. */
const answerWith = (chatId: string, content: string) =>
  serveSends(async (url, body) => {
    posted.push({ url, body });
    const { chat, user, message } = serverReplyTo(
      chatId,
      { clientMessageId: posted[0]!.body.clientMessageId },
      { content, status: 'complete' },
    );
    return new Response(
      sse(
        ['start', { chat, userMessage: user, replyId: 2 }],
        ['delta', { text: content }],
        ['done', { message, chat }],
      ),
    );
  });

describe("logout's 'Send first'", () => {
  it("sends what waits, a 'Not sent' message included, and answers what is still waiting", async () => {
    const chatId = uuidv7();
    const owner = userIdOfDb(db) ?? 0;
    answers.push({ status: 503, body: { code: 'unavailable', message: 'Down for a moment.' } });
    await sendMessage(db, { chatId, content: 'Queued while the server is down' });
    answers.push({ status: 422, body: { code: 'invalid_request', message: 'No.' } });
    await sendMessage(db, { chatId: uuidv7(), content: 'Refused once' });
    expect(await countUnsentWork(db)).toEqual({
      messages: 2,
      flows: 0,
      history: 0,
      edits: 0,
      profile: 0,
      files: 0,
      recordings: 0,
    });

    // The server still turns them away: both are still waiting, nothing is lost.
    answers.push(
      { status: 503, body: { code: 'unavailable', message: 'Down for a moment.' } },
      { status: 503, body: { code: 'unavailable', message: 'Down for a moment.' } },
    );
    expect(await sendPendingWork(owner)).toEqual({
      messages: 2,
      flows: 0,
      history: 0,
      edits: 0,
      profile: 0,
      files: 0,
      recordings: 0,
    });

    // It is back: both go, each into its own chat with its own send id.
    const delivered: string[] = [];
    serveSends(async (url, body) => {
      delivered.push(body.clientMessageId as string);
      const { chat, user, message } = serverReplyTo(body.chatId as string, body, {
        content: 'Yes.',
        status: 'complete',
      });
      return new Response(
        sse(
          [
            'start',
            {
              chat,
              userMessage: { ...user, id: delivered.length * 10 },
              replyId: delivered.length * 10 + 1,
            },
          ],
          ['done', { message, chat }],
        ),
      );
    });
    expect(await sendPendingWork(owner)).toEqual(NO_UNSENT_WORK);
    expect(new Set(delivered).size).toBe(2);
  });
});

describe('regenerateReply', () => {
  it('asks for the last reply again (the server holds the flow answers it was sent with)', async () => {
    const chatId = uuidv7();
    const flowAnswers = {
      recipient_info: 'Dana Ortiz, VP Sales at Freightly',
      value_prop: 'Faster ramp',
    };
    answerWith(chatId, 'Hi Dana,');
    expect(
      await sendMessage(db, {
        chatId,
        content: 'Write a cold email',
        playbookType: 'email',
        answers: flowAnswers,
        model: 'offline-drafter',
      }),
    ).toEqual({ kind: 'done' });

    answerWith(chatId, 'Hi Dana, again');
    expect(await regenerateReply(db, chatId, 'offline-drafter')).toEqual({ kind: 'done' });

    expect(posted.at(-1)).toEqual({
      url: `/api/chats/${chatId}/regenerate`,
      body: { llmParams: { provider: 'openai', model: 'offline-drafter' } },
    });
    expect((await views(chatId)).map((v) => (v.kind === 'reply' ? v.content : v.kind))).toEqual([
      'user',
      'Hi Dana, again',
    ]);
  });

  it('keeps the earlier answer on screen while the new one has no words, then shows the new words in its place', async () => {
    const chatId = uuidv7();
    answerWith(chatId, 'The first answer, long and thorough.');
    await sendMessage(db, { chatId, content: 'Pitch a CRM to plumbers' });
    let release!: () => void;
    const firstWord = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
      const { chat, user, message } = serverReplyTo(
        chatId,
        { clientMessageId: posted[0]!.body.clientMessageId },
        { content: 'New.', status: 'complete' },
      );
      const encoder = new TextEncoder();
      return new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(
              encoder.encode(sse(['start', { chat, userMessage: user, replyId: 2 }])),
            );
            started();
            await firstWord;
            controller.enqueue(
              encoder.encode(sse(['delta', { text: 'New.' }], ['done', { message, chat }])),
            );
            controller.close();
          },
        }),
      );
    });
    const regenerating = regenerateReply(db, chatId);
    await isStarted;
    await new Promise((r) => setTimeout(r, 20));
    expect((await views(chatId))[1]).toMatchObject({
      kind: 'reply',
      content: 'The first answer, long and thorough.',
      state: 'regenerating',
      canRegenerate: false,
    });
    release();
    expect(await regenerating).toEqual({ kind: 'done' });
    expect((await views(chatId))[1]).toMatchObject({
      kind: 'reply',
      content: 'New.',
      state: 'complete',
      canRegenerate: true,
    });
  });

  it('keeps the earlier answer, marked, with Regenerate, when the regenerate fails before any word', async () => {
    const chatId = uuidv7();
    answerWith(chatId, 'Hi Dana,');
    await sendMessage(db, { chatId, content: 'Write a cold email' });
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
      // The server put the earlier answer back and says so with the error.
      const { chat, user, message } = serverReplyTo(
        chatId,
        { clientMessageId: posted[0]!.body.clientMessageId },
        { content: 'Hi Dana,', status: 'complete' },
      );
      return new Response(
        sse(
          ['start', { chat, userMessage: user, replyId: 2 }],
          [
            'error',
            {
              code: 'model_failed',
              message: 'The AI model could not answer. Please try again.',
              reply: message,
            },
          ],
        ),
      );
    });
    expect(await regenerateReply(db, chatId)).toEqual({
      kind: 'model-error',
      partial: false,
      message: 'The AI model could not answer. Please try again.',
    });
    const shown = await views(chatId);
    expect(shown.map((v) => v.kind)).toEqual(['user', 'reply']);
    expect(shown[0]).toMatchObject({ notSent: false });
    expect(shown[1]).toMatchObject({ content: 'Hi Dana,', state: 'kept', canRegenerate: true });

    // The next regenerate that works replaces it, and the mark goes.
    answerWith(chatId, 'Hi Dana, take two');
    expect(await regenerateReply(db, chatId)).toEqual({ kind: 'done' });
    expect(
      (await views(chatId)).map((v) => (v.kind === 'reply' ? [v.content, v.state] : v.kind)),
    ).toEqual(['user', ['Hi Dana, take two', 'complete']]);
  });

  it('keeps the earlier answer when the connection drops before the new one has words', async () => {
    const chatId = uuidv7();
    answerWith(chatId, 'Hi Dana,');
    await sendMessage(db, { chatId, content: 'Write a cold email' });
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
      throw new TypeError('Failed to fetch');
    });
    expect((await regenerateReply(db, chatId)).kind).toBe('not-sent');
    expect((await views(chatId))[1]).toMatchObject({
      content: 'Hi Dana,',
      state: 'complete',
      canRegenerate: true,
    });
  });

  it('keeps the reply on screen when the server refuses the regenerate (a Pro flow after the subscription ended)', async () => {
    const chatId = uuidv7();
    answerWith(chatId, 'Hi Dana,');
    await sendMessage(db, {
      chatId,
      content: 'Write a cold email',
      playbookType: 'email',
      answers: { recipient_info: 'Dana' },
    });
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
      return Response.json(
        { code: 'pro_required', message: 'This is a Pro feature. Upgrade to Pro to use it.' },
        { status: 403 },
      );
    });
    const outcome = await regenerateReply(db, chatId);
    expect(outcome).toMatchObject({ kind: 'not-sent', error: { code: 'pro_required' } });
    expect(
      (await views(chatId)).map((v) => (v.kind === 'reply' ? [v.content, v.state] : v.kind)),
    ).toEqual(['user', ['Hi Dana,', 'complete']]);
  });
});
