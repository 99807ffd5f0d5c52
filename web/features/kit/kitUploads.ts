/**
 * Sales-kit files on their way to the server. A picked file is stored in the
 * outbox with its bytes (a Blob in IndexedDB) as kind 'kit-upload', one line per file (`kit:<id>`),
 * so it waits with no signal and uploads when the network is back, from the page or the service
 * worker. Once stored, the bytes leave the entry; the screen forgets the entry when the server's
 * list it reads shows the file. Refused for good (not a file Pitchpad reads, too large), the bytes
 * leave too: the entry keeps the name, size and the server's reason to show. Refused because the kit
 * is full, the bytes stay, so 'Try again' (retryKitUpload) works once the rep deletes a file. The id is made here: the server stores a file under it once, and answers a replay (an
 * answer lost on the way) with what it stored.
 *
 * No React or DOM here: the service worker delivers uploads too (web/app/queuedWork.ts).
 */
import {
  KIT_FILE_NAME_HEADER,
  KitErrorCode,
  type KitFile,
} from '../../../domain/contract/kitBasics';
import { api, ApiError } from '../../data/api';
import { userIdOfDb, type OutboxEntry, type PitchpadDb } from '../../data/db';
import { fileId } from '../../data/ids';
import { enqueue, flushOutbox, requeue, type Answer, type KindHandler } from '../../data/outbox';
import { answerForError } from '../../data/queue/answers';
import type { QueuedFeature } from '../../data/queue/registry';

export const KIT_UPLOAD = 'kit-upload';

/** A file's line: each file goes on its own, so a refused one holds up no other. */
export const kitLine = (id: string) => `kit:${id}`;

/** What a kit-upload entry carries: the file as picked (its bytes until the server has stored it). */
export interface KitUploadPayload {
  name: string;
  type: string;
  /** Bytes; missing on entries queued before it was kept (their blob has it). */
  size?: number;
  blob: Blob;
}

/**
 * A kit-upload entry; a sent one, or one refused for good, keeps its name, type and size, not its
 * bytes.
 */
export type KitUploadEntry = OutboxEntry & {
  payload: Omit<KitUploadPayload, 'blob'> & { blob?: Blob };
};

/** Queue `file` for the rep's kit; answers its id (its line is `kitLine(id)`). */
export async function queueKitFile(
  db: PitchpadDb,
  file: { name: string; type: string; blob: Blob },
  now = Date.now(),
): Promise<string> {
  const id = fileId();
  const payload: KitUploadPayload = {
    name: file.name,
    type: file.type,
    size: file.blob.size,
    blob: file.blob,
  };
  await db.transaction('rw', db.outbox, () =>
    enqueue(db, { clientId: id, kind: KIT_UPLOAD, line: kitLine(id), payload }, now),
  );
  return id;
}

/**
 * The outbox's handler of kit files: PUT /api/kit/files/<id> with the bytes. Stored (201, or 200 for
 * a replay) is delivered; a refusal (not a file Pitchpad reads, too large, the kit full) fails with
 * the server's words; a 429 waits for its Retry-After; the network or a 5xx retries with the backoff.
 */
export const kitUploadHandler: KindHandler = {
  async deliver(db, entry): Promise<Answer> {
    // Only a queued entry is delivered, and it has its bytes.
    const { name, blob } = (entry as KitUploadEntry).payload as KitUploadPayload;
    try {
      const stored = await api.putFile<KitFile>(
        `/api/kit/files/${entry.clientId}`,
        blob,
        { [KIT_FILE_NAME_HEADER]: encodeURIComponent(name) },
        userIdOfDb(db),
      );
      return { kind: 'delivered', detail: stored };
    } catch (error) {
      return answerForError(error, Date.now());
    }
  },
  // Stored: the bytes leave this device at once; the sent entry stays (with its name) until the
  // screen's list, asked again, shows the file, so it never blinks out of the list in between.
  // Refused for good: the bytes leave too (the same bytes would be refused the same), the entry stays
  // to show why. Refused for a full kit: they stay, for 'Try again'.
  async settled(db, entry, state, answer) {
    if (state !== 'sent' && !(state === 'failed' && !mayPassLater(answer))) return;
    const { name, type, size, blob } = (entry as KitUploadEntry).payload;
    await db.outbox.update(entry.seq!, { payload: { name, type, size: size ?? blob?.size } });
  },
};

/** The sales kit's queued work, for the registry (web/app/queuedWork.ts). */
export const kitQueue: QueuedFeature = { handlers: { [KIT_UPLOAD]: kitUploadHandler } };

/**
 * A refusal the same bytes may pass later: the kit is full (the rep deletes a file, then tries
 * again). The others (not a file Pitchpad reads, empty, too large, a bad name) never will.
 */
function mayPassLater(answer: Answer): boolean {
  return (
    answer.kind === 'refused' &&
    answer.detail instanceof ApiError &&
    answer.detail.code === KitErrorCode.tooMany
  );
}

/** Whether the rep may try a refused file again: it still has its bytes (see mayPassLater). */
export const canTryAgain = (entry: KitUploadEntry) =>
  entry.state === 'failed' && entry.payload.blob !== undefined;

/**
 * 'Try again' for a refused file that kept its bytes (the kit was full): queued again, as new, under
 * the same id. Answers whether it was. Then upload it with flushKitUpload, or let the sync engine.
 */
export function retryKitUpload(db: PitchpadDb, id: string, now = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.where('clientId').equals(id).first();
    if (entry?.kind !== KIT_UPLOAD || !canTryAgain(entry as KitUploadEntry)) return false;
    await requeue(db, entry.seq!, now);
    return true;
  });
}

/**
 * The kit files this device uploads, oldest first: waiting, uploading, refused, and sent in the last
 * day (the outbox prunes them then; a sent one has no bytes left).
 */
export function localKitUploads(db: PitchpadDb): Promise<KitUploadEntry[]> {
  return db.outbox.where('kind').equals(KIT_UPLOAD).sortBy('seq') as Promise<KitUploadEntry[]>;
}

/**
 * Drop a file that has not reached the server (waiting, or refused). One already on its way is left
 * to finish (the server may be storing it), and a stored one is deleted from the server instead.
 * Answers whether it was removed.
 */
export function removeKitUpload(db: PitchpadDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.where('clientId').equals(id).first();
    if (
      !entry ||
      entry.kind !== KIT_UPLOAD ||
      !(entry.state === 'queued' || entry.state === 'failed')
    )
      return false;
    await db.outbox.delete(entry.seq!);
    return true;
  });
}

/** Forget sent entries `ids`: the server's list, read since, tells of them. */
export function forgetSentKitUploads(db: PitchpadDb, ids: readonly string[]): Promise<number> {
  return db.outbox
    .where('clientId')
    .anyOf([...ids])
    .filter((entry) => entry.kind === KIT_UPLOAD && entry.state === 'sent')
    .delete();
}

/** Upload the file `id` now (just picked, online): the sync engine and the worker do it otherwise. */
export async function flushKitUpload(db: PitchpadDb, id: string): Promise<KitFile | undefined> {
  const report = await flushOutbox(
    db,
    { [KIT_UPLOAD]: kitUploadHandler },
    { line: kitLine(id), force: true },
  );
  const settled = report.outcomes.get(id);
  return settled?.state === 'sent' ? (settled.detail as KitFile) : undefined;
}
