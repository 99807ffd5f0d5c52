/**
 * The browser database (Dexie over IndexedDB): a cache of the user's chats and messages plus the
 * work they have not sent yet. The server is the source of truth for what it holds; see
 * chatStore.ts for how its answers merge in. One database per user, deleted at logout.
 *
 * Tables:
 *   chats, messages  the server's chats and messages, plus those typed here and not sent yet
 *   outbox           every piece of work to hand the server (a chat send, later a profile edit or a
 *                    sales-kit file), in the order made: queued → sending → sent | failed (outbox.ts)
 *   drafts           what a guided flow's steps hold so far, saved as typed (drafts.ts)
 *   workflows        saved workflow history (finished flows), kept here and on the server
 *   keyValues        small per-user values (the model picked, the outbox lease, ...)
 *   recordings       voice debriefs made here: the meeting, its transcript once back
 *   recordingChunks  a recording's audio, a second at a time as it was recorded (never uploaded
 *                    as such: the outbox's 'recording-upload' joins them when it sends)
 *   searchIndex      the search index of what this device holds, serialized, with how far it has
 *                    read each table (features/search/deviceIndex.ts); gone with the database
 *
 * Message keys. A message must keep one row from the moment it is typed (no server id yet) through
 * its reply and later refreshes, so the primary key is derived from the send's client id:
 *   `u:<clientId>`   a user message (clientId = the send's UUID v7 idempotency key)
 *   `r:<clientId>`   the reply to that user message (stable across retry and regenerate, which
 *                    replace the reply on the server under a new id)
 *   `s:<serverId>`   anything else the server holds (messages without a client id)
 *   `r:s<serverId>`  the reply to such a message
 *
 * Outbox keys. `seq` (auto-increment) is the order the sends were typed in, which is the order they
 * are delivered; `clientId` (unique) is the send's idempotency key, shared with its message row.
 */
import { Dexie } from 'dexie';
import type { Table, Transaction } from 'dexie';
import type { EmailEdit, MessageSource, Role } from '../../domain/contract/chat';
import type { PlaybookType } from '../../domain/playbooks/types';
import { uuidv7 } from './ids';

/**
 * Bump with a new `version(...).stores(...)` block (and an upgrade when rows must change) whenever
 * the schema changes. 1: chats, messages, keyValues. 2: outbox, drafts, workflows. 3: outbox entries
 * of any kind, by line (`kind`, `line`, `payload`). 4: recordings and their chunks. 5: no new table;
 * saved-history changes and email edits not on the server yet become outbox entries. 6: no new
 * table; GTM plans drafted offline and not made by the server yet become outbox entries. 7:
 * searchIndex, and the times the search index reads changes by (messages' and chats' `touchedAt`,
 * recordings' `updatedAt`), so a start reads only what changed since the index was saved.
 */
export const DB_SCHEMA_VERSION = 7;

/**
 * User messages follow their outbox entry: queued → sending → sent | failed.
 * Replies: streaming → complete | partial | failed.
 */
export type LocalMessageStatus =
  'queued' | 'sending' | 'sent' | 'failed' | 'streaming' | 'complete' | 'partial';

/** Why a reply is partial or still open, as this device saw it (the server does not record it). */
export type ReplyNote = 'stopped' | 'error' | 'interrupted';

export interface LocalMessage {
  key: string;
  chatId: string;
  role: Role;
  content: string;
  status: LocalMessageStatus;
  /** Milliseconds used to order the chat: when it was typed here, else the server's timestamp. */
  sortAt: number;
  /** ISO time shown to the user. */
  timestamp: string;
  /** User messages: the send's idempotency key. */
  clientId: string | null;
  /** Replies: the key of the user message answered. */
  replyToKey: string | null;
  serverId: number | null;
  /** Replies: the model that wrote it. */
  model: string | null;
  note?: ReplyNote;
  /** The server's explanation of a failed or cut reply. */
  errorMessage?: string;
  /** User messages that finish a guided flow: its answers, sent along so the offline drafter can compose from them. */
  answers?: Record<string, string>;
  /** Email replies: the rep's edited version, as saved here or as the server holds it. */
  emailEdit?: EmailEdit;
  /** True while `emailEdit` was saved here and the server has not stored it yet (emailEdits.ts). */
  emailEditPending?: boolean;
  /** Replies: the sales-kit passages the answer was written with, shown as 'Sources' under it. */
  sources?: MessageSource[];
  /** Date.now() of the last write made on this device: a server snapshot older than it loses (chatStore.ts). */
  touchedAt: number;
  /** A GTM plan drafted here offline: how asking the server for the real one has gone (flowResults.ts). */
  planDelivery?: PlanDeliveryState;
}

/**
 * The backoff of a queued flow result (a GTM plan drafted offline) whose delivery failed, kept on its
 * draft so it holds across reloads, tabs and the service worker. Not indexed, so no schema change.
 */
export interface PlanDeliveryState {
  /** Failed tries so far. */
  attempts: number;
  /** Date.now() before which it is not asked for again. */
  nextAttemptAt: number;
  /** The server's explanation of the last failure, shown with the draft. */
  lastError: string;
  /** The server refused it for good (a 4xx a retry would get again): never asked for again by itself. */
  refused: boolean;
}

export interface LocalChat {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  isPlaybook: boolean;
  playbookType: PlaybookType;
  /** False until the server has acknowledged the chat (its first send started). */
  synced: boolean;
  touchedAt: number;
}

export interface KeyValue {
  key: string;
  value: unknown;
}

/** Where a send is (outbox.ts): waiting, on its way, stored by the server, or refused for good. */
export type OutboxState = 'queued' | 'sending' | 'sent' | 'failed';

/**
 * The kinds of work the outbox carries, each delivered by its own handler (outbox.ts `KindHandler`):
 * 'chat-send' (POST /api/chat, features/chat/engine/chatDelivery.ts), 'profile-edit' (PATCH
 * /api/profile, features/profile/profileStore.ts) and 'kit-upload' (PUT /api/kit/files/:id,
 * features/kit/kitUploads.ts), 'recording-upload' (PUT /api/recordings/:id) and 'workflow-change' (a
 * saved-history change, /api/workflows, features/history/workflowStore.ts), 'email-edit' (PUT
 * /api/chats/:id/messages/:id/email, features/playbooks/emailEdits.ts). Any string is accepted,
 * so a test may bring a kind of its own.
 */
export type OutboxKind =
  | 'chat-send'
  | 'profile-edit'
  | 'kit-upload'
  | 'recording-upload'
  | 'workflow-change'
  | 'email-edit'
  | 'gtm-plan'
  | (string & {});

/** One piece of work in the outbox. */
export interface OutboxEntry {
  /** Auto-increment: the order work was made in, and so the order a line delivers it in. */
  seq?: number;
  /** The work's idempotency key (a chat send: the message's clientId, POST /api/chat's clientMessageId). */
  clientId: string;
  kind: OutboxKind;
  /** The ordering key: a line's entries go one at a time, in order (a chat send's line is its chat id). */
  line: string;
  /** What the kind's handler delivers, when the entry carries it (a Blob is stored as is by IndexedDB). */
  payload?: unknown;
  /** A chat send's chat (its line). */
  chatId?: string;
  /** A chat send's user message row. */
  messageKey?: string;
  /** A chat send's model, picked when it was typed; the server's default when absent. */
  model?: string;
  state: OutboxState;
  /** Failed tries so far (network, 5xx), for the backoff. */
  attempts: number;
  /** Date.now() before which a retry is not due (a flush forced by the user or the network ignores it). */
  nextAttemptAt: number;
  /**
   * Date.now() before which it is not tried at all, not even by a forced flush: the server named the
   * time (Retry-After on a 429 for the day's AI allowance), and any try before it is refused the same.
   * Not indexed, so no schema change.
   */
  notBefore?: number;
  createdAt: number;
  updatedAt: number;
  /** Why the last try failed: shown for a send refused for good, logged otherwise. */
  lastError?: string;
}

/**
 * Where a recording's transcript goes once it is back (features/debrief/transcriptTargets.ts): a
 * guided flow's answer (the call analysis' transcript) or the new chat's message box. None: it stays
 * on the debrief screen.
 */
export type TranscriptTarget =
  | { kind: 'flow'; flow: string; answer: string }
  /** A chat's message box; a new conversation's without `chatId`. */
  | { kind: 'chat'; chatId?: string };

/**
 * A voice debrief made on this device. Its audio is in recordingChunks; only its
 * transcript comes back from the server.
 *   recording    chunks are being written; one left so by a closed app or a crash is offered back
 *   ready        stopped; the rep has not sent it
 *   queued       in the outbox ('recording-upload', its line `rec:<id>`): waiting, or on its way
 *   transcribed  the transcript is here
 *   no_speech    the speech model heard nothing
 *   refused      the server will not take it (not audio, too large): `problem` says why
 */
export type RecordingState =
  'recording' | 'ready' | 'queued' | 'transcribed' | 'no_speech' | 'refused';

export interface LocalRecording {
  /** The device's id (fileId), the upload's idempotency key. */
  id: string;
  /** Who the meeting was with ('Freightly'); '' when the rep did not say. */
  title: string;
  /** The recorder's type ('audio/webm;codecs=opus'). */
  mimeType: string;
  state: RecordingState;
  /** Audio recorded so far, as the chunks add up. */
  durationMs: number;
  bytes: number;
  /** How many chunks are stored (the next one's seq). */
  chunks: number;
  createdAt: number;
  updatedAt: number;
  transcript?: string;
  /** Why the last try did not give a transcript, in the server's words; cleared by a success. */
  problem?: string;
  /** The server's code for `problem` (domain/contract/recordings.ts RecordingErrorCode). */
  problemCode?: string;
  /** What the rep typed beside it (with no speech model, or while it waits). */
  notes: string;
  /** Who the calendar's invite named, when debriefed from a meeting ('Dana Ortiz <dana@…>, …'). */
  attendees?: string;
  target?: TranscriptTarget;
  /** When the transcript was put where `target` says: only once, by the screen or the sync. */
  appliedAt?: number;
}

/** One second or so of a recording's audio, in the order recorded. */
export interface RecordingChunk {
  recordingId: string;
  seq: number;
  blob: Blob;
}

/** One step of an unfinished guided flow, saved as typed (drafts.ts). */
export interface DraftStep {
  /** The flow, e.g. 'email' for the cold email flow. */
  flow: string;
  stepId: string;
  value: unknown;
  updatedAt: number;
}

/** A finished guided flow in the saved workflow history. */
export interface WorkflowRecord {
  /** Client-generated UUID v7, kept when the record reaches the server. */
  id: string;
  /** The flow, e.g. 'email'. */
  type: string;
  title: string;
  /** The answers given, by step id. */
  answers: Record<string, unknown>;
  /** What the flow produced (the draft text), when it produced something. */
  result?: string;
  /** The chat the flow continued in, if any. */
  chatId?: string;
  createdAt: string;
  updatedAt: string;
  /** False until the server holds it. */
  synced: boolean;
  /** The type's label as the history shows it (e.g. 'Cold Email'). */
  workflowType?: string;
  /** The path that reopens the result. */
  path?: string;
  /** Deleted here; gone for good once the server has it gone too. */
  deletedAt?: string;
}

/** One saved state of the device's search index (features/search/deviceIndex.ts owns its shape). */
export interface SearchIndexRow {
  key: string;
  value: unknown;
}

export class PitchpadDb extends Dexie {
  chats!: Table<LocalChat, string>;
  messages!: Table<LocalMessage, string>;
  keyValues!: Table<KeyValue, string>;
  outbox!: Table<OutboxEntry, number>;
  drafts!: Table<DraftStep, [string, string]>;
  workflows!: Table<WorkflowRecord, string>;
  recordings!: Table<LocalRecording, string>;
  recordingChunks!: Table<RecordingChunk, [string, number]>;
  searchIndex!: Table<SearchIndexRow, string>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      chats: 'id, updatedAt',
      messages: 'key, chatId, status',
      keyValues: 'key',
    });
    this.version(2)
      .stores({
        outbox: '++seq, &clientId, state, chatId',
        drafts: '[flow+stepId], flow, updatedAt',
        workflows: 'id, updatedAt, type',
      })
      .upgrade(queueUnsentMessages);
    this.version(3)
      .stores({ outbox: '++seq, &clientId, state, line, kind' })
      .upgrade(kindEveryEntry);
    this.version(4).stores({
      recordings: 'id, createdAt, state',
      recordingChunks: '[recordingId+seq], recordingId',
    });
    this.version(5).stores({}).upgrade(queueUnsentChanges);
    this.version(6).stores({}).upgrade(queueOfflinePlans);
    // The current schema (7). A later one turns this into `version(7)` and adds its own block.
    this.version(DB_SCHEMA_VERSION).stores({
      messages: 'key, chatId, status, touchedAt',
      chats: 'id, updatedAt, touchedAt',
      recordings: 'id, createdAt, state, updatedAt',
      searchIndex: 'key',
    });
  }
}

/**
 * Up to version 5 a GTM plan drafted offline waited on its chat only (a gtmplan chat the server has
 * not seen), found by a sweep at each sync. From 6 the outbox delivers it: each such chat whose plan
 * is not refused for good gets its entry, held until the backoff its failed tries left is over.
 */
async function queueOfflinePlans(tx: Transaction): Promise<void> {
  const now = Date.now();
  const chats = await tx
    .table<LocalChat, string>('chats')
    .filter((chat) => chat.playbookType === 'gtmplan' && !chat.synced)
    .toArray();
  for (const chat of chats) {
    const draft = await tx
      .table<LocalMessage, string>('messages')
      .where('key')
      .startsWith(LOCAL_PLAN_KEY_PREFIX)
      .filter((m) => m.chatId === chat.id && m.serverId === null)
      .first();
    const state = draft?.planDelivery;
    if (!draft || state?.refused) continue;
    const held = state && state.nextAttemptAt > now ? state.nextAttemptAt : undefined;
    await queueEntry(
      tx,
      {
        kind: GTM_PLAN,
        line: planLine(chat.id),
        payload: { chatId: chat.id },
        attempts: state?.attempts ?? 0,
      },
      now,
      held,
    );
  }
}

/** An entry of an upgrade's own, queued as `enqueue` would (it may not ask the worker yet). */
function queueEntry(
  tx: Transaction,
  work: Pick<OutboxEntry, 'kind' | 'line'> &
    Partial<Pick<OutboxEntry, 'payload' | 'chatId' | 'attempts'>>,
  now: number,
  notBefore?: number,
): Promise<number> {
  return tx.table<OutboxEntry, number>('outbox').add({
    attempts: 0,
    ...work,
    clientId: uuidv7(now),
    state: 'queued',
    nextAttemptAt: notBefore ?? 0,
    ...(notBefore !== undefined && { notBefore }),
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * The key prefix of a GTM plan drafted on this device (features/playbooks/flowResults.ts), and of no
 * other message: a user message's key is `u:`/`s:`, a reply's `r:`, a server document's `s:`
 * (chatMerge.ts). So the drafts are a range of the primary key, read without a scan of every message.
 */
export const LOCAL_PLAN_KEY_PREFIX = 'a:';

/** The outbox kind of a GTM plan drafted offline, for the server to write for real (flowResults.ts). */
export const GTM_PLAN = 'gtm-plan';

/** A drafted plan's line: its chat's plan only, so a plan waiting out a failure holds up nothing else. */
export const planLine = (chatId: string): string => `plan:${chatId}`;

/**
 * Up to version 4 a saved-history change waited on its row only (`synced: false`), and so did an
 * email edit of a stored reply (`emailEditPending`), sent by a sweep of the table at each sync. From
 * 5 the outbox delivers them: each such row gets its entry, so no change made on a phone before the
 * update is left behind. An edit of a reply the server has not stored yet gets its entry once it has.
 */
async function queueUnsentChanges(tx: Transaction): Promise<void> {
  const now = Date.now();
  const queue = (work: Pick<OutboxEntry, 'kind' | 'line' | 'payload'>) => queueEntry(tx, work, now);
  const edited = await tx
    .table<LocalMessage, string>('messages')
    .filter((m) => m.emailEditPending === true && m.serverId !== null && m.emailEdit !== undefined)
    .toArray();
  for (const message of edited)
    await queue({
      kind: EMAIL_EDIT,
      line: emailEditLine(message.key),
      payload: { messageKey: message.key },
    });
  const unsynced = await tx
    .table<WorkflowRecord, string>('workflows')
    .filter((record) => !record.synced)
    .toArray();
  for (const record of unsynced)
    await queue({
      kind: WORKFLOW_CHANGE,
      line: workflowLine(record.id),
      payload: { id: record.id },
    });
}

/** The outbox kind of an email edit (features/playbooks/emailEdits.ts delivers it). */
export const EMAIL_EDIT = 'email-edit';

/** An edited email's line: one reply's edits go in order, and hold up nothing else. */
export const emailEditLine = (messageKey: string): string => `edit:${messageKey}`;

/** The outbox kind of a saved-history change (features/history/workflowStore.ts delivers it). */
export const WORKFLOW_CHANGE = 'workflow-change';

/** A saved-history item's line: its changes go in order, and hold up nothing else. */
export const workflowLine = (id: string): string => `wf:${id}`;

/**
 * Version 2's outbox held chat sends only: each entry, whatever its state (one 'sending' too, which
 * the next flush recovers), becomes a 'chat-send' on its chat's line.
 */
async function kindEveryEntry(tx: Transaction): Promise<void> {
  await tx
    .table<OutboxEntry, number>('outbox')
    .toCollection()
    .modify((entry) => {
      entry.kind ??= 'chat-send';
      entry.line ??= entry.chatId!;
    });
}

/**
 * Version 1 had no outbox: a send cut off by a reload was left 'sending', a failed one 'failed', and
 * only Retry sent it again. Put each one the server never acknowledged in the outbox, in the order
 * typed, so it is delivered by itself (a replay is safe: the server stores a send once).
 */
async function queueUnsentMessages(tx: Transaction): Promise<void> {
  const now = Date.now();
  const unsent = (
    await tx
      .table<LocalMessage, string>('messages')
      .where('status')
      .anyOf('sending', 'failed')
      .toArray()
  )
    .filter((m) => m.role === 'user' && m.serverId === null && m.clientId)
    .toSorted((a, b) => a.sortAt - b.sortAt);
  for (const m of unsent) {
    // A version 2 entry: the upgrade to 3 gives it its kind and line.
    await tx.table<Omit<OutboxEntry, 'kind' | 'line'>, number>('outbox').add({
      clientId: m.clientId!,
      chatId: m.chatId,
      messageKey: m.key,
      state: 'queued',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: m.sortAt,
      updatedAt: now,
    });
    await tx
      .table<LocalMessage, string>('messages')
      .update(m.key, { status: 'queued', touchedAt: now });
  }
}

/** The database name for a user: never shared between two accounts on one device. */
export function userDbName(userId: number): string {
  return `pitchpad-user-${userId}`;
}

const USER_DB = /^pitchpad-user-(\d+)$/;

/**
 * The user a database belongs to (from its name), named on every call made for it, so its sends
 * and pulls never go out with another account's session (api.ts, `asUser`). Undefined for a
 * database that is no user's (tests).
 */
export function userIdOfDb(db: Pick<PitchpadDb, 'name'>): number | undefined {
  const match = USER_DB.exec(db.name);
  return match ? Number(match[1]) : undefined;
}

let open: { userId: number; db: PitchpadDb } | null = null;

/** The signed-in user's database, opened once and shared by every screen. */
export function openUserDb(userId: number): PitchpadDb {
  if (open?.userId === userId) return open.db;
  open?.db.close();
  const db = new PitchpadDb(userDbName(userId));
  // Another tab upgrades or deletes this database (a new deploy, a logout there): close our
  // connection so we never block it. Returning false skips Dexie's default, which logs a warning.
  // After an upgrade the next read opens it again. After a deletion, work still running on this
  // connection (a delivery the service worker is writing, a sync in another tab) fails rather than
  // making the database again with the logged-out user's data in it; only a later openUserDb
  // opens a new one.
  db.on('versionchange', (event) => {
    db.close({ disableAutoOpen: event.newVersion === null });
    if (open?.db === db) open = null;
    return false;
  });
  open = { userId, db };
  return db;
}

/** A value from the keyValues table, or null when missing or not valid. */
export async function readKeyValue<T>(
  db: PitchpadDb,
  key: string,
  isValid: (value: unknown) => value is T,
): Promise<T | null> {
  const row = await db.keyValues.get(key);
  return row && isValid(row.value) ? row.value : null;
}

export function writeKeyValue(db: PitchpadDb, key: string, value: unknown): Promise<string> {
  return db.keyValues.put({ key, value });
}

/**
 * Logout: delete the user's local data, so the next person on this device sees none of it. Deletes
 * the open database, or the named user's when none is open in this tab.
 */
export async function clearUserData(userId?: number): Promise<void> {
  const target = open && (userId === undefined || open.userId === userId) ? open.db : null;
  open = null;
  if (target) await target.delete();
  else if (userId !== undefined) await Dexie.delete(userDbName(userId));
}

const PERSIST_ASKED_KEY = 'storagePersistAsked';

/**
 * Ask the browser to keep this site's storage under pressure (iOS purges an uninstalled site's data
 * after 7 days unused). Asked once per user database, after the first login: Chromium
 * answers by itself (installed apps get it), Firefox shows a prompt that should not come back.
 */
export async function requestPersistentStorage(db: PitchpadDb): Promise<boolean | null> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.persist) return null;
  try {
    if (await storage.persisted()) return true;
    if (await db.keyValues.get(PERSIST_ASKED_KEY)) return false;
    await writeKeyValue(db, PERSIST_ASKED_KEY, Date.now());
    return await storage.persist();
  } catch (error) {
    console.warn('Could not ask for persistent storage', error);
    return null;
  }
}
