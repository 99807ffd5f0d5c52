/**
 * Notes the rep sends to their CRM ('Send to HubSpot'), queued on this device first so a push made
 * with no signal goes when it returns, exactly once. Each push is an outbox entry of kind
 * 'crm-push' on its own line, named by an id made here: the server writes a push once per id
 * (api/crm/push.ts), so a try whose answer was lost is simply sent again.
 *
 * What the rep sees of each push (waiting, saved with its link, waiting for a reconnect, refused
 * and why) is kept beside it in keyValues (`crmPush:<id>`), written by the outbox's hooks.
 *
 * No React or DOM here: the service worker delivers pushes too (web/app/queuedWork.ts).
 */
import type { CrmPushInput, CrmPushResponse, CrmRecord } from '../../../domain/contract/crm';
import { CRM_NAMES, CrmErrorCode, type CrmProvider } from '../../../domain/contract/crmBasics';
import { ApiError, api } from '../../data/api';
import { syncWhenStored } from '../../data/backgroundSync';
import { userIdOfDb, type OutboxEntry, type PitchpadDb } from '../../data/db';
import { uuidv7 } from '../../data/ids';
import { enqueue, flushOutbox, requeue, type Answer, type KindHandler } from '../../data/outbox';
import { answerForError } from '../../data/queue/answers';
import type { QueuedFeature } from '../../data/queue/registry';

export const CRM_PUSH = 'crm-push';
const KEY_PREFIX = 'crmPush:';
const RECENT_KEY = 'crmRecentRecords';
/** How many records the picker offers from before, with no signal. */
const RECENT_MAX = 12;
/** A push waiting for the rep to reconnect tries again this often (a reconnect sends it at once). */
const RECONNECT_RETRY_MS = 15 * 60 * 1000;
/** Another request is writing the push: ask again shortly. */
const IN_PROGRESS_RETRY_MS = 5_000;

/**
 * waiting: in the outbox; saved: in the CRM; reconnect: the CRM refused the connection, it waits for
 * the rep to reconnect; refused: for good, with why; unplaced: made with no signal and no record to
 * attach it to, kept here (not queued) until the rep picks one online.
 */
export type LocalPushState = 'waiting' | 'saved' | 'reconnect' | 'refused' | 'unplaced';

/** A push as this device shows it. */
export interface LocalPush {
  id: string;
  input: CrmPushInput;
  state: LocalPushState;
  /** Why it waits or was refused, in the server's words. */
  problem?: string;
  recordUrl?: string | null;
  cut?: boolean;
  createdAt: string;
  savedAt?: string;
}

const keyOf = (id: string) => `${KEY_PREFIX}${id}`;

const isLocalPush = (value: unknown): value is LocalPush =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LocalPush).id === 'string' &&
  typeof (value as LocalPush).state === 'string';

async function update(db: PitchpadDb, id: string, change: Partial<LocalPush>): Promise<void> {
  const row = await db.keyValues.get(keyOf(id));
  if (row && isLocalPush(row.value))
    await db.keyValues.put({ key: keyOf(id), value: { ...row.value, ...change } });
}

/**
 * Queue a push: kept here and in the outbox in one transaction, then handed to the server if it can
 * be reached. Answers the push's id. The records picked are remembered for the picker offline.
 */
export async function queuePush(
  db: PitchpadDb,
  input: CrmPushInput,
  now = Date.now(),
  replacing?: string,
): Promise<string> {
  const id = uuidv7(now);
  await db.transaction('rw', [db.keyValues, db.outbox], async () => {
    // A push kept here (unplaced, or refused for a record gone) that this one sends again.
    if (replacing) await forgetLocally(db, replacing);
    const push: LocalPush = {
      id,
      input,
      state: 'waiting',
      createdAt: new Date(now).toISOString(),
    };
    await db.keyValues.put({ key: keyOf(id), value: push });
    await rememberRecords(db, input.provider, input.targets);
    await enqueue(db, { clientId: id, kind: CRM_PUSH, line: `crm:${id}`, payload: input }, now);
  });
  syncWhenStored(db);
  if (globalThis.navigator?.onLine !== false) void flushPushes(db);
  return id;
}

/** A push, and its outbox entry if it failed there, gone from this device (inside a transaction). */
async function forgetLocally(db: PitchpadDb, id: string): Promise<void> {
  await db.keyValues.delete(keyOf(id));
  const failed = await db.outbox.where('clientId').equals(id).first();
  if (failed?.state === 'failed') await db.outbox.delete(failed.seq!);
}

/**
 * Keep a push whose record the rep will pick once online (with no signal the CRM cannot be searched,
 * and no record was used before): on this device only, shown under its result until placed.
 */
export async function keepUnplaced(
  db: PitchpadDb,
  input: Omit<CrmPushInput, 'targets'>,
  now = Date.now(),
): Promise<string> {
  const id = uuidv7(now);
  const push: LocalPush = {
    id,
    input: { ...input, targets: [] },
    state: 'unplaced',
    createdAt: new Date(now).toISOString(),
  };
  await db.keyValues.put({ key: keyOf(id), value: push });
  return id;
}

/**
 * A push kept here (unplaced, or refused because a record was gone) is sent now with the records
 * chosen: as a new push, the old one gone in the same transaction.
 */
export function placePush(db: PitchpadDb, keptId: string, input: CrmPushInput): Promise<string> {
  return queuePush(db, input, Date.now(), keptId);
}

/** Forget a push that never reached the CRM (kept unplaced, or refused for good). */
export async function forgetPush(db: PitchpadDb, id: string): Promise<void> {
  await db.transaction('rw', [db.keyValues, db.outbox], () => forgetLocally(db, id));
}

/**
 * After the rep (re)connected a CRM: every push waiting for it goes now, rather than at its next
 * try (minutes away). Answers how many were waiting.
 */
export async function sendWaitingPushes(db: PitchpadDb): Promise<number> {
  const now = Date.now();
  const waiting = await db.transaction('rw', [db.outbox, db.keyValues], async () => {
    const entries = await db.outbox
      .filter((entry) => entry.kind === CRM_PUSH && entry.state === 'queued')
      .toArray();
    for (const entry of entries) {
      await requeue(db, entry.seq!, now);
      await update(db, entry.clientId, { state: 'waiting', problem: undefined });
    }
    return entries.length;
  });
  if (waiting > 0) void flushPushes(db);
  return waiting;
}

/** One push as this device shows it, or null. */
export async function readPush(db: PitchpadDb, id: string): Promise<LocalPush | null> {
  const row = await db.keyValues.get(keyOf(id));
  return row && isLocalPush(row.value) ? row.value : null;
}

/** Every push on this device, newest first. */
export async function readPushes(db: PitchpadDb): Promise<LocalPush[]> {
  const rows = await db.keyValues.where('key').startsWith(KEY_PREFIX).toArray();
  return rows
    .map((row) => row.value)
    .filter(isLocalPush)
    .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The records picked before, per CRM, newest first: what the picker offers with no signal. */
export async function recentRecords(db: PitchpadDb, provider: CrmProvider): Promise<CrmRecord[]> {
  const row = await db.keyValues.get(RECENT_KEY);
  const all = (row?.value ?? {}) as Partial<Record<CrmProvider, CrmRecord[]>>;
  return Array.isArray(all[provider]) ? all[provider] : [];
}

async function rememberRecords(db: PitchpadDb, provider: CrmProvider, records: CrmRecord[]) {
  const row = await db.keyValues.get(RECENT_KEY);
  const all = { ...((row?.value ?? {}) as Partial<Record<CrmProvider, CrmRecord[]>>) };
  const before = (all[provider] ?? []).filter(
    (old) => !records.some((r) => r.type === old.type && r.id === old.id),
  );
  all[provider] = [...records, ...before].slice(0, RECENT_MAX);
  await db.keyValues.put({ key: RECENT_KEY, value: all });
}

/**
 * The CRM refused the connection, or there is none, or the operator has not set the CRM up (again):
 * only a (re)connection helps, and the push waits for it rather than being dropped.
 */
const waitsForReconnect = (code: string | undefined) =>
  code === CrmErrorCode.reconnect ||
  code === CrmErrorCode.notConnected ||
  code === CrmErrorCode.missingScope ||
  code === CrmErrorCode.notAvailable;

/** How a failed push is answered: most as any one request; a few by what the CRM said. */
function answerForPush(error: unknown, now: number): Answer {
  const code = error instanceof ApiError ? error.code : undefined;
  const reason = error instanceof Error ? error.message : String(error);
  if (code === CrmErrorCode.inProgress)
    return { kind: 'retry', reason, delayMs: IN_PROGRESS_RETRY_MS, detail: error };
  // Kept until the rep reconnects (or connects) the CRM: that sends it at once (ConnectionsSection).
  if (waitsForReconnect(code))
    return { kind: 'retry', reason, delayMs: RECONNECT_RETRY_MS, detail: error };
  return answerForError(error, now);
}

/** The outbox's handler of pushes: PUT /api/crm/pushes/:id with the push, sent again as often as needed. */
export const crmPushHandler: KindHandler = {
  tables: ['keyValues'],
  async deliver(db, entry: OutboxEntry): Promise<Answer> {
    const input = entry.payload as CrmPushInput;
    try {
      const { push } = await api.put<CrmPushResponse>(
        `/api/crm/pushes/${encodeURIComponent(entry.clientId)}`,
        input,
        userIdOfDb(db),
      );
      return { kind: 'delivered', detail: push };
    } catch (error) {
      return answerForPush(error, Date.now());
    }
  },
  async settled(db, entry, _state, answer, now) {
    if (answer.kind === 'delivered') {
      const push = answer.detail as CrmPushResponse['push'];
      await update(db, entry.clientId, {
        state: 'saved',
        problem: undefined,
        recordUrl: push.recordUrl,
        cut: push.cut,
        savedAt: push.writtenAt ?? new Date(now).toISOString(),
      });
    } else if (answer.kind === 'refused') {
      await update(db, entry.clientId, { state: 'refused', problem: answer.reason });
    } else {
      const reconnect = waitsForReconnect(
        answer.detail instanceof ApiError ? answer.detail.code : undefined,
      );
      await update(db, entry.clientId, {
        state: reconnect ? 'reconnect' : 'waiting',
        problem: reconnect ? answer.reason : undefined,
      });
    }
  },
};

/** The pushes' queued work, for the registry (web/app/queuedWork.ts). */
export const crmQueue: QueuedFeature = { handlers: { [CRM_PUSH]: crmPushHandler } };

/** Send the waiting pushes now (after a push, or a reconnect). */
export function flushPushes(db: PitchpadDb): Promise<unknown> {
  return flushOutbox(db, { [CRM_PUSH]: crmPushHandler }, { force: true }).catch((error: unknown) =>
    console.warn('Could not send the CRM notes yet', error),
  );
}

/** 'Saved to HubSpot: Freightly', the line the notification and the item say. */
export const savedLine = (push: Pick<LocalPush, 'input'>) =>
  `Saved to ${CRM_NAMES[push.input.provider]}: ${push.input.title}`;
