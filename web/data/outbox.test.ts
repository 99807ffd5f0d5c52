// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, OfflineError, RateLimitedError } from './api';
import { userMessageKey } from './chatMerge';
import {
  DB_SCHEMA_VERSION,
  PitchpadDb,
  clearUserData,
  openUserDb,
  userDbName,
  type LocalMessage,
} from './db';
import { uuidv7 } from './ids';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  countWaiting,
  flushOutbox,
  heldBack,
  releaseAllowanceHolds,
  unsentSends,
} from './outbox';
import {
  chatHandlers,
  discardSend,
  queueSend,
  requeueSend,
  type ChatSendEntry,
  type Deliver,
  type DeliveryOutcome,
} from '../features/chat/engine/chatDelivery';
import { lockName } from './queue/lock';
import { buildLocalEmailChat, buildLocalReply } from '../../tests/factories/localMessages';
import { MAX_PARALLEL_CHATS } from './queue/slots';

const half = () => 0.5;

describe('the outbox state machine', () => {
  it('doubles the backoff per attempt, with ±20% jitter, up to 30 s (a returning server is noticed soon)', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, half))).toEqual([2000, 4000, 8000, 16_000]);
    expect(backoffDelay(30, half)).toBe(BACKOFF_MAX_MS);
    expect(BACKOFF_MAX_MS).toBe(30_000);
    expect(backoffDelay(1, () => 0)).toBe(1600);
    expect(backoffDelay(1, () => 1)).toBe(2400);
  });
});

let db: PitchpadDb;
let userId = 5000;

beforeEach(() => {
  db = openUserDb(++userId);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await clearUserData();
});

/** Writes a message typed here and its outbox entry, as sendMessage does. */
async function queue(chatId: string, content: string): Promise<ChatSendEntry> {
  const clientId = uuidv7();
  const key = userMessageKey(clientId);
  const now = Date.now();
  const message: LocalMessage = {
    key,
    chatId,
    role: 'user',
    content,
    status: 'queued',
    sortAt: now,
    timestamp: new Date(now).toISOString(),
    clientId,
    replyToKey: null,
    serverId: null,
    model: null,
    touchedAt: now,
  };
  await db.transaction('rw', db.messages, db.outbox, async () => {
    await db.messages.put(message);
    await queueSend(db, { clientId, chatId, messageKey: key });
  });
  return (await db.outbox.where('clientId').equals(clientId).first()) as ChatSendEntry;
}

/** A fake delivery: answers from a script per message text (default: done), records what it sent. */
function fakeDelivery(script: Record<string, DeliveryOutcome[]> = {}) {
  const sent: string[] = [];
  const deliver: Deliver = async (target, entry) => {
    const message = (await target.messages.get(entry.messageKey))!;
    sent.push(message.content);
    const outcome = script[message.content]?.shift() ?? { kind: 'done' };
    // What the reply stream writes when the server acknowledges the message.
    if (
      outcome.kind === 'done' ||
      outcome.kind === 'interrupted' ||
      outcome.kind === 'model-error'
    ) {
      await target.messages.update(entry.messageKey, { status: 'sent', serverId: sent.length });
    }
    return outcome;
  };
  return { deliver, sent };
}

const states = async () => (await db.outbox.orderBy('seq').toArray()).map((e) => e.state);
const messageStatus = async (entry: ChatSendEntry) =>
  (await db.messages.get(entry.messageKey))?.status;

/** The server's 429 for a spent daily allowance, resetting in 2 h. */
const spent = () =>
  new RateLimitedError(
    "You've used today's AI allowance. It resets at 00:00 UTC (in 2 h).",
    429,
    { code: 'token_budget', message: 'x' },
    7_200_000,
  );

describe('flushing the outbox', () => {
  it('a send held until the allowance resets goes once there is allowance again: after an upgrade, or when another send went through', async () => {
    const held = uuidv7();
    const other = uuidv7();
    await queue(held, 'held one');
    await queue(held, 'behind it');
    const { deliver, sent } = fakeDelivery({ 'held one': [{ kind: 'not-sent', error: spent() }] });
    await flushOutbox(db, chatHandlers(deliver), { force: true });
    expect(sent).toEqual(['held one']);
    // Held: not even a forced flush tries it before the reset.
    await flushOutbox(db, chatHandlers(deliver), { force: true });
    expect(sent).toEqual(['held one']);

    // The rep upgrades: the hold goes, and the chat's line goes in order.
    expect(await releaseAllowanceHolds(db)).toBe(1);
    await flushOutbox(db, chatHandlers(deliver), { force: true });
    expect(sent).toEqual(['held one', 'held one', 'behind it']);
    expect(await states()).toEqual(['sent', 'sent']);

    // Held again in one chat; a send in another chat is answered: allowance is back, so the hold goes.
    await queue(held, 'held two');
    const second = fakeDelivery({ 'held two': [{ kind: 'not-sent', error: spent() }] });
    await flushOutbox(db, chatHandlers(second.deliver), { force: true });
    await queue(other, 'elsewhere');
    await flushOutbox(db, chatHandlers(second.deliver), { force: true });
    expect(second.sent).toContain('elsewhere');
    await flushOutbox(db, chatHandlers(second.deliver), { force: true });
    expect(second.sent.filter((text) => text === 'held two')).toHaveLength(2);
    expect(await countWaiting(db)).toBe(0);
  });

  it('delivers every send once, in the order typed', async () => {
    const chat = uuidv7();
    await queue(chat, 'one');
    await queue(chat, 'two');
    await queue(chat, 'three');
    const { deliver, sent } = fakeDelivery();
    const report = await flushOutbox(db, chatHandlers(deliver));
    expect(sent).toEqual(['one', 'two', 'three']);
    expect(report.blocked).toBe(false);
    expect(await states()).toEqual(['sent', 'sent', 'sent']);
    expect(await countWaiting(db)).toBe(0);
    // A second flush has nothing to do.
    await flushOutbox(db, chatHandlers(deliver));
    expect(sent).toHaveLength(3);
  });

  it('marks each send sending while it goes, then follows the outcome in the message row', async () => {
    const first = await queue(uuidv7(), 'first');
    let seen: [string | undefined, string | undefined] = [undefined, undefined];
    const deliver: Deliver = async (target, entry) => {
      seen = [
        (await target.outbox.get(entry.seq!))?.state,
        (await target.messages.get(entry.messageKey))?.status,
      ];
      return { kind: 'not-sent', error: new OfflineError() };
    };
    await flushOutbox(db, chatHandlers(deliver));
    expect(seen).toEqual(['sending', 'sending']);
    expect(await messageStatus(first)).toBe('queued');
  });

  it("stops a chat's line at a transient failure: nothing behind it goes first, other chats go on, and all go in order once it clears", async () => {
    const chat = uuidv7();
    const other = uuidv7();
    await queue(chat, 'one');
    await queue(chat, 'two');
    await queue(other, 'elsewhere');
    const { deliver, sent } = fakeDelivery({
      one: [{ kind: 'not-sent', error: new OfflineError() }],
    });

    const report = await flushOutbox(db, chatHandlers(deliver));
    expect(report.blocked).toBe(true);
    // The other chat is its own line: it went in the same flush.
    expect(sent.toSorted()).toEqual(['elsewhere', 'one']);
    expect(await db.outbox.orderBy('seq').toArray()).toMatchObject([
      { state: 'queued', attempts: 1 },
      { state: 'queued', attempts: 0 },
      { state: 'sent' },
    ]);

    // Not due yet: a timer-driven flush leaves the chat in backoff alone.
    await flushOutbox(db, chatHandlers(deliver));
    expect(sent).toHaveLength(2);

    // The network is back (a forced flush): the chat goes, in order.
    await flushOutbox(db, chatHandlers(deliver), { force: true });
    expect(sent.slice(2)).toEqual(['one', 'two']);
    expect(await states()).toEqual(['sent', 'sent', 'sent']);
  });

  it('delivers each chat on its own: a send in another chat goes while a long reply is still streaming', async () => {
    const slowChat = uuidv7();
    const quickChat = uuidv7();
    await queue(slowChat, 'long answer');
    await queue(slowChat, 'after the long answer');
    let finishLong!: () => void;
    const longReply = new Promise<void>((resolve) => (finishLong = resolve));
    const sent: string[] = [];
    const deliver: Deliver = async (target, entry) => {
      const outcome = await fakeDeliveryInto(target, entry, sent);
      if (sent.at(-1) === 'long answer') await longReply;
      return outcome;
    };

    const slowFlush = flushOutbox(db, chatHandlers(deliver));
    await vi.waitFor(() => expect(sent).toEqual(['long answer']), { timeout: 5000 });
    // The user writes in another chat meanwhile: it is delivered at once, not after the long reply.
    const quick = await queue(quickChat, 'quick question');
    const report = await flushOutbox(db, chatHandlers(deliver), { force: true, line: quickChat });
    expect(report.outcomes.get(quick.clientId)).toEqual({
      kind: 'chat-send',
      state: 'sent',
      detail: { kind: 'done' },
    });
    expect(sent).toEqual(['long answer', 'quick question']);
    // Within the slow chat the order holds: its second message waits for the first's reply.
    expect(await states()).toEqual(['sending', 'queued', 'sent']);

    finishLong();
    await slowFlush;
    expect(sent).toEqual(['long answer', 'quick question', 'after the long answer']);
    expect(await states()).toEqual(['sent', 'sent', 'sent']);
  });

  it("delivers at most MAX_PARALLEL_CHATS chats at once, one below the server's stream limit", async () => {
    const chats = Array.from({ length: MAX_PARALLEL_CHATS + 2 }, () => uuidv7());
    for (const [i, chat] of chats.entries()) await queue(chat, `chat ${i}`);
    let running = 0;
    let most = 0;
    const sent: string[] = [];
    // Each delivery runs until the test lets it finish.
    const gates: Array<() => void> = [];
    const deliver: Deliver = async (target, entry) => {
      most = Math.max(most, ++running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running -= 1;
      return fakeDeliveryInto(target, entry, sent);
    };
    const flushing = flushOutbox(db, chatHandlers(deliver));
    await vi.waitFor(() => expect(running).toBe(MAX_PARALLEL_CHATS), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running).toBe(MAX_PARALLEL_CHATS);
    // One finishing lets the next chat start, until all are delivered.
    const release = setInterval(() => gates.shift()?.(), 5);
    await flushing;
    clearInterval(release);
    expect(sent.toSorted()).toEqual(chats.map((_, i) => `chat ${i}`));
    expect(most).toBe(MAX_PARALLEL_CHATS);
    expect(MAX_PARALLEL_CHATS).toBe(3);
  });

  it('lets a send refused for good leave the queue without holding up the ones behind it', async () => {
    const chat = uuidv7();
    const refused = await queue(chat, 'refused');
    await queue(chat, 'fine');
    const { deliver, sent } = fakeDelivery({
      refused: [{ kind: 'not-sent', error: new ApiError('Too long', 400, undefined) }],
    });
    await flushOutbox(db, chatHandlers(deliver));
    expect(sent).toEqual(['refused', 'fine']);
    expect(await states()).toEqual(['failed', 'sent']);
    expect(await db.messages.get(refused.messageKey)).toMatchObject({
      status: 'failed',
      errorMessage: 'Too long',
    });
  });

  it('tries nothing while the browser is offline, and delivers once it is back', async () => {
    await queue(uuidv7(), 'one');
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const { deliver, sent } = fakeDelivery();
    expect((await flushOutbox(db, chatHandlers(deliver), { force: true })).blocked).toBe(true);
    expect(sent).toEqual([]);
    expect(await states()).toEqual(['queued']);

    // Back online, the next flush delivers it.
    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    expect((await flushOutbox(db, chatHandlers(deliver), { force: true })).blocked).toBe(false);
    expect(sent).toEqual(['one']);
  });

  it('replays a send cut off by a closed tab with the same entry, and does not replay one the server acknowledged', async () => {
    const chat = uuidv7();
    const cut = await queue(chat, 'cut off before the server answered');
    const acknowledged = await queue(uuidv7(), 'acknowledged, then the tab closed');
    await db.outbox.bulkUpdate([
      { key: cut.seq!, changes: { state: 'sending' } },
      { key: acknowledged.seq!, changes: { state: 'sending' } },
    ]);
    await db.messages.update(cut.messageKey, { status: 'sending' });
    await db.messages.update(acknowledged.messageKey, { status: 'sent', serverId: 7 });

    const { deliver, sent } = fakeDelivery();
    await flushOutbox(db, chatHandlers(deliver));
    expect(sent).toEqual(['cut off before the server answered']);
    expect(await states()).toEqual(['sent', 'sent']);
  });

  it('joins a flush already running in this tab rather than starting a second', async () => {
    const entry = await queue(uuidv7(), 'one');
    const { deliver, sent } = fakeDelivery();
    const [a, b] = await Promise.all([
      flushOutbox(db, chatHandlers(deliver)),
      flushOutbox(db, chatHandlers(deliver), { force: true }),
    ]);
    expect(sent).toEqual(['one']);
    // Both callers hear how it went.
    for (const report of [a, b]) expect(report.outcomes.get(entry.clientId)?.state).toBe('sent');
  });

  it('lets one flusher at a time deliver a chat, across tabs, under its Web Lock', async () => {
    const locks = navigator.locks;
    const requested: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      locks: {
        request: (name: string, callback: () => Promise<unknown>) => {
          requested.push(name);
          return locks.request(name, callback);
        },
      },
    });
    const chat = uuidv7();
    expect(await flushFromTwoTabs(chat)).toEqual(['one', 'two', 'three', 'four']);
    expect(new Set(requested)).toEqual(new Set([lockName(db, `outbox-${chat}`)]));
  });

  it('with no Web Locks (a page served over plain http from a LAN address), a lease in the database keeps one flusher at a time', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: true, locks: undefined });
    const chat = uuidv7();
    expect(await flushFromTwoTabs(chat)).toEqual(['one', 'two', 'three', 'four']);
    // The lease is let go: nothing holds the chat's line once the flush is done.
    expect(await db.keyValues.get(`outbox-${chat}Lease`)).toBeUndefined();
  });
});

/** Two tabs (two connections to one database) flushing one chat's four sends at once: each goes once, in order. */
async function flushFromTwoTabs(chat: string): Promise<string[]> {
  for (const text of ['one', 'two', 'three', 'four']) await queue(chat, text);
  // The second tab starts (and opens with its housekeeping) while the first is in the middle of a send.
  const otherTab = new PitchpadDb(userDbName(userId));
  const sent: string[] = [];
  let second: Promise<unknown> | undefined;
  const slow: Deliver = async (target, entry) => {
    second ??= Promise.all([
      flushOutbox(otherTab, chatHandlers(slow), { force: true }),
      flushOutbox(otherTab, chatHandlers(slow)),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return fakeDeliveryInto(target, entry, sent);
  };
  await flushOutbox(db, chatHandlers(slow), { force: true });
  await second;
  otherTab.close();
  return sent;
}

async function fakeDeliveryInto(
  target: PitchpadDb,
  entry: ChatSendEntry,
  sent: string[],
): Promise<DeliveryOutcome> {
  const message = (await target.messages.get(entry.messageKey))!;
  sent.push(message.content);
  await target.messages.update(entry.messageKey, { status: 'sent', serverId: sent.length });
  return { kind: 'done' };
}

describe('what the header counts', () => {
  it('counts a send as waiting until the server stores it, and as held up only once it has failed', async () => {
    const chat = uuidv7();
    const other = uuidv7();
    const streaming = await queue(chat, 'its reply is streaming');
    const behind = await queue(chat, 'next in line');
    const fresh = await queue(other, 'just typed');
    // The first is on its way and the server has stored it (its `start` arrived).
    await db.outbox.update(streaming.seq!, { state: 'sending' });
    await db.messages.update(streaming.messageKey, { status: 'sent', serverId: 9 });

    let unsent = await unsentSends(db);
    expect(unsent.map((e) => e.clientId)).toEqual([behind.clientId, fresh.clientId]);
    // Nothing has failed: nothing is held up, so the header shows no warning.
    expect(heldBack(unsent)).toEqual([]);

    // The other chat's send fails once (server down): that chat is held up; the first chat is not.
    await db.outbox.update(fresh.seq!, { attempts: 1, nextAttemptAt: Date.now() + 2000 });
    unsent = await unsentSends(db);
    expect(heldBack(unsent).map((e) => e.clientId)).toEqual([fresh.clientId]);
  });
});

describe('Retry and Delete', () => {
  it('Retry queues a failed send again at once, with its attempts reset', async () => {
    const refused = await queue(uuidv7(), 'refused once');
    const { deliver } = fakeDelivery({
      'refused once': [{ kind: 'not-sent', error: new ApiError('No', 422, undefined) }],
    });
    await flushOutbox(db, chatHandlers(deliver));
    expect(await requeueSend(db, refused.messageKey)).toBe(true);
    const again = await db.outbox.get(refused.seq!);
    expect(again).toMatchObject({ state: 'queued', attempts: 0, nextAttemptAt: 0 });
    expect(again?.lastError).toBeUndefined();
    expect(await messageStatus(refused)).toBe('queued');
    // Already queued: nothing to do.
    expect(await requeueSend(db, refused.messageKey)).toBe(false);
    await flushOutbox(db, chatHandlers(deliver));
    expect(await states()).toEqual(['sent']);
  });

  it('Delete forgets a send the server never stored, and refuses one it holds', async () => {
    const never = await queue(uuidv7(), 'never sent');
    expect(await discardSend(db, never.messageKey)).toBe(true);
    expect(await db.messages.get(never.messageKey)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);

    const stored = await queue(uuidv7(), 'stored');
    await db.messages.update(stored.messageKey, { serverId: 3, status: 'sent' });
    expect(await discardSend(db, stored.messageKey)).toBe(false);
  });
});

/** A version 1 user message row. */
const v1Row = (key: string, status: string, sortAt: number, serverId: number | null) => ({
  key,
  chatId: 'c',
  role: 'user',
  content: key,
  status,
  sortAt,
  timestamp: 'x',
  clientId: key.slice(2),
  replyToKey: null,
  serverId,
  model: null,
  touchedAt: 1,
});

/** A version 2 outbox row: a chat send, with no kind and no line. */
const v2Entry = (clientId: string, chatId: string, state: string) => ({
  clientId,
  chatId,
  messageKey: `u:${clientId}`,
  state,
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 1,
  updatedAt: 1,
});

/** A version 4 saved-history row, on the server or not. */
const v4Workflow = (wid: string, synced: boolean) => ({
  id: wid,
  type: 'email',
  title: `Cold Email ${wid}`,
  answers: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  synced,
});

describe('the schema upgrade', () => {
  it('puts the sends version 1 left unsent into the outbox, in the order typed', async () => {
    const id = ++userId;
    const v1 = new Dexie(userDbName(id));
    v1.version(1).stores({
      chats: 'id, updatedAt',
      messages: 'key, chatId, status',
      keyValues: 'key',
    });
    await v1
      .table('messages')
      .bulkPut([
        v1Row('u:b', 'failed', 2, null),
        v1Row('u:a', 'sending', 1, null),
        v1Row('u:s', 'sent', 0, 4),
      ]);
    v1.close();

    const upgraded = openUserDb(id);
    expect(
      (await upgraded.outbox.orderBy('seq').toArray()).map((e) => [e.messageKey, e.state]),
    ).toEqual([
      ['u:a', 'queued'],
      ['u:b', 'queued'],
    ]);
    expect((await upgraded.messages.get('u:b'))?.status).toBe('queued');
    expect((await upgraded.messages.get('u:s'))?.status).toBe('sent');
  });
  it("makes every version 2 entry a chat send on its chat's line, a queued and a cut-off one alike", async () => {
    const id = ++userId;
    const v2 = new Dexie(userDbName(id));
    v2.version(1).stores({
      chats: 'id, updatedAt',
      messages: 'key, chatId, status',
      keyValues: 'key',
    });
    v2.version(2).stores({
      outbox: '++seq, &clientId, state, chatId',
      drafts: '[flow+stepId], flow, updatedAt',
      workflows: 'id, updatedAt, type',
    });
    await v2
      .table('outbox')
      .bulkAdd([
        v2Entry('a', 'chat-1', 'queued'),
        v2Entry('b', 'chat-1', 'sending'),
        v2Entry('c', 'chat-2', 'sent'),
      ]);
    v2.close();

    const upgraded = openUserDb(id);
    expect(
      (await upgraded.outbox.orderBy('seq').toArray()).map((e) => [
        e.clientId,
        e.kind,
        e.line,
        e.state,
      ]),
    ).toEqual([
      ['a', 'chat-send', 'chat-1', 'queued'],
      ['b', 'chat-send', 'chat-1', 'sending'],
      ['c', 'chat-send', 'chat-2', 'sent'],
    ]);
    expect(
      (await upgraded.outbox.where('line').equals('chat-1').toArray()).map((e) => e.clientId),
    ).toEqual(['a', 'b']);
    expect(upgraded.verno).toBe(DB_SCHEMA_VERSION);
  });

  it('gives each saved-history change and email edit version 4 left unsent an outbox entry on its own line, so an update loses none', async () => {
    const id = ++userId;
    const v4 = olderDb(id, 4);
    await v4
      .table('workflows')
      .bulkPut([v4Workflow('renamed-offline', false), v4Workflow('on-server', true)]);
    const edit = { subject: 'Hi Dana', body: 'Edited', editedAt: '2026-01-01T00:00:00.000Z' };
    await v4.table('messages').bulkPut([
      buildLocalReply({ key: 'r:stored', serverId: 7, emailEdit: edit, emailEditPending: true }),
      // Its reply not on the server yet: it waits for it, as before the update.
      buildLocalReply({ key: 'r:local', serverId: null, emailEdit: edit, emailEditPending: true }),
    ]);
    v4.close();

    const upgraded = openUserDb(id);
    expect(
      (await upgraded.outbox.toArray()).map((e) => [e.kind, e.line, e.payload, e.state]),
    ).toEqual([
      ['email-edit', 'edit:r:stored', { messageKey: 'r:stored' }, 'queued'],
      ['workflow-change', 'wf:renamed-offline', { id: 'renamed-offline' }, 'queued'],
    ]);
    expect(upgraded.verno).toBe(DB_SCHEMA_VERSION);
  });

  it('gives each GTM plan version 5 left drafted offline an outbox entry on its own line, held as its failed tries left it, so an update loses none', async () => {
    const id = ++userId;
    const v5 = olderDb(id, 5);
    const now = Date.now();
    await v5
      .table('chats')
      .bulkPut([
        v5PlanChat('never-tried', false),
        v5PlanChat('failed-once', false),
        v5PlanChat('refused', false),
        v5PlanChat('on-server', true),
      ]);
    const later = now + 10 * 60_000;
    await v5.table('messages').bulkPut([
      v5Plan('never-tried'),
      v5Plan('failed-once', {
        attempts: 2,
        nextAttemptAt: later,
        lastError: 'Busy',
        refused: false,
      }),
      v5Plan('refused', { attempts: 1, nextAttemptAt: Infinity, lastError: 'No', refused: true }),
      buildLocalReply({ key: 's:9', chatId: 'on-server', serverId: 9, replyToKey: null }),
    ]);
    v5.close();

    const upgraded = openUserDb(id);
    expect(
      (await upgraded.outbox.orderBy('line').toArray()).map((e) => [
        e.kind,
        e.line,
        e.payload,
        e.state,
        e.attempts,
        e.notBefore,
      ]),
    ).toEqual([
      ['gtm-plan', 'plan:failed-once', { chatId: 'failed-once' }, 'queued', 2, later],
      ['gtm-plan', 'plan:never-tried', { chatId: 'never-tried' }, 'queued', 0, undefined],
    ]);
    expect(upgraded.verno).toBe(DB_SCHEMA_VERSION);
  });
});

/** A GTM plan drafted offline in its own chat, as a phone holds it, with its tries' state. */
const v5Plan = (chatId: string, planDelivery?: LocalMessage['planDelivery']) =>
  buildLocalReply({
    key: `a:${chatId}`,
    chatId,
    serverId: null,
    replyToKey: null,
    content: '# Go-to-Market Plan',
    ...(planDelivery && { planDelivery }),
  });

/** A GTM plan's chat, on the server (`synced`) or only on this phone. */
const v5PlanChat = (chatId: string, synced: boolean) => ({
  ...buildLocalEmailChat({ id: chatId, playbookType: 'gtmplan' }),
  synced,
});

/** This user's database as an older version of the app declared it, up to `version`. */
function olderDb(id: number, version: 4 | 5): Dexie {
  const old = new Dexie(userDbName(id));
  old.version(1).stores({
    chats: 'id, updatedAt',
    messages: 'key, chatId, status',
    keyValues: 'key',
  });
  old.version(2).stores({
    outbox: '++seq, &clientId, state, chatId',
    drafts: '[flow+stepId], flow, updatedAt',
    workflows: 'id, updatedAt, type',
  });
  old.version(3).stores({ outbox: '++seq, &clientId, state, line, kind' });
  old.version(4).stores({
    recordings: 'id, createdAt, state',
    recordingChunks: '[recordingId+seq], recordingId',
  });
  if (version === 5) old.version(5).stores({});
  return old;
}
