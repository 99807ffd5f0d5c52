/**
 * /kit: the rep's sales kit. The files the server holds (GET /api/kit/files,
 * kept for offline reading), with the ones on this device on their way (the outbox's kit-upload
 * entries: waiting, uploading, or refused with the server's reason, and 'Try again' when the kit was
 * full). 'Add a file' checks a file's
 * name and size here, stores it in the outbox with its bytes (so it waits with no signal), then
 * uploads it; the sync engine or the service worker uploads what waits once the network is back.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the kit screen's stylesheet, loaded with its chunk
import './kit.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addOutline, documentTextOutline, trashOutline } from 'ionicons/icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { ChangeEvent } from 'react';
import type { User } from '../../../domain/contract/auth';
import type { KitFile } from '../../../domain/contract/kit';
import { openUserDb, type PitchpadDb } from '../../data/db';
import { InlineIcon } from '../../ui/InlineIcon';
import { useOnline } from '../../ui/useOnline';
import { Screen } from '../../ui/Screen';
import { useAuth } from '../auth/auth.queries';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import {
  kitFilesQueryOptions,
  kitKeys,
  kitLimitsQueryOptions,
  useDeleteKitFile,
  withStoredFile,
  type KitFileList,
} from './kit.queries';
import {
  DEFAULT_KIT_LIMITS,
  KIT_ACCEPT,
  fileProblem,
  fileSize,
  kindLabel,
  kindOfName,
  megabytes,
} from './kitFiles';
import {
  canTryAgain,
  flushKitUpload,
  forgetSentKitUploads,
  localKitUploads,
  queueKitFile,
  removeKitUpload,
  retryKitUpload,
  type KitUploadEntry,
} from './kitUploads';

export function KitScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return <Kit key={user.id} user={user} />;
}

function Kit({ user }: { user: User }) {
  const db = useMemo(() => openUserDb(user.id), [user.id]);
  const queryClient = useQueryClient();
  const files = useQuery(kitFilesQueryOptions(user.id));
  const limits = useQuery(kitLimitsQueryOptions(user.id)).data ?? DEFAULT_KIT_LIMITS;
  const local = useSafeLiveQuery(() => localKitUploads(db), [db], []);
  const online = useOnline();
  const [problems, setProblems] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<KitFile | null>(null);
  const stored = files.data?.files ?? [];
  const storedIds = new Set(stored.map((file) => file.id));
  const askedAt = files.data?.askedAt ?? 0;
  // A sent file shows here until a list asked for since it was stored has it (or not: deleted since).
  const onTheWay = (local ?? []).filter(
    (entry) =>
      !storedIds.has(entry.clientId) && (entry.state !== 'sent' || !listedSince(entry, askedAt)),
  );
  useSettleSentUploads(db, local, askedAt, () =>
    queryClient.invalidateQueries({ queryKey: kitKeys.files(user.id) }),
  );

  const handlePicked = async (picked: File[]) => {
    const found: string[] = [];
    for (const file of picked) {
      const problem = fileProblem(file, limits);
      if (problem) {
        found.push(problem);
        continue;
      }
      upload(await queueKitFile(db, { name: file.name, type: file.type, blob: file }));
    }
    setProblems(found);
  };

  /** Upload the queued file `id` now; stored, it joins the list at once. */
  const upload = (id: string) =>
    void flushKitUpload(db, id)
      .then((saved) => {
        if (saved)
          queryClient.setQueryData<KitFileList>(kitKeys.files(user.id), (list) =>
            withStoredFile(list, saved),
          );
      })
      .catch((error: unknown) => console.warn('Could not upload the file', error));

  return (
    <Screen width="narrow" className="kit-screen">
      <section className="page-intro">
        <h1>Sales kit</h1>
        <p className="lede">
          Your decks, case studies, pricing sheets and battlecards: Pitchpad searches them for every
          answer
        </p>
        <p className="muted kit-limits">
          PDF, DOCX, Markdown or text, up to {limits.maxFiles} files of{' '}
          {megabytes(limits.maxFileBytes)} each.
        </p>
      </section>

      <AddFile onPicked={(picked) => void handlePicked(picked)} />
      {problems.length > 0 && (
        <div className="form-error kit-problems" role="alert">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}

      {files.isError && !files.data && (
        <p className="form-error" role="alert">
          Could not load your files: {files.error.message}
        </p>
      )}
      {files.isPending && (
        <p className="muted" role="status">
          Loading your files…
        </p>
      )}

      {(onTheWay.length > 0 || stored.length > 0) && (
        <ul className="kit-files" aria-label="Your files">
          {onTheWay.map((entry) => (
            <LocalFile
              key={entry.clientId}
              db={db}
              entry={entry}
              online={online}
              onTryAgain={() => void upload(entry.clientId)}
            />
          ))}
          {stored.map((file) => (
            <StoredFile key={file.id} file={file} onDelete={() => setDeleting(file)} />
          ))}
        </ul>
      )}
      {files.isSuccess && stored.length === 0 && onTheWay.length === 0 && (
        <p className="muted kit-empty">No files yet. Add your pitch deck to start.</p>
      )}

      <DeleteDialog userId={user.id} file={deleting} onClose={() => setDeleting(null)} />
    </Screen>
  );
}

/**
 * Whether the list was asked for after the file was stored (the entry was marked sent once the
 * server had answered that it stored it), so it tells of the file. When the answer arrived says
 * nothing: a list asked for before the upload may answer after it, without the file.
 */
const listedSince = (entry: KitUploadEntry, askedAt: number) => entry.updatedAt < askedAt;

/**
 * Files stored by the sync engine or the worker (here or in another tab) reach the list: a sent
 * upload the list was asked for before asks the server again (`refetch`); one a list asked for
 * since tells of (listed, or deleted since) leaves the outbox.
 */
function useSettleSentUploads(
  db: PitchpadDb,
  local: KitUploadEntry[] | undefined,
  askedAt: number,
  refetch: () => void,
) {
  const sent = (local ?? []).filter((entry) => entry.state === 'sent');
  // Only a list asked for since settles a file, even one it holds: a list this device added the file
  // to itself (withStoredFile) may still be overwritten by the answer to a request made before.
  const settled = sent
    .filter((entry) => listedSince(entry, askedAt))
    .map((entry) => entry.clientId);
  const unlisted = sent
    .filter((entry) => !settled.includes(entry.clientId))
    .map((entry) => entry.clientId);
  const settledKey = settled.join(' ');
  const unlistedKey = unlisted.join(' ');
  useEffect(() => {
    if (settledKey) void forgetSentKitUploads(db, settledKey.split(' '));
  }, [db, settledKey]);
  useEffect(() => {
    if (unlistedKey) refetch();
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- only newly sent files ask again
  }, [unlistedKey]);
}

/** 'Add a file': a 44 px button in front of the browser's file picker. */
function AddFile({ onPicked }: { onPicked: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // The same file may be picked again (after a removal).
    event.target.value = '';
    if (picked.length) onPicked(picked);
  };
  return (
    <div className="kit-add">
      <button
        type="button"
        className="pp-button pp-button--primary"
        onClick={() => input.current?.click()}
      >
        <InlineIcon icon={addOutline} />
        Add a file
      </button>
      <input
        ref={input}
        type="file"
        accept={KIT_ACCEPT}
        multiple
        hidden
        onChange={handleChange}
        aria-label="Add a file"
        tabIndex={-1}
      />
    </div>
  );
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function StoredFile({ file, onDelete }: { file: KitFile; onDelete: () => void }) {
  const facts = [
    kindLabel(file.kind),
    file.pages !== null ? count(file.pages, 'page', 'pages') : null,
    count(file.passages, 'passage', 'passages'),
    dateOf(file.createdAt),
  ].filter(Boolean);
  return (
    <li className="kit-file">
      <InlineIcon icon={documentTextOutline} className="kit-file__icon" />
      <div className="kit-file__body">
        <p className="kit-file__name">{file.name}</p>
        <p className="kit-file__facts">{facts.join(' · ')}</p>
      </div>
      <button
        type="button"
        className="pp-button pp-button--ghost kit-file__action"
        aria-label={`Delete ${file.name}`}
        onClick={onDelete}
      >
        <InlineIcon icon={trashOutline} />
      </button>
    </li>
  );
}

/** Where a file on this device stands, in the rep's words. */
function localStatus(entry: KitUploadEntry, online: boolean): string {
  if (entry.state === 'sent') return 'Uploaded';
  if (entry.state === 'sending') return 'Uploading…';
  if (entry.state === 'failed') return `Not uploaded: ${entry.lastError ?? 'refused'}`;
  if (!online) return 'Waiting for a connection';
  if (entry.lastError) return `Waiting to try again: ${entry.lastError}`;
  return 'Waiting to upload';
}

function LocalFile({
  db,
  entry,
  online,
  onTryAgain,
}: {
  db: PitchpadDb;
  entry: KitUploadEntry;
  online: boolean;
  onTryAgain: () => void;
}) {
  const { name, size, blob } = entry.payload;
  const failed = entry.state === 'failed';
  const bytes = size ?? blob?.size;
  const facts = [kindLabel(kindOfName(name)), bytes !== undefined ? fileSize(bytes) : null];
  const handleTryAgain = async () => {
    if (await retryKitUpload(db, entry.clientId)) onTryAgain();
  };
  return (
    <li className={`kit-file kit-file--local${failed ? ' kit-file--failed' : ''}`}>
      <InlineIcon icon={documentTextOutline} className="kit-file__icon" />
      <div className="kit-file__body">
        <p className="kit-file__name">{name}</p>
        <p className="kit-file__facts">{facts.filter(Boolean).join(' · ')}</p>
        <p className="kit-file__status" role={failed ? 'alert' : 'status'}>
          {localStatus(entry, online)}
        </p>
      </div>
      {(entry.state === 'queued' || failed) && (
        <div className="kit-file__actions">
          {canTryAgain(entry) && (
            <button
              type="button"
              className="pp-button pp-button--ghost kit-file__action"
              aria-label={`Try again: ${name}`}
              onClick={() => void handleTryAgain()}
            >
              Try again
            </button>
          )}
          <button
            type="button"
            className="pp-button pp-button--ghost kit-file__action"
            aria-label={`Remove ${name}`}
            onClick={() => void removeKitUpload(db, entry.clientId)}
          >
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

/** 'Delete “X”?': the file and its passages leave the server once confirmed. */
function DeleteDialog({
  userId,
  file,
  onClose,
}: {
  userId: number;
  file: KitFile | null;
  onClose: () => void;
}) {
  const remove = useDeleteKitFile(userId);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={file !== null}
      title={<>Delete “{file?.name}”?</>}
      message="Its passages leave every answer at once."
      error={remove.isError ? remove.error.message : null}
      pending={remove.isPending}
      confirmLabel={
        <>
          <InlineIcon icon={trashOutline} />
          Delete
        </>
      }
      onCancel={close}
      onConfirm={() => {
        if (file) remove.mutate(file.id, { onSuccess: close });
      }}
    />
  );
}
