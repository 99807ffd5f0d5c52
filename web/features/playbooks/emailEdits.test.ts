// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailEdit, Message } from '../../../domain/contract/chat';
import { OFFLINE_DRAFTER_MODEL } from '../../../domain/limits';
import { buildLocalReply } from '../../../tests/factories/localMessages';
import { clearUserData, openUserDb, type LocalMessage, type PitchpadDb } from '../../data/db';
import { countUnsentWork } from '../../data/unsentWork';
import { pushPendingEmailEdits, saveReplyEmailEdit } from './emailEdits';
import { saveOfflineEmailEdit } from './flowResults';

/** A fake PUT /api/chats/{id}/messages/{messageId}/email: last edit wins, as the server does. */
let stored: Map<number, EmailEdit>;
let online: boolean;
let puts: string[];
const CHAT = '0195f0a0-0000-7000-8000-0000000000e1';
let userId = 9100;
let db: PitchpadDb;

const reply = (overrides: Partial<LocalMessage> = {}) =>
  buildLocalReply({ chatId: CHAT, ...overrides });

beforeEach(() => {
  stored = new Map();
  online = true;
  puts = [];
  db = openUserDb(++userId);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (!online) throw new TypeError('Failed to fetch');
    if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
    puts.push(`${init.method} ${url}`);
    const id = Number(url.split('/').at(-2));
    if (id === 9)
      return Response.json(
        { code: 'internal_error', message: 'Something went wrong. Please try again.' },
        { status: 500 },
      );
    if (id !== 7)
      return Response.json({ code: 'not_found', message: 'Message not found' }, { status: 404 });
    const edit = JSON.parse(String(init.body)) as EmailEdit;
    const before = stored.get(id);
    if (!before || Date.parse(before.editedAt) <= Date.parse(edit.editedAt)) stored.set(id, edit);
    const message: Message = {
      id,
      chatId: CHAT,
      role: 'assistant',
      content: 'x',
      timestamp: new Date(0).toISOString(),
      clientId: null,
      replyTo: 6,
      status: 'complete',
      model: 'gpt-4o',
      emailEdit: stored.get(id)!,
    };
    return Response.json(message);
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearUserData(userId);
});

describe("the rep's email edits on their way to the server", () => {
  it('keeps an edit made offline here, counted as unsaved work, and sends it once the network is back', async () => {
    await db.messages.put(reply());
    online = false;
    await saveReplyEmailEdit(db, 'r:c1', { subject: 'New subject', body: 'New body' });
    await pushPendingEmailEdits(db);
    const waiting = await db.messages.get('r:c1');
    expect(waiting).toMatchObject({
      emailEdit: { subject: 'New subject', body: 'New body' },
      emailEditPending: true,
    });
    expect(await countUnsentWork(db)).toMatchObject({ edits: 1 });

    online = true;
    await pushPendingEmailEdits(db);
    expect(stored.get(7)).toMatchObject({ subject: 'New subject', body: 'New body' });
    expect(await db.messages.get('r:c1')).toMatchObject({
      emailEditPending: false,
      emailEdit: waiting!.emailEdit,
    });
    expect(await countUnsentWork(db)).toMatchObject({ edits: 0 });
  });

  it("takes the server's newer edit when its own arrives late", async () => {
    const newer: EmailEdit = {
      subject: 'From the laptop',
      body: 'Later',
      editedAt: '2030-01-01T00:00:00.000Z',
    };
    stored.set(7, newer);
    await db.messages.put(
      reply({
        emailEdit: { subject: 'Phone', body: 'Earlier', editedAt: '2026-01-01T00:00:00.000Z' },
        emailEditPending: true,
      }),
    );
    await pushPendingEmailEdits(db);
    expect(stored.get(7)).toEqual(newer);
    expect(await db.messages.get('r:c1')).toMatchObject({
      emailEdit: newer,
      emailEditPending: false,
    });
  });

  it('keeps on this device an edit whose message the server no longer has, and stops asking', async () => {
    await db.messages.put(
      reply({
        serverId: 8,
        emailEdit: { subject: 'S', body: 'B', editedAt: '2026-01-01T00:00:00.000Z' },
        emailEditPending: true,
      }),
    );
    await pushPendingEmailEdits(db);
    expect(await db.messages.get('r:c1')).toMatchObject({
      emailEdit: { subject: 'S' },
      emailEditPending: false,
    });
    await pushPendingEmailEdits(db);
    expect(puts).toHaveLength(1);
  });

  it('keeps an edit waiting while the server fails, for the next try', async () => {
    await db.messages.put(
      reply({
        serverId: 9,
        emailEdit: { subject: 'S', body: 'B', editedAt: '2026-01-01T00:00:00.000Z' },
        emailEditPending: true,
      }),
    );
    await pushPendingEmailEdits(db);
    expect(await db.messages.get('r:c1')).toMatchObject({ emailEditPending: true });
    expect(await countUnsentWork(db)).toMatchObject({ edits: 1 });
  });

  it("moves the offline draft's edit onto the server's offline-drafter reply, which is the same email", async () => {
    await db.messages.put(reply({ model: OFFLINE_DRAFTER_MODEL }));
    const edit: EmailEdit = {
      subject: 'Edited offline',
      body: 'Shorter',
      editedAt: '2026-01-01T00:00:00.000Z',
    };
    await saveOfflineEmailEdit(db, CHAT, edit);
    await pushPendingEmailEdits(db);
    expect(stored.get(7)).toEqual(edit);
    expect(await db.messages.get('r:c1')).toMatchObject({
      emailEdit: edit,
      emailEditPending: false,
    });
  });

  it("moves the offline draft's edit onto a model's answer too, so the rep's version reaches the account", async () => {
    await db.messages.put(reply({ model: 'gpt-4o' }));
    const edit: EmailEdit = {
      subject: 'Edited offline',
      body: 'Shorter',
      editedAt: '2026-01-01T00:00:00.000Z',
    };
    await saveOfflineEmailEdit(db, CHAT, edit);
    expect(await countUnsentWork(db)).toMatchObject({ edits: 0 }); // no answer on the server yet to hang it on
    await pushPendingEmailEdits(db);
    expect(stored.get(7)).toEqual(edit);
    expect(await db.messages.get('r:c1')).toMatchObject({
      emailEdit: edit,
      emailEditPending: false,
    });
  });

  it('sends the other edits while the server fails one of them', async () => {
    await db.messages.put(
      reply({
        key: 'r:c0',
        serverId: 9,
        sortAt: 0,
        emailEdit: { subject: 'Fails', body: 'B', editedAt: '2026-01-01T00:00:00.000Z' },
        emailEditPending: true,
      }),
    );
    await db.messages.put(
      reply({
        emailEdit: { subject: 'Goes', body: 'B', editedAt: '2026-01-01T00:00:00.000Z' },
        emailEditPending: true,
      }),
    );
    await pushPendingEmailEdits(db);
    expect(stored.get(7)).toMatchObject({ subject: 'Goes' });
    expect(await db.messages.get('r:c0')).toMatchObject({ emailEditPending: true });
  });
});
