/**
 * Saved workflow history: kept in the local database so it shows at
 * once and offline, and on the server (/api/workflows) so it follows the user to every device.
 * Every change is written here first and marked unsynced, with an outbox entry of
 * kind 'workflow-change' on the item's own line (`wf:<id>`) in the same transaction, then sent; what
 * could not be sent is sent again by the outbox (the app's sync engine, or the worker's Background
 * Sync, asked for with each change: data/backgroundSync.ts). The entry carries only the item's id:
 * it sends the item as it is when delivered, so several changes made offline go as one. The server wins for items this device has no pending
 * change to; an item deleted on another device disappears here too.
 */
import type { Workflow, WorkflowWithResult } from '../../../domain/contract/playbooks';
import { CHAT_TITLE_STORE_MAX } from '../../../domain/limits';
import { FLOWS, type Answers } from '../../../domain/playbooks';
import { ApiError, api } from '../../data/api';
import {
  userIdOfDb,
  workflowLine,
  WORKFLOW_CHANGE,
  type PitchpadDb,
  type WorkflowRecord,
} from '../../data/db';
import { syncWhenStored } from '../../data/backgroundSync';
import { enqueueOnce, flushOutbox, type Answer, type KindHandler } from '../../data/outbox';
import { answerForError, SIGNED_OUT_RETRY_MS } from '../../data/queue/answers';
import type { QueuedFeature } from '../../data/queue/registry';
import { markHistorySaved } from './historyBadge';

/** A history item as the list shows it (the server's shape). */
export type HistoryItem = Workflow;

/** The local row (web/data/db.ts). */
export type HistoryRecord = WorkflowRecord;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** A random 21-character id, which the server keys the item by. */
export function newWorkflowId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(21));
  return Array.from(bytes, (b) => ID_ALPHABET[b & 63]).join('');
}

/** The path that reopens a workflow's result: its own chat, not just '/chat'. */
export function workflowPath(chatId: string | undefined): string {
  return chatId ? `/chat?chat=${encodeURIComponent(chatId)}` : '/chat';
}

function flowTypeOfLabel(label: string): string | undefined {
  return Object.values(FLOWS).find((f) => f.workflowType === label)?.type;
}

export function itemOf(record: HistoryRecord): HistoryItem {
  return {
    id: record.id,
    name: record.title,
    workflowType:
      record.workflowType ??
      (FLOWS as Record<string, { workflowType: string } | undefined>)[record.type]?.workflowType ??
      record.type,
    date: record.createdAt,
    path: record.path ?? workflowPath(record.chatId),
  };
}

function recordOfServer(
  item: Workflow,
  before: HistoryRecord | undefined,
  now: string,
): HistoryRecord {
  const chatId = new URLSearchParams(item.path.split('?')[1] ?? '').get('chat') ?? undefined;
  return {
    id: item.id,
    type: flowTypeOfLabel(item.workflowType) ?? item.workflowType,
    title: item.name,
    answers: before?.answers ?? {},
    ...(before?.result === undefined ? {} : { result: before.result }),
    ...(chatId ? { chatId } : {}),
    createdAt: item.date,
    updatedAt: now,
    synced: true,
    workflowType: item.workflowType,
    path: item.path,
  };
}

const byNewest = (a: HistoryItem, b: HistoryItem) =>
  b.date.localeCompare(a.date) || a.id.localeCompare(b.id);

/** The answers of the flow that made chat `chatId` (its saved workflow), if it has one here. */
export async function answersOfChat(db: PitchpadDb, chatId: string): Promise<Answers | undefined> {
  return (await db.workflows.filter((w) => w.chatId === chatId).first())?.answers as
    Answers | undefined;
}

/** The list, newest first, without items deleted here. */
export async function listHistory(db: PitchpadDb): Promise<HistoryItem[]> {
  const records = await db.workflows.toArray();
  return records
    .filter((r) => !r.deletedAt)
    .map(itemOf)
    .toSorted(byNewest);
}

export interface NewWorkflow {
  /** The flow type, e.g. 'email', or 'competitive'. */
  type: string;
  name: string;
  answers: Answers;
  chatId?: string;
  /** The type's label, for a workflow that is not a guided flow (a flow's comes from its definition). */
  workflowType?: string;
  /** What it produced when no chat holds it; kept here and on the server. */
  result?: string;
  /** The path that reopens it, given the new item's id (default: its chat). */
  pathFor?: (id: string) => string;
  now?: Date;
}

/** Save a finished workflow: here at once (the header's dot appears), then on the server (retried at the next sync if that fails). */
export async function saveWorkflow(db: PitchpadDb, input: NewWorkflow): Promise<HistoryItem> {
  const now = (input.now ?? new Date()).toISOString();
  const id = newWorkflowId();
  const record: HistoryRecord = {
    id,
    type: input.type,
    title: input.name.trim() || input.name,
    answers: input.answers,
    ...(input.chatId ? { chatId: input.chatId } : {}),
    ...(input.result === undefined ? {} : { result: input.result }),
    createdAt: now,
    updatedAt: now,
    synced: false,
    workflowType:
      input.workflowType ??
      (FLOWS as Record<string, { workflowType: string } | undefined>)[input.type]?.workflowType ??
      input.type,
    path: input.pathFor?.(id) ?? workflowPath(input.chatId),
  };
  await db.transaction('rw', db.workflows, db.outbox, async () => {
    await db.workflows.put(record);
    await queueChange(db, id);
  });
  markHistorySaved();
  void flushChange(db, id);
  return itemOf(record);
}

/**
 * Rename (trimmed; a blank name is ignored), and the chat that holds the item's result
 * with it, so the two never go by different names (the server renames its copy of the chat too).
 * Resolves false when nothing changed.
 */
export async function renameWorkflow(db: PitchpadDb, id: string, name: string): Promise<boolean> {
  const title = name.trim();
  if (!title) return false;
  const record = await db.workflows.get(id);
  if (!record || record.deletedAt) return false;
  if (record.title === title) return true;
  await db.transaction('rw', db.workflows, db.chats, db.outbox, async () => {
    await db.workflows.update(id, { title, updatedAt: new Date().toISOString(), synced: false });
    await queueChange(db, id);
    // touchedAt: a pull that started before this rename does not put the old title back.
    if (record.chatId)
      await db.chats.update(record.chatId, {
        title: title.slice(0, CHAT_TITLE_STORE_MAX),
        touchedAt: Date.now(),
      });
  });
  await flushChange(db, id);
  return true;
}

/** Delete: hidden here at once, removed for good once the server has it gone too. */
export async function deleteWorkflow(db: PitchpadDb, id: string): Promise<void> {
  await db.transaction('rw', db.workflows, db.outbox, async () => {
    await db.workflows.update(id, {
      deletedAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      synced: false,
    });
    await queueChange(db, id);
  });
  await flushChange(db, id);
}

/** The item's change to the outbox, inside the transaction that writes it (outbox.ts `enqueueOnce`). */
async function queueChange(db: PitchpadDb, id: string, now = Date.now()): Promise<void> {
  const payload = { id };
  if (await enqueueOnce(db, { kind: WORKFLOW_CHANGE, line: workflowLine(id), payload }, now))
    return;
  // The waiting entry sends this change too; the worker is asked again all the same (the sync it
  // asked for may have fired already, with the network still down).
  syncWhenStored(db);
}

/** Send the item's change now (made online): the outbox retries it otherwise. Never throws. */
async function flushChange(db: PitchpadDb, id: string): Promise<void> {
  await flushOutbox(db, historyHandlers, { line: workflowLine(id), force: true }).catch(
    (error: unknown) => console.warn('Saved history: change not sent yet', error),
  );
}

/**
 * The outbox's handler of saved-history changes: the item as it is now, to /api/workflows. Every
 * change that failed stays pending, whatever the reason: one the server refused waits longer (a
 * later change may pass), the rest retry with the outbox's backoff.
 */
export const workflowChangeHandler: KindHandler = {
  tables: ['workflows'],
  async deliver(db, entry): Promise<Answer> {
    try {
      await pushRecord(db, (entry.payload as { id: string }).id);
      return { kind: 'delivered' };
    } catch (error) {
      const answer = answerForError(error, Date.now());
      return answer.kind === 'refused'
        ? { kind: 'retry', reason: answer.reason, delayMs: SIGNED_OUT_RETRY_MS, detail: error }
        : answer;
    }
  },
};

const historyHandlers = { [WORKFLOW_CHANGE]: workflowChangeHandler };

/** Send one item's pending change, as it is now; nothing when the server has it already. */
async function pushRecord(db: PitchpadDb, id: string): Promise<void> {
  const record = await db.workflows.get(id);
  if (!record || record.synced) return;
  const sentAt = record.updatedAt;
  // Named for this database's user: with another account's session the server refuses it (409) and
  // the change stays pending here until its owner signs in again.
  const owner = userIdOfDb(db);
  if (record.deletedAt) {
    await api.delete(`/api/workflows/${encodeURIComponent(id)}`, owner).catch((error: unknown) => {
      // Never reached the server, or already gone there: either way it is gone.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
    await db.workflows.delete(id);
    return;
  }
  const item = itemOf(record);
  // POST is idempotent by id: it creates the item, or answers the one the server holds.
  const saved = await api.post<Workflow>(
    '/api/workflows',
    {
      id,
      name: item.name,
      workflowType: item.workflowType,
      date: item.date,
      path: item.path,
      ...(record.result === undefined ? {} : { result: record.result }),
    },
    owner,
  );
  if (saved.name !== record.title)
    await api.patch<Workflow>(
      `/api/workflows/${encodeURIComponent(id)}`,
      { name: record.title },
      owner,
    );
  // Only if nothing changed here meanwhile; a later change has its own entry.
  await db.transaction('rw', db.workflows, async () => {
    const now = await db.workflows.get(id);
    if (now && now.updatedAt === sentAt) await db.workflows.update(id, { synced: true });
  });
}

/**
 * What a saved workflow produced: from this device if it was made or opened here, else from the
 * server (and kept here for next time, also offline). Undefined when there is none or it is gone.
 */
export async function loadWorkflowResult(db: PitchpadDb, id: string): Promise<string | undefined> {
  const local = await db.workflows.get(id);
  if (local?.result !== undefined) return local.result;
  try {
    const item = await api.get<WorkflowWithResult>(`/api/workflows/${encodeURIComponent(id)}`);
    if (item.result === null) return undefined;
    // Only the result is added: the rest of the record is the list sync's to change.
    if (local) await db.workflows.update(id, { result: item.result });
    return item.result;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * Send every change made here that the server does not have yet (saves, renames, deletes), through
 * the outbox, ahead of the other work (a plan drafted offline then finds its history item there).
 * A change with no entry of its own (written by something that did not queue one) gets one first.
 */
export async function pushPendingWorkflows(db: PitchpadDb): Promise<void> {
  await db.transaction('rw', db.workflows, db.outbox, async () => {
    for (const record of await db.workflows.filter((r) => !r.synced).toArray())
      await queueChange(db, record.id);
  });
  await flushOutbox(db, historyHandlers, { force: true });
}

/**
 * Saved history's queued work, for the registry (web/app/queuedWork.ts): its changes are outbox
 * entries, and are also handed over first, before the plans drafted offline. Every change that
 * failed stays pending, whatever the reason, and is worth another try soon.
 */
export const historyQueue: QueuedFeature = {
  handlers: historyHandlers,
  other: {
    has: async (db) => (await pendingChanges(db)) > 0,
    async push(db) {
      await pushPendingWorkflows(db);
      return (await pendingChanges(db)) > 0 ? 'retry' : 'settled';
    },
  },
};

const pendingChanges = (db: PitchpadDb) => db.workflows.filter((r) => !r.synced).count();

/**
 * Send what is pending, then merge the server's list (fetched after the pushes): new items from
 * other devices appear, renames there win unless this device has its own pending change, and
 * items deleted there go.
 */
export async function syncWorkflows(db: PitchpadDb, signal?: AbortSignal): Promise<number> {
  await pushPendingWorkflows(db);
  const fetchStartedAt = new Date().toISOString();
  const server = await api.get<Workflow[]>('/api/workflows', signal);
  await db.transaction('rw', db.workflows, async () => {
    const local = new Map((await db.workflows.toArray()).map((r) => [r.id, r]));
    const onServer = new Set<string>();
    for (const item of server) {
      onServer.add(item.id);
      const before = local.get(item.id);
      if (before && (!before.synced || before.updatedAt > fetchStartedAt)) continue;
      const next = recordOfServer(item, before, before?.updatedAt ?? fetchStartedAt);
      if (
        !before ||
        before.title !== next.title ||
        before.path !== next.path ||
        before.createdAt !== next.createdAt ||
        before.workflowType !== next.workflowType
      ) {
        await db.workflows.put(next);
      }
    }
    const gone = [...local.values()]
      .filter((r) => r.synced && !onServer.has(r.id) && r.updatedAt <= fetchStartedAt)
      .map((r) => r.id);
    if (gone.length) await db.workflows.bulkDelete(gone);
  });
  return server.length;
}

/** A saved item's date as the history list shows it: 'Mar 5, 2024 at 3:07 PM'. */
export function formatHistoryDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  // Newer ICU puts a narrow no-break space before AM/PM; the history list's dates use a plain one.
  const time = date
    .toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
    .replace(/\s/g, ' ');
  return `${day} at ${time}`;
}
