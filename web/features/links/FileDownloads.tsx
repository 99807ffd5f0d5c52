/**
 * The content as a file, in the share sheet. With a signal: PDF, Word and Markdown made on the
 * server from what it holds, and, on phones whose share sheet takes files, 'Share the PDF'. With
 * none: Word and Markdown made here from the phone's copy, and the PDF queued to be made once a
 * signal is back (fileExports.ts), listed below until saved.
 */
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { useId, useMemo, useState } from 'react';
import { exportFileName, type ExportFormat, type Snapshot } from '../../../domain/exports/files';
import { api } from '../../data/api';
import { openUserDb } from '../../data/db';
import {
  exportPath,
  flushFiles,
  queueFile,
  readFiles,
  removeFile,
  sameSource,
  type FileRequest,
  type FileSource,
  type LocalFile,
} from './fileExports';
import { makeOnPhone, saveFile } from './saveFiles';

const FORMAT_NAMES: Record<ExportFormat, string> = {
  pdf: 'PDF',
  docx: 'Word',
  md: 'Markdown',
};

/** Whether this browser's share sheet takes a PDF file (Android's Chrome, iOS Safari). */
function canShareFiles(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({
      files: [new File(['%PDF-'], 'Pitchpad.pdf', { type: 'application/pdf' })],
    });
  } catch {
    return false;
  }
}

export type FileTarget = FileSource & {
  title: string;
  /** The phone's copy of the content: what Word and Markdown are made from with no signal. */
  local?: Snapshot;
};

/** The chat, reply or analysis a target names, without the rest. */
export const sourceOf = (target: FileSource): FileSource =>
  'workflowId' in target
    ? { workflowId: target.workflowId }
    : {
        chatId: target.chatId,
        ...(target.messageId !== undefined ? { messageId: target.messageId } : {}),
      };

export function FileDownloads({
  userId,
  target,
  online,
}: {
  userId: number;
  target: FileTarget;
  online: boolean;
}) {
  const id = useId();
  const db = useMemo(() => openUserDb(userId), [userId]);
  const [said, setSaid] = useState('');
  const [pdfToShare, setPdfToShare] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const source = sourceOf(target);
  const request = (format: ExportFormat): FileRequest => ({
    ...source,
    title: target.title,
    format,
  });
  const sourceKey = JSON.stringify(source);
  const mine = useSafeLiveQuery(
    async () => (await readFiles(db)).filter((file) => sameSource(file.request, source)),
    [db, sourceKey],
    [],
  );

  const share = async (file: File) => {
    try {
      await navigator.share({ files: [file], title: target.title });
      setPdfToShare(null);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // The PDF took long enough that the tap no longer counts: one more tap shares it.
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        setPdfToShare(file);
        setSaid('The PDF is ready: tap ‘Share the PDF now’.');
      } else setSaid('The share sheet did not open: download the PDF instead.');
    }
  };
  const sharePdf = async () => {
    setBusy(true);
    setSaid('Making the PDF…');
    try {
      const blob = await api.getFile(exportPath(request('pdf')), userId);
      const file = new File([blob], exportFileName(target.title, 'pdf'), {
        type: 'application/pdf',
      });
      setSaid('');
      await share(file);
    } catch (error) {
      setSaid(error instanceof Error ? error.message : 'The PDF could not be made.');
    } finally {
      setBusy(false);
    }
  };
  const makeHere = async (format: 'docx' | 'md') => {
    if (!target.local) return;
    setBusy(true);
    try {
      saveFile(await makeOnPhone(target.local, format), exportFileName(target.title, format));
      setSaid(`${FORMAT_NAMES[format]} file made on this phone.`);
    } catch {
      setSaid(`The ${FORMAT_NAMES[format]} file could not be made here.`);
    } finally {
      setBusy(false);
    }
  };
  const queuePdf = async () => {
    // One PDF of it waits at a time: a second tap says so rather than queueing another.
    if (mine?.some((file) => file.state === 'waiting' && file.request.format === 'pdf')) {
      setSaid('This PDF is already queued: it is made once you are back online.');
      return;
    }
    await queueFile(db, request('pdf'));
    setSaid('Queued: the PDF is made once you are back online, and kept below until you save it.');
    void flushFiles(db);
  };

  return (
    <section className="link-sheet__downloads" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Or download it</h3>
      {online ? (
        <>
          <p className="link-sheet__files">
            {(['pdf', 'docx', 'md'] as const).map((format) => (
              <a key={format} href={exportPath(request(format))} download>
                {FORMAT_NAMES[format]} (.{format})
              </a>
            ))}
          </p>
          {canShareFiles() && (
            <p className="link-sheet__files">
              <button
                type="button"
                className="pp-button"
                disabled={busy}
                onClick={() => void (pdfToShare ? share(pdfToShare) : sharePdf())}
              >
                {pdfToShare ? 'Share the PDF now' : 'Share the PDF'}
              </button>
            </p>
          )}
        </>
      ) : (
        <>
          <p className="muted">
            No signal: Word and Markdown are made on this phone; a PDF is made once you are back
            online.
          </p>
          <p className="link-sheet__files">
            {target.local && (
              <>
                <button
                  type="button"
                  className="pp-button"
                  disabled={busy}
                  onClick={() => void makeHere('docx')}
                >
                  Word (.docx)
                </button>
                <button
                  type="button"
                  className="pp-button"
                  disabled={busy}
                  onClick={() => void makeHere('md')}
                >
                  Markdown (.md)
                </button>
              </>
            )}
            <button type="button" className="pp-button" onClick={() => void queuePdf()}>
              PDF when back online
            </button>
          </p>
        </>
      )}
      <p className="muted" role="status">
        {said}
      </p>
      {mine && mine.length > 0 && (
        <FileList files={mine} onRemove={(fileId) => void removeFile(db, fileId)} />
      )}
    </section>
  );
}

/** Files made once a signal was back, or still waiting for one: save, or remove. */
export function FileList({
  files,
  onRemove,
}: {
  files: readonly LocalFile[];
  onRemove: (id: string) => void;
}) {
  return (
    <ul className="shared-links__list" aria-label="Files made for you">
      {files.map((file) => (
        <li key={file.id} className="shared-links__item">
          <p className="shared-links__title">{file.name}</p>
          <p className="muted">
            {file.state === 'ready'
              ? 'Ready to save.'
              : file.state === 'refused'
                ? `Could not be made: ${file.problem ?? 'the server refused it'}.`
                : 'Waiting for a signal to be made.'}
          </p>
          <p className="shared-links__actions">
            {file.state === 'ready' && file.file && (
              <button
                type="button"
                className="pp-button pp-button--primary"
                onClick={() => saveFile(file.file!, file.name)}
              >
                Save
              </button>
            )}
            <button
              type="button"
              className="pp-button pp-button--ghost"
              onClick={() => onRemove(file.id)}
            >
              {file.state === 'waiting' ? 'Cancel' : 'Remove'}
            </button>
          </p>
        </li>
      ))}
    </ul>
  );
}
