/**
 * Files saved from the phone: one made here from the phone's copy (Markdown, or Word with the
 * `docx` library loaded on first use), or one made on the server and kept here (fileExports.ts).
 * Pages only: the service worker neither draws nor saves files.
 */
import { exportMarkdown, type Snapshot } from '../../../domain/exports/files';
import { openUserDb } from '../../data/db';
import { isLocalFile, keyOf } from './fileExports';

/** Save a made file, as the toast's Save does. */
export async function saveReadyFile(userId: number, id: string): Promise<void> {
  const row = await openUserDb(userId).keyValues.get(keyOf(id));
  if (row && isLocalFile(row.value) && row.value.file) saveFile(row.value.file, row.value.name);
}

/** Hand a file to the browser to save, under its name. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const WORD_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A Markdown or Word file made here, from the phone's own copy of the content. */
export async function makeOnPhone(snapshot: Snapshot, format: 'docx' | 'md'): Promise<Blob> {
  const now = new Date();
  if (format === 'md')
    return new Blob([exportMarkdown(snapshot, now)], { type: 'text/markdown;charset=utf-8' });
  const [{ Packer }, { wordDocument }] = await Promise.all([
    import('docx'),
    import('../../../domain/exports/word'),
  ]);
  const blob = await Packer.toBlob(wordDocument(snapshot, now));
  return blob.type ? blob : new Blob([blob], { type: WORD_TYPE });
}
