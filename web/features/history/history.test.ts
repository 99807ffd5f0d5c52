// @vitest-environment jsdom
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Workflow } from '../../../domain/contract/playbooks';
import { clearUserData, openUserDb, type PitchpadDb } from '../../data/db';
import { countWaiting } from '../../data/outbox';
import { isHistoryBadgeShown, markHistoryOpened, markHistorySaved } from './historyBadge';
import {
  deleteWorkflow,
  formatHistoryDate,
  listHistory,
  loadWorkflowResult,
  newWorkflowId,
  renameWorkflow,
  saveWorkflow,
  syncWorkflows,
} from './workflowStore';
import { buildLocalEmailChat } from '../../../tests/factories/localMessages';
import type { LocalPush } from '../crm/crmPushes';
import { crmMarksOf } from './useWorkflowHistory';

/** A fake /api/workflows: the server's list, and every call made. */
let server: Map<string, Workflow & { result?: string }>;
let online: boolean;
/** An item as the list shows it: without its result. */
const listed = (w: Workflow): Workflow => ({
  id: w.id,
  name: w.name,
  workflowType: w.workflowType,
  date: w.date,
  path: w.path,
});
const calls: string[] = [];

beforeEach(() => {
  server = new Map();
  online = true;
  calls.length = 0;
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (!online) throw new TypeError('Failed to fetch');
    if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
    const id = decodeURIComponent(url.split('/').pop()!);
    if (method === 'GET' && url === '/api/workflows')
      return Response.json([...server.values()].map(listed));
    if (method === 'POST') {
      const item = server.get(body.id!) ?? {
        id: body.id!,
        name: body.name!,
        workflowType: body.workflowType!,
        date: body.date!,
        path: body.path!,
        ...(body.result ? { result: body.result } : {}),
      };
      server.set(item.id, item);
      return Response.json(listed(item), { status: 201 });
    }
    const item = server.get(id);
    if (!item)
      return Response.json({ code: 'not_found', message: 'Workflow not found' }, { status: 404 });
    if (method === 'GET') return Response.json({ ...item, result: item.result ?? null });
    if (method === 'PATCH') {
      item.name = body.name!;
      return Response.json(item);
    }
    server.delete(id);
    return Response.json({ ok: true });
  });
});

let db: PitchpadDb;
let userId = 9000;
beforeEach(() => {
  db = openUserDb(++userId);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await clearUserData();
});

/** The pushes started in the background are over: nothing of `db` waits in the outbox. */
const settle = () => vi.waitFor(async () => expect(await countWaiting(db)).toBe(0));

describe('saved history', () => {
  it('keeps what a workflow without a chat produced, and brings it to another device when opened there', async () => {
    const result = JSON.stringify({ topic: 'CRM for plumbers' });
    const item = await saveWorkflow(db, {
      type: 'competitive',
      workflowType: 'Competitive Analysis',
      name: 'Competitive Analysis: CRM for plumbers',
      answers: {},
      result,
      pathFor: (id) => `/competitive?workflow=${id}`,
    });
    expect(item).toMatchObject({
      workflowType: 'Competitive Analysis',
      path: `/competitive?workflow=${item.id}`,
    });
    await settle();
    expect(server.get(item.id)?.result).toBe(result);
    expect(await loadWorkflowResult(db, item.id)).toBe(result);
    expect(calls.filter((c) => c.startsWith('GET'))).toEqual([]);

    const phone = openUserDb(++userId);
    await syncWorkflows(phone);
    expect((await listHistory(phone)).map((i) => i.path)).toEqual([
      `/competitive?workflow=${item.id}`,
    ]);
    expect(await loadWorkflowResult(phone, item.id)).toBe(result);
    // Kept there: opened again offline, it still shows.
    online = false;
    expect(await loadWorkflowResult(phone, item.id)).toBe(result);
    online = true;
    expect(await loadWorkflowResult(phone, 'no-such-item-000000000')).toBeUndefined();
  });

  it('saves here at once and on the server, with a 21-character id and the chat as its path', async () => {
    const item = await saveWorkflow(db, {
      type: 'email',
      name: 'Cold Email to Dana',
      answers: { recipient_info: 'Dana' },
      chatId: 'chat-1',
      now: new Date('2024-03-05T15:07:00Z'),
    });
    expect(item).toEqual({
      id: item.id,
      name: 'Cold Email to Dana',
      workflowType: 'Cold Email',
      date: '2024-03-05T15:07:00.000Z',
      path: '/chat?chat=chat-1',
    });
    expect(item.id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(await listHistory(db)).toEqual([item]);
    await settle();
    expect(server.get(item.id)).toEqual(item);
    expect((await db.workflows.get(item.id))?.synced).toBe(true);
  });

  it('renames trimmed and ignores a blank name', async () => {
    const item = await saveWorkflow(db, { type: 'gtmplan', name: 'GTM Plan', answers: {} });
    await settle();
    expect(await renameWorkflow(db, item.id, '   ')).toBe(false);
    expect(await renameWorkflow(db, item.id, '  Seed round plan  ')).toBe(true);
    expect((await listHistory(db))[0]?.name).toBe('Seed round plan');
    expect(server.get(item.id)?.name).toBe('Seed round plan');
  });

  it('renames the chat that holds the item, on this device at once (also offline)', async () => {
    online = false;
    await db.chats.put(buildLocalEmailChat({ id: 'chat-14' }));
    const item = await saveWorkflow(db, {
      type: 'email',
      name: 'Cold Email to Dana',
      answers: {},
      chatId: 'chat-14',
    });
    expect(await renameWorkflow(db, item.id, ' Dana at Freightly ')).toBe(true);
    expect(await db.chats.get('chat-14')).toMatchObject({
      title: 'Dana at Freightly',
      updatedAt: 'x',
    });
    expect((await db.chats.get('chat-14'))!.touchedAt).toBeGreaterThan(1);
  });

  it('keeps changes made offline and sends them at the next sync', async () => {
    online = false;
    const kept = await saveWorkflow(db, { type: 'email', name: 'Offline email', answers: {} });
    const gone = await saveWorkflow(db, { type: 'call', name: 'To delete', answers: {} });
    await renameWorkflow(db, kept.id, 'Renamed offline');
    await deleteWorkflow(db, gone.id);
    expect((await listHistory(db)).map((i) => i.name)).toEqual(['Renamed offline']);

    online = true;
    await syncWorkflows(db);
    expect([...server.values()].map((w) => w.name)).toEqual(['Renamed offline']);
    expect(await db.workflows.get(gone.id)).toBeUndefined();
    expect((await listHistory(db)).map((i) => i.name)).toEqual(['Renamed offline']);
  });

  it("follows the user: another device's items arrive, its renames win, its deletes apply", async () => {
    const mine = await saveWorkflow(db, { type: 'email', name: 'Mine', answers: {} });
    const toGo = await saveWorkflow(db, { type: 'email', name: 'Deleted elsewhere', answers: {} });
    await settle();
    const other: Workflow = {
      id: newWorkflowId(),
      name: 'From my laptop',
      workflowType: 'GTM Plan',
      date: '2024-03-06T09:00:00.000Z',
      path: '/chat?chat=abc',
    };
    server.set(other.id, other);
    server.get(mine.id)!.name = 'Renamed on laptop';
    server.delete(toGo.id);
    await syncWorkflows(db);
    expect(await listHistory(db)).toEqual([
      mine.date > other.date ? { ...mine, name: 'Renamed on laptop' } : other,
      mine.date > other.date ? other : { ...mine, name: 'Renamed on laptop' },
    ]);
  });

  it("formats dates like 'Mar 5, 2024 at 3:07 PM'", () => {
    const date = new Date(2024, 2, 5, 15, 7);
    expect(formatHistoryDate(date.toISOString())).toBe('Mar 5, 2024 at 3:07 PM');
    expect(formatHistoryDate('nonsense')).toBe('');
  });
});

describe("the header's new-history badge", () => {
  it('shows once the first item is saved and until the history is opened, for good', () => {
    expect(isHistoryBadgeShown()).toBe(false);
    markHistorySaved();
    expect(localStorage.getItem('firstHistorySaved')).toBe('true');
    expect(isHistoryBadgeShown()).toBe(true);
    markHistoryOpened();
    expect(localStorage.getItem('historyBadgeClicked')).toBe('true');
    expect(isHistoryBadgeShown()).toBe(false);
    markHistorySaved();
    expect(isHistoryBadgeShown()).toBe(false);
  });
});

const item = (id: string, chatId: string): Workflow => ({
  id,
  name: `Item ${id}`,
  workflowType: 'CRM Note',
  date: '2026-11-27T10:00:00.000Z',
  path: `/chat?chat=${chatId}`,
});
const push = (ref: string, provider: 'hubspot' | 'salesforce', state: LocalPush['state']) =>
  ({
    id: `${ref}-${provider}-${state}`,
    state,
    createdAt: '2026-11-27T10:00:00.000Z',
    input: {
      provider,
      source: { kind: 'crm-note', ref },
      title: 'Freightly',
      body: 'Notes',
      targets: [],
    },
  }) satisfies LocalPush;

describe("Saved History's CRM marks", () => {
  it('marks each item whose chat has a note saved in a CRM, and no other', () => {
    const marks = crmMarksOf(
      [item('a', 'chat-a'), item('b', 'chat-b'), item('c', 'chat-c')],
      [
        push('chat-a', 'hubspot', 'saved'),
        push('chat-a', 'salesforce', 'saved'),
        push('chat-b', 'hubspot', 'waiting'),
        push('chat-c', 'salesforce', 'saved'),
      ],
    );
    expect(marks).toEqual({ a: 'In HubSpot and Salesforce', c: 'In Salesforce' });
  });
});
