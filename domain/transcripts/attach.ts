/**
 * The rules for attaching a transcript file: which files are read, how big they
 * may be, and how the text joins what is already typed. Pure, so the web layer only reads the file.
 */
import { groupThousands } from '../numbers';

/** The largest transcript file read: 200 kB. */
const TRANSCRIPT_FILE_MAX_BYTES = 200 * 1024;
const TRANSCRIPT_EXTENSIONS = ['.txt', '.md', '.vtt', '.srt'] as const;
/** The file picker's `accept`: the extensions, plus the types some pickers filter by. */
export const TRANSCRIPT_ACCEPT = [
  ...TRANSCRIPT_EXTENSIONS,
  'text/plain',
  'text/markdown',
  'text/vtt',
].join(',');
export const TRANSCRIPT_WRONG_TYPE = 'Pitchpad reads text transcripts: .txt, .md, .vtt or .srt.';
export const TRANSCRIPT_EMPTY = 'That file has no text in it.';
/** Said beside the paperclip. */
export const TRANSCRIPT_FILE_HINT = `.txt, .md, .vtt or .srt, up to ${TRANSCRIPT_FILE_MAX_BYTES / 1024} kB`;

/** Kilobytes as the message says them, rounded up so a file just over the limit never reads "200 kB". */
function kilobytes(bytes: number): number {
  return Math.ceil(bytes / 1024);
}

/** Why a picked file is refused, in the words the user sees, or null when it can be read. */
export function transcriptFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!TRANSCRIPT_EXTENSIONS.some((extension) => name.endsWith(extension)))
    return TRANSCRIPT_WRONG_TYPE;
  if (file.size > TRANSCRIPT_FILE_MAX_BYTES)
    return `That file is ${kilobytes(file.size)} kB; a transcript can be at most ${kilobytes(TRANSCRIPT_FILE_MAX_BYTES)} kB.`;
  return null;
}

export const TRANSCRIPT_NOT_TEXT =
  "That file isn't plain text. Save the transcript as .txt, .vtt or .srt and try again.";

/**
 * A transcript file's bytes as text: UTF-8, or UTF-16 where a byte-order mark says so (Windows
 * Notepad's "Unicode"). Null for a file that is not text (a renamed document or image: NUL bytes,
 * or more than a few bytes that are not valid in the encoding).
 */
export function decodeTranscript(bytes: Uint8Array): string | null {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  const text = new TextDecoder(encoding).decode(bytes); // drops the byte-order mark
  if (text.includes('\u0000')) return null;
  const replaced = text.match(/\uFFFD/g)?.length ?? 0;
  return replaced > Math.max(3, text.length / 100) ? null : text;
}

export interface Appended {
  value: string;
  /** Said when the attached text did not all fit in the field. */
  note: string | null;
}

/**
 * The field's text with the attached text after it, a blank line between, so nothing typed is
 * lost. Cut to the field's `max` characters, with a note saying so.
 */
export function appendAttachedText(existing: string, attached: string, max: number): Appended {
  const before = existing.trimEnd();
  const value = before ? `${before}\n\n${attached}` : attached;
  if (value.length <= max) return { value, note: null };
  const room = Math.max(0, max - (value.length - attached.length));
  return {
    value: value.slice(0, max),
    note: `Only the first ${groupThousands(room)} of the transcript's ${groupThousands(attached.length)} characters fit; the rest was left out.`,
  };
}
