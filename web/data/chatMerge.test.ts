import { describe, expect, it } from 'vitest';
import type { Chat, Message } from '../../domain/contract/chat';
import {
  mergeChats,
  mergeEmailEdit,
  mergeMessages,
  orderMessages,
  replyKeyFor,
  serverMessagesToLocal,
} from './chatMerge';
import type { LocalChat, LocalMessage } from './db';

const CHAT = '0195f0a0-0000-7000-8000-000000000001';
const T0 = Date.parse('2026-03-05T15:00:00Z');

function serverMessage(over: Partial<Message> & Pick<Message, 'id' | 'role'>): Message {
  return {
    chatId: CHAT,
    content: '',
    timestamp: new Date(T0 + over.id * 1000).toISOString(),
    clientId: null,
    replyTo: null,
    status: 'complete',
    model: null,
    ...over,
  };
}

function local(over: Partial<LocalMessage> & Pick<LocalMessage, 'key' | 'role'>): LocalMessage {
  return {
    chatId: CHAT,
    content: '',
    status: 'sent',
    sortAt: T0,
    timestamp: new Date(T0).toISOString(),
    clientId: null,
    replyToKey: null,
    serverId: null,
    model: null,
    touchedAt: 0,
    ...over,
  };
}

const question = serverMessage({ id: 1, role: 'user', content: 'How do I price?', clientId: 'c1' });
const answer = serverMessage({
  id: 2,
  role: 'assistant',
  content: 'Value-based.',
  replyTo: 1,
  model: 'gpt-4o',
});

describe('message keys', () => {
  it('key a user message by its send id and its reply after it, whatever the server ids', () => {
    const rows = serverMessagesToLocal([question, answer], new Map(), T0);
    expect(rows.map((r) => [r.key, r.replyToKey, r.status])).toEqual([
      ['u:c1', null, 'sent'],
      ['r:c1', 'u:c1', 'complete'],
    ]);
    expect(replyKeyFor('u:c1')).toBe('r:c1');
  });

  it('fall back to server ids for messages without a send id', () => {
    const greeting = serverMessage({ id: 5, role: 'assistant', content: 'Hello' });
    const spec = serverMessage({ id: 6, role: 'user', content: 'Hi' });
    const reply = serverMessage({ id: 7, role: 'assistant', content: 'Hey', replyTo: 6 });
    expect(serverMessagesToLocal([greeting, spec, reply], new Map(), T0).map((r) => r.key)).toEqual(
      ['s:5', 's:6', 'r:s:6'],
    );
  });
});

describe('merging a chat from the server', () => {
  const fetchedAt = T0 + 60_000;

  it('lets the server win for what it holds', () => {
    const stale = local({
      key: 'r:c1',
      role: 'assistant',
      content: 'Val',
      status: 'streaming',
      replyToKey: 'u:c1',
      touchedAt: fetchedAt - 5000,
    });
    const plan = mergeMessages(
      [
        local({
          key: 'u:c1',
          role: 'user',
          content: 'How do I price?',
          clientId: 'c1',
          serverId: 1,
          touchedAt: 1,
        }),
        stale,
      ],
      [question, answer],
      fetchedAt,
    );
    expect(plan.put.find((m) => m.key === 'r:c1')).toMatchObject({
      content: 'Value-based.',
      status: 'complete',
      serverId: 2,
    });
    expect(plan.remove).toEqual([]);
  });

  it('never removes a plan drafted here offline (the server has only the send made in its chat since)', () => {
    const plan = local({
      key: 'a:plan',
      role: 'assistant',
      content: '# Go-to-Market Plan',
      status: 'complete',
      model: 'offline-drafter',
      touchedAt: 1,
    });
    const sent = local({
      key: 'u:c1',
      role: 'user',
      content: 'How do I price?',
      clientId: 'c1',
      serverId: 1,
      touchedAt: 1,
    });
    const merged = mergeMessages([plan, sent], [question, answer], fetchedAt);
    expect(merged.remove).toEqual([]);
    // A reply that the server no longer has does go.
    const gone = local({
      key: 'r:old',
      role: 'assistant',
      content: 'Old',
      status: 'complete',
      replyToKey: 'u:old',
      serverId: 9,
      touchedAt: 1,
    });
    expect(mergeMessages([plan, gone], [], fetchedAt).remove).toEqual(['r:old']);
  });

  it('keeps a local row written after the snapshot was taken (a reply streaming in now)', () => {
    const streaming = local({
      key: 'r:c1',
      role: 'assistant',
      content: 'Value-based. Also',
      status: 'streaming',
      replyToKey: 'u:c1',
      touchedAt: fetchedAt + 10,
    });
    const plan = mergeMessages(
      [streaming],
      [question, { ...answer, status: 'streaming', content: 'Val' }],
      fetchedAt,
    );
    expect(plan.put.map((m) => m.key)).toEqual(['u:c1']);
  });

  it('does not reopen a reply this device holds as finished (a stale snapshot after Stop)', () => {
    const stopped = local({
      key: 'r:c1',
      role: 'assistant',
      content: 'Value',
      status: 'partial',
      note: 'stopped',
      replyToKey: 'u:c1',
      touchedAt: fetchedAt - 100,
    });
    const plan = mergeMessages(
      [stopped],
      [question, { ...answer, status: 'streaming', content: 'Value' }],
      fetchedAt,
    );
    expect(plan.put.some((m) => m.key === 'r:c1')).toBe(false);
  });

  it('keeps why a reply stopped, which only this device knows', () => {
    const stopped = local({
      key: 'r:c1',
      role: 'assistant',
      content: 'Value',
      status: 'partial',
      note: 'stopped',
      replyToKey: 'u:c1',
      touchedAt: 1,
    });
    const plan = mergeMessages(
      [stopped],
      [question, { ...answer, status: 'partial', content: 'Value-b' }],
      fetchedAt,
    );
    expect(plan.put.find((m) => m.key === 'r:c1')).toMatchObject({
      content: 'Value-b',
      status: 'partial',
      note: 'stopped',
    });
  });

  it('keeps unsent local messages, and removes what the server no longer has', () => {
    const unsent = local({
      key: 'u:c9',
      role: 'user',
      content: 'Offline question',
      status: 'failed',
      clientId: 'c9',
      touchedAt: 1,
    });
    const sending = local({
      key: 'u:c8',
      role: 'user',
      content: 'On its way',
      status: 'sending',
      clientId: 'c8',
      touchedAt: 1,
    });
    const queued = local({
      key: 'u:c4',
      role: 'user',
      content: 'Typed offline',
      status: 'queued',
      clientId: 'c4',
      touchedAt: 1,
    });
    const gone = local({
      key: 'u:c7',
      role: 'user',
      content: 'Deleted elsewhere',
      status: 'sent',
      clientId: 'c7',
      serverId: 9,
      touchedAt: 1,
    });
    const justSent = local({
      key: 'u:c6',
      role: 'user',
      content: 'Acknowledged after the fetch began',
      status: 'sent',
      clientId: 'c6',
      serverId: 10,
      touchedAt: fetchedAt + 1,
    });
    const plan = mergeMessages(
      [unsent, sending, queued, gone, justSent],
      [question, answer],
      fetchedAt,
    );
    expect(plan.remove).toEqual(['u:c7']);
  });

  it('turns a queued send into the sent message, one row, when the server got it but the answer was lost', () => {
    const queued = local({
      key: 'u:c1',
      role: 'user',
      content: 'How do I price?',
      status: 'queued',
      clientId: 'c1',
      touchedAt: 1,
    });
    const plan = mergeMessages([queued], [question, answer], fetchedAt);
    expect(plan.put.map((m) => [m.key, m.status])).toEqual([
      ['u:c1', 'sent'],
      ['r:c1', 'complete'],
    ]);
    expect(plan.remove).toEqual([]);
  });

  it('turns a local failed send into the sent message when the server got it after all', () => {
    const failed = local({
      key: 'u:c1',
      role: 'user',
      content: 'How do I price?',
      status: 'failed',
      clientId: 'c1',
      touchedAt: 1,
    });
    const plan = mergeMessages([failed], [question, answer], fetchedAt);
    expect(plan.put.find((m) => m.key === 'u:c1')).toMatchObject({ status: 'sent', serverId: 1 });
  });

  it('writes nothing when nothing changed', () => {
    const rows = serverMessagesToLocal([question, answer], new Map(), 1);
    expect(mergeMessages(rows, [question, answer], fetchedAt)).toEqual({ put: [], remove: [] });
  });
});

describe('merging the chat list', () => {
  const fetchedAt = T0 + 60_000;
  const serverChat = (id: string, title = id): Chat => ({
    id,
    title,
    createdAt: new Date(T0).toISOString(),
    updatedAt: new Date(T0).toISOString(),
    isPlaybook: false,
    playbookType: 'none',
  });
  const localChat = (id: string, over: Partial<LocalChat> = {}): LocalChat => ({
    ...serverChat(id),
    synced: true,
    touchedAt: 1,
    ...over,
  });

  it('adds and renames from the server, removes chats deleted elsewhere, keeps chats not sent yet', () => {
    const plan = mergeChats(
      [
        localChat('a', { title: 'Old title' }),
        localChat('gone'),
        localChat('new-here', { synced: false }),
        localChat('just-started', { touchedAt: fetchedAt + 5 }),
      ],
      [serverChat('a', 'New title'), serverChat('b')],
      fetchedAt,
    );
    expect(plan.put.map((c) => [c.id, c.title, c.synced])).toEqual([
      ['a', 'New title', true],
      ['b', 'b', true],
    ]);
    expect(plan.remove).toEqual(['gone']);
  });

  it('never removes a chat holding messages not sent yet, even when the server no longer lists it', () => {
    const plan = mergeChats(
      [localChat('gone'), localChat('queued-offline')],
      [],
      fetchedAt,
      new Set(['queued-offline']),
    );
    expect(plan.remove).toEqual(['gone']);
  });
});

describe('reading order', () => {
  it('orders by time written, each reply right after its message, system messages hidden', () => {
    const rows = [
      local({ key: 'r:c2', role: 'assistant', replyToKey: 'u:c2', sortAt: T0 + 1 }),
      local({ key: 'u:c2', role: 'user', sortAt: T0 + 5000 }),
      local({ key: 'u:c1', role: 'user', sortAt: T0 }),
      local({ key: 's:1', role: 'system', sortAt: T0 - 10 }),
      local({ key: 'r:c1', role: 'assistant', replyToKey: 'u:c1', sortAt: T0 + 9000 }),
      local({ key: 'u:c3', role: 'user', status: 'failed', sortAt: T0 + 7000 }),
    ];
    expect(orderMessages(rows).map((m) => m.key)).toEqual(['u:c1', 'r:c1', 'u:c2', 'r:c2', 'u:c3']);
  });
});

/** The local row of `answer`, as this device holds it. */
const localAnswer = (over: Partial<LocalMessage>) =>
  local({
    key: 'r:c1',
    role: 'assistant',
    content: 'Value-based.',
    status: 'complete',
    replyToKey: 'u:c1',
    serverId: 2,
    model: 'gpt-4o',
    ...over,
  });

describe("merging the rep's email edits", () => {
  const fetchedAt = T0 + 60_000;
  const older = { subject: 'S1', body: 'Older edit', editedAt: '2026-03-05T15:01:00.000Z' };
  const newer = { subject: 'S2', body: 'Newer edit', editedAt: '2026-03-05T15:02:00.000Z' };

  it("takes the server's edit when nothing waits here", () => {
    const plan = mergeMessages(
      [localAnswer({})],
      [question, { ...answer, emailEdit: newer }],
      fetchedAt,
    );
    expect(plan.put.find((r) => r.key === 'r:c1')).toMatchObject({ emailEdit: newer });
    expect(plan.put.find((r) => r.key === 'r:c1')?.emailEditPending).toBeUndefined();
  });

  it('keeps an edit waiting here over an older one on the server, still to be sent', () => {
    const plan = mergeMessages(
      [localAnswer({ emailEdit: newer, emailEditPending: true })],
      [question, { ...answer, emailEdit: older }],
      fetchedAt,
    );
    expect(plan.put.find((r) => r.key === 'r:c1')).toMatchObject({
      emailEdit: newer,
      emailEditPending: true,
    });
    expect(mergeEmailEdit({ emailEdit: newer, emailEditPending: true }, older)).toEqual({
      emailEdit: newer,
      emailEditPending: true,
    });
    expect(mergeEmailEdit({ emailEdit: newer, emailEditPending: true }, null)).toEqual({
      emailEdit: newer,
      emailEditPending: true,
    });
  });

  it('lets a newer edit from another device replace one waiting here', () => {
    expect(mergeEmailEdit({ emailEdit: older, emailEditPending: true }, newer)).toEqual({
      emailEdit: newer,
    });
    const plan = mergeMessages(
      [localAnswer({ emailEdit: older, emailEditPending: true })],
      [question, { ...answer, emailEdit: newer }],
      fetchedAt,
    );
    expect(plan.put.find((r) => r.key === 'r:c1')).toMatchObject({ emailEdit: newer });
  });

  it('drops an edit waiting here when the answer was regenerated on another device: it was made on the old email', () => {
    const plan = mergeMessages(
      [localAnswer({ emailEdit: newer, emailEditPending: true })],
      [question, { ...answer, content: 'A regenerated email.' }],
      fetchedAt,
    );
    const row = plan.put.find((r) => r.key === 'r:c1');
    expect(row?.content).toBe('A regenerated email.');
    expect(row?.emailEdit).toBeUndefined();
    expect(row?.emailEditPending).toBeUndefined();
  });

  it('follows the server for an edit it already stored (none there: none here)', () => {
    expect(mergeEmailEdit({ emailEdit: older }, null)).toEqual({});
    const plan = mergeMessages([localAnswer({ emailEdit: older })], [question, answer], fetchedAt);
    expect(plan.put.find((r) => r.key === 'r:c1')?.emailEdit).toBeUndefined();
  });
});
