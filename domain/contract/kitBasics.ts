// What the app and the API share about the sales kit without zod: its files' kinds, names and
// limits, and its error codes. The kit screen and the upload queue import these, not the schemas in
// kit.ts: building those as the module loads held a slow phone's main thread on the kit's start.

/** A file of the rep's kit, as listed. */
export interface KitFile {
  /** The id the device gave it (21 characters), so an upload sent twice is stored once. */
  id: string;
  name: string;
  kind: 'pdf' | 'docx' | 'text';
  bytes: number;
  /** A PDF's pages; null for a file without pages. */
  pages: number | null;
  passages: number;
  createdAt: string;
}

/** A passage of a file, as a search or a 'Sources' entry gives it. */
export interface KitPassage {
  id: string;
  fileId: string;
  fileName: string;
  page: number | null;
  text: string;
}

/** The header a file's name travels in (URI-encoded): a name is not part of an address. */
export const KIT_FILE_NAME_HEADER = 'x-file-name';

/** A file id: what the device makes (nanoid's alphabet, 21 characters). */
export const KIT_FILE_ID = /^[A-Za-z0-9_-]{21}$/;

/**
 * The kinds of file Pitchpad reads: the ends of their names (what the server checks the bytes
 * against), their usual MIME types (the file picker's filter) and what a message calls them. The one
 * list: the server's reader and the web app's picker and checks all take it from here.
 */
export const KIT_FILE_TYPES: readonly {
  kind: KitFile['kind'];
  extensions: readonly string[];
  mimeTypes: readonly string[];
  /** The kind in a sentence: '… is not a PDF'. */
  described: string;
}[] = [
  { kind: 'pdf', extensions: ['pdf'], mimeTypes: ['application/pdf'], described: 'a PDF' },
  {
    kind: 'docx',
    extensions: ['docx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    described: 'a Word document (DOCX)',
  },
  {
    kind: 'text',
    extensions: ['md', 'markdown', 'txt', 'text'],
    mimeTypes: ['text/markdown', 'text/plain'],
    described: 'a text or Markdown file',
  },
];

/** The files Pitchpad reads, by the end of their name. */
export const KIT_FILE_KINDS: Readonly<Record<string, KitFile['kind']>> = Object.fromEntries(
  KIT_FILE_TYPES.flatMap(({ kind, extensions }) => extensions.map((ext) => [ext, kind])),
);

/** The kind a file's name says it is, or undefined for one Pitchpad does not read. */
export function kitFileKindOfName(name: string): KitFile['kind'] | undefined {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  return Object.hasOwn(KIT_FILE_KINDS, extension) ? KIT_FILE_KINDS[extension] : undefined;
}

/** Why a file of a kind not listed is refused, naming it, on the device and on the server alike. */
export function notAKitFile(name: string): string {
  return `“${name}” is not a file Pitchpad reads: upload a PDF, a Word document (.docx), Markdown (.md) or plain text (.txt).`;
}

/** The longest file name kept. */
export const KIT_FILE_NAME_MAX = 200;

/** Error codes of these endpoints, for the web app to branch on. */
export const KitErrorCode = {
  /** The file is not one Pitchpad reads, or its bytes are not what its name says, or it has no text. */
  unreadable: 'file_unreadable',
  /** Over the number of files a rep may keep. */
  tooMany: 'too_many_files',
  /** Over the size of a file. */
  tooLarge: 'file_too_large',
} as const;

/** GET /api/kit/limits: what this server keeps of a rep's kit (its KIT_MAX_FILES and KIT_MAX_FILE_MB). */
export interface KitLimitsResponse {
  maxFiles: number;
  maxFileBytes: number;
}
