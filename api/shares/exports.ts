/**
 * The files a share's content is downloaded as, made on the server from the stored content
 * (snapshot.ts): PDF (pdf.ts), Word (domain/exports/word.ts) and Markdown.
 */
import { Packer } from 'docx';
import type { ExportFormat, Snapshot } from '../../domain/exports/files';
import { wordDocument } from '../../domain/exports/word';

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  md: 'text/markdown; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The Content-Disposition of a download named `name`: an ASCII fallback and the UTF-8 name. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The Word file's bytes. */
export const exportDocx = (snapshot: Snapshot, at: Date): Promise<Buffer> =>
  Packer.toBuffer(wordDocument(snapshot, at));
