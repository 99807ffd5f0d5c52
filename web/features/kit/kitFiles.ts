/** What the sales-kit screen says about a file before and after it is sent: its kind and what is wrong with it. */
import {
  KIT_FILE_TYPES,
  kitFileKindOfName,
  notAKitFile,
  type KitFile,
  type KitLimitsResponse,
} from '../../../domain/contract/kitBasics';
import { KIT_MAX_FILE_MB_DEFAULT, KIT_MAX_FILES_DEFAULT } from '../../../domain/limits';

/**
 * The limits the screen states and checks a file against before it is queued, until the server has
 * said its own (GET /api/kit/limits, kept for offline use): the server's defaults. The server checks
 * them again on upload, in its own words.
 */
export const DEFAULT_KIT_LIMITS: KitLimitsResponse = {
  maxFiles: KIT_MAX_FILES_DEFAULT,
  maxFileBytes: KIT_MAX_FILE_MB_DEFAULT * 1_000_000,
};

/** The file picker's filter: the names the server reads, and their usual types. */
export const KIT_ACCEPT = KIT_FILE_TYPES.flatMap(({ extensions, mimeTypes }) => [
  ...extensions.map((ext) => `.${ext}`),
  ...mimeTypes,
]).join(',');

/** The kind a file's name says it is, or undefined for one Pitchpad does not read. */
export const kindOfName = kitFileKindOfName;

const KIND_LABELS: Record<KitFile['kind'], string> = { pdf: 'PDF', docx: 'Word', text: 'Text' };

export function kindLabel(kind: KitFile['kind'] | undefined): string {
  return kind ? KIND_LABELS[kind] : 'File';
}

/** Bytes as the screen and the server say them: megabytes, to one decimal. */
export const megabytes = (bytes: number) => `${Math.round(bytes / 100_000) / 10} MB`;

/** A file's size for its line on the screen: kilobytes below a tenth of a megabyte, else megabytes. */
export const fileSize = (bytes: number) =>
  bytes < 100_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : megabytes(bytes);

/** What is wrong with `file` before it is sent (its name, its size), naming it; null when it may go. */
export function fileProblem(
  file: { name: string; size: number },
  { maxFileBytes }: KitLimitsResponse = DEFAULT_KIT_LIMITS,
): string | null {
  if (!kindOfName(file.name)) return notAKitFile(file.name);
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > maxFileBytes)
    return `“${file.name}” is ${megabytes(file.size)}: a file may be at most ${megabytes(maxFileBytes)}.`;
  return null;
}
