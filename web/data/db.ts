/**
 * The browser database (Dexie over IndexedDB): a cache of the user's chats and messages plus the
 * work they have not sent yet (design §6). The server is the source of truth for what it holds; see
 * chatStore.ts for how its answers merge in. One database per user, deleted at logout.
 *
 * Message keys. A message must keep one row from the moment it is typed (no server id yet) through
 * its reply and later refreshes, so the primary key is derived from the send's client id:
 *   `u:<clientId>`   a user message (clientId = the send's UUID v7 idempotency key)
 *   `r:<clientId>`   the reply to that user message (stable across retry and regenerate, which
 *                    replace the reply on the server under a new id)
 *   `s:<serverId>`   anything else the server holds (messages without a client id)
 *   `r:s<serverId>`  the reply to such a message
 */
import { Dexie } from 'dexie';
import type { Table } from 'dexie';
import type { Role } from '../../domain/contract/chat';
import type { PlaybookType } from '../../domain/playbooks/types';

/** Bump with a new `version(...).stores(...)` block when the schema changes. */
export const DB_SCHEMA_VERSION = 1;

/** User messages: sending → sent | failed. Replies: streaming → complete | partial | failed. */
export type LocalMessageStatus = 'sending' | 'sent' | 'failed' | 'streaming' | 'complete' | 'partial';

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
  /** Date.now() of the last write made on this device: a server snapshot older than it loses (chatStore.ts). */
  touchedAt: number;
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

export class PitchpadDb extends Dexie {
  chats!: Table<LocalChat, string>;
  messages!: Table<LocalMessage, string>;
  keyValues!: Table<KeyValue, string>;
  /** Settles once start-up housekeeping is done; sends wait for it (see markStaleSendsFailed). */
  ready: Promise<void> = Promise.resolve();

  constructor(name: string) {
    super(name);
    this.version(DB_SCHEMA_VERSION).stores({
      chats: 'id, updatedAt',
      messages: 'key, chatId, status',
      keyValues: 'key',
    });
  }
}

/** The database name for a user: never shared between two accounts on one device. */
export function userDbName(userId: number): string {
  return `pitchpad-user-${userId}`;
}

let open: { userId: number; db: PitchpadDb } | null = null;

/** The signed-in user's database, opened once and shared by every screen. */
export function openUserDb(userId: number): PitchpadDb {
  if (open?.userId === userId) return open.db;
  open?.db.close();
  const db = new PitchpadDb(userDbName(userId));
  // Another tab upgrades or deletes this database (a new deploy, a logout there): close our
  // connection so we never block it. Returning false skips Dexie's default, which logs a warning.
  db.on('versionchange', () => {
    db.close({ disableAutoOpen: false });
    if (open?.db === db) open = null;
    return false;
  });
  open = { userId, db };
  db.ready = markStaleSendsFailed(db);
  return db;
}

/**
 * A send still marked 'sending' when the database opens was cut off by a reload or a closed tab:
 * show it as not sent, so Retry is offered (the next issue's outbox will replay it by itself).
 */
async function markStaleSendsFailed(db: PitchpadDb): Promise<void> {
  try {
    await db.messages.where('status').equals('sending').modify({ status: 'failed', touchedAt: Date.now() });
  } catch (error) {
    console.warn('Could not check for interrupted sends', error);
  }
}

/** A value from the keyValues table, or null when missing or not valid. */
export async function readKeyValue<T>(db: PitchpadDb, key: string, isValid: (value: unknown) => value is T): Promise<T | null> {
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
