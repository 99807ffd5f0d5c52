/** What the sales-kit screen says about a file before and after it is sent: its kind and what is wrong with it. */
import { KIT_FILE_KINDS, type KitFile } from '../../../domain/contract/kit';
import { KIT_MAX_FILE_MB_DEFAULT, KIT_MAX_FILES_DEFAULT } from '../../../domain/limits';

/**
 * The limits the screen states and checks before a file is queued. The server's defaults: it does
 * not publish its configured KIT_MAX_FILES / KIT_MAX_FILE_MB, and checks them itself on upload, so a
 * server configured lower still refuses with its own words.
 */
export const KIT_MAX_FILES = KIT_MAX_FILES_DEFAULT;
export const KIT_MAX_FILE_MB = KIT_MAX_FILE_MB_DEFAULT;

/** The file picker's filter: the names the server reads, and their usual types. */
export const KIT_ACCEPT = [
  ...Object.keys(KIT_FILE_KINDS).map((ext) => `.${ext}`),
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/markdown',
  'text/plain',
].join(',');

/** The kind a file's name says it is, or undefined for one Pitchpad does not read. */
export function kindOfName(name: string): KitFile['kind'] | undefined {
  return KIT_FILE_KINDS[name.split('.').pop()?.toLowerCase() ?? ''];
}

const KIND_LABELS: Record<KitFile['kind'], string> = { pdf: 'PDF', docx: 'Word', text: 'Text' };

export function kindLabel(kind: KitFile['kind'] | undefined): string {
  return kind ? KIND_LABELS[kind] : 'File';
}

const megabytes = (bytes: number) => `${Math.round(bytes / 100_000) / 10} MB`;

/** What is wrong with `file` before it is sent (its name, its size), naming it; null when it may go. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!kindOfName(file.name))
    return `“${file.name}” is not a file Pitchpad reads: upload a PDF, a Word document (.docx), Markdown (.md) or plain text (.txt).`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > KIT_MAX_FILE_MB * 1_000_000)
    return `“${file.name}” is ${megabytes(file.size)}: a file may be at most ${KIT_MAX_FILE_MB} MB.`;
  return null;
}
