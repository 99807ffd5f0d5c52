/**
 * Files asked for with no signal. Markdown and Word are made on the phone from its own copy
 * (saveFiles.ts: the Word library is a 70 kB chunk loaded on first use). A PDF needs the server's
 * fonts and layout (several MB), so it is queued instead: an outbox entry of kind 'export-file'
 * that, once a signal is back, fetches the PDF from the server's stored content and keeps it in the
 * rep's database (keyValues 'file:<id>') until saved or removed. The rep is told where they are:
 * the share sheet and the account's Shared links list it as it becomes ready, every open window of
 * the app says so (fileReady.ts: a toast with Save, over a BroadcastChannel that the service
 * worker's deliveries reach too), and a notification says so when notifications are allowed and no
 * window shows.
 */
import { exportFileName, type ExportFormat } from '../../../domain/exports/files';
import { Dexie } from 'dexie';
import { api } from '../../data/api';
import { userIdOfDb, type PitchpadDb } from '../../data/db';
import { FILES_CHANNEL, readyLine, type ReadyNote } from './fileReady';
import { enqueue, flushOutbox, type Answer, type KindHandler } from '../../data/outbox';
import { answerForError } from '../../data/queue/answers';
import type { QueuedFeature } from '../../data/queue/registry';
import { uuidv7 } from '../../data/ids';

export const EXPORT_FILE = 'export-file';
const KEY_PREFIX = 'file:';

/** What a file is made of: a chat, one of its replies, or a saved analysis. */
export type FileSource = { chatId: string; messageId?: number } | { workflowId: string };

export type FileRequest = FileSource & { title: string; format: ExportFormat };

/** Whether two sources are the same chat, reply or analysis. */
export const sameSource = (a: FileSource, b: FileSource) =>
  'workflowId' in a
    ? 'workflowId' in b && a.workflowId === b.workflowId
    : 'chatId' in b && a.chatId === b.chatId && a.messageId === b.messageId;

export interface LocalFile {
  id: string;
  request: FileRequest;
  /** The file's name once saved: 'GTM plan for Freightly.pdf'. */
  name: string;
  state: 'waiting' | 'ready' | 'refused';
  /** Why it could not be made (refused): the server's words. */
  problem?: string;
  file?: Blob;
  createdAt: number;
  readyAt?: number;
}

export const keyOf = (id: string) => `${KEY_PREFIX}${id}`;
export const isLocalFile = (value: unknown): value is LocalFile =>
  typeof value === 'object' && value !== null && 'request' in value && 'state' in value;

export const exportPath = (request: FileSource & { format: ExportFormat }) =>
  'workflowId' in request
    ? `/api/workflows/${encodeURIComponent(request.workflowId)}/export?format=${request.format}`
    : `/api/chats/${encodeURIComponent(request.chatId)}/export?format=${request.format}${
        request.messageId !== undefined ? `&messageId=${request.messageId}` : ''
      }`;

/** Queue a file to be made once there is a signal; answers its id. */
export async function queueFile(db: PitchpadDb, request: FileRequest): Promise<string> {
  const now = Date.now();
  const id = uuidv7(now);
  const local: LocalFile = {
    id,
    request,
    name: exportFileName(request.title, request.format),
    state: 'waiting',
    createdAt: now,
  };
  await db.transaction('rw', [db.keyValues, db.outbox], async () => {
    await db.keyValues.put({ key: keyOf(id), value: local });
    await enqueue(db, { clientId: id, kind: EXPORT_FILE, line: keyOf(id), payload: request }, now);
  });
  return id;
}

/** Every file on this device, newest first. */
export async function readFiles(db: PitchpadDb): Promise<LocalFile[]> {
  const rows = await db.keyValues.where('key').startsWith(KEY_PREFIX).toArray();
  return rows
    .map((row) => row.value)
    .filter(isLocalFile)
    .toSorted((a, b) => b.createdAt - a.createdAt);
}

/** Forget a file (saved, or no longer wanted), and its queued making if it still waits. */
export async function removeFile(db: PitchpadDb, id: string): Promise<void> {
  await db.transaction('rw', [db.keyValues, db.outbox], async () => {
    await db.keyValues.delete(keyOf(id));
    await db.outbox.where('clientId').equals(id).delete();
  });
}

/** Change a file still listed; answers whether it was (the rep may have removed it meanwhile). */
async function update(db: PitchpadDb, id: string, change: Partial<LocalFile>): Promise<boolean> {
  const row = await db.keyValues.get(keyOf(id));
  if (!row || !isLocalFile(row.value)) return false;
  await db.keyValues.put({ key: row.key, value: { ...row.value, ...change } });
  return true;
}

/** The outbox's handler: fetch the file from the server, kept on the phone once it comes. */
export const fileExportHandler: KindHandler = {
  tables: ['keyValues'],
  async deliver(db, entry): Promise<Answer> {
    const request = entry.payload as FileRequest;
    try {
      const file = await api.getFile(exportPath(request), userIdOfDb(db));
      return { kind: 'delivered', detail: file };
    } catch (error) {
      return answerForError(error, Date.now());
    }
  },
  async settled(db, entry, _state, answer, now) {
    if (answer.kind === 'delivered') {
      const kept = await update(db, entry.clientId, {
        state: 'ready',
        file: answer.detail as Blob,
        readyAt: now,
      });
      const request = entry.payload as FileRequest;
      // Said once it is stored for good, and only if the rep still wants it (not cancelled).
      if (kept)
        Dexie.currentTransaction?.on('complete', () => {
          void announceReady({
            id: entry.clientId,
            title: request.title,
            format: request.format,
            userId: userIdOfDb(db),
          });
        });
    } else if (answer.kind === 'refused') {
      await update(db, entry.clientId, { state: 'refused', problem: answer.reason });
    }
  },
};

/** Files as queued work, for the registry (web/app/queuedWork.ts). */
export const fileExportsQueue: QueuedFeature = { handlers: { [EXPORT_FILE]: fileExportHandler } };

/** Make the waiting files now (a signal is back, or one was just queued with a signal). */
export function flushFiles(db: PitchpadDb): Promise<unknown> {
  return flushOutbox(db, { [EXPORT_FILE]: fileExportHandler }, { force: true }).catch(
    (error: unknown) => console.warn('Could not make the files yet', error),
  );
}

/**
 * Say a file is ready: to every window of the app (each toasts it), and as a notification when
 * notifications are allowed and no window of the app is on screen.
 */
async function announceReady(note: ReadyNote & { userId?: number }): Promise<void> {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(FILES_CHANNEL);
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a BroadcastChannel has no target origin
    channel.postMessage(note);
    channel.close();
  }
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const worker = (globalThis as unknown as { registration?: ServiceWorkerRegistration })
    .registration;
  const registration = worker ?? (await navigator.serviceWorker?.getRegistration());
  if (!registration) return;
  const clients = (globalThis as unknown as { clients?: Clients }).clients;
  const shown = clients
    ? (await clients.matchAll({ type: 'window', includeUncontrolled: true })).some(
        (client) => client.visibilityState === 'visible',
      )
    : document.visibilityState === 'visible';
  if (shown) return;
  await registration.showNotification(readyLine(note.format), {
    body: note.title,
    tag: keyOf(note.id),
    icon: '/icons/icon-192.png',
    data: { url: '/account#links' },
  });
}
