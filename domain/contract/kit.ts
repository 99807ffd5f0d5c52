// The sales kit, the rep's own documents. Shared by the API and the web app.
import { z } from 'zod';

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

/** The files Pitchpad reads, by the end of their name (what the server checks the bytes against). */
export const KIT_FILE_KINDS: Readonly<Record<string, KitFile['kind']>> = {
  pdf: 'pdf',
  docx: 'docx',
  md: 'text',
  markdown: 'text',
  txt: 'text',
  text: 'text',
};

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

/** POST /api/kit/search */
export const KitSearchInput = z.object({
  query: z
    .string({ error: 'query is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(500, 'must be at most 500 characters'),
});
export interface KitSearchResponse {
  passages: KitPassage[];
}
