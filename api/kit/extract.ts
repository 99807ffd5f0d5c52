// The sales kit (issue #21 item 3): the text of a rep's own document, read from its bytes. The kind
// is judged by the bytes (a PDF starts '%PDF-', a DOCX is a ZIP holding word/document.xml, Markdown
// and plain text are UTF-8 with no NUL), and must agree with the file's name. Each refusal is a
// KitFileError whose message says what was wrong, for the rep.
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { KIT_DOCX_INFLATED_MAX_BYTES } from '../../domain/limits';

export type KitFileKind = 'pdf' | 'docx' | 'text';

/** A file Pitchpad cannot take, and why, in words for the rep. */
export class KitFileError extends Error {
  override name = 'KitFileError';
}

/** The text of a document, page by page where it has pages (a PDF); otherwise one page, null. */
export interface ExtractedText {
  kind: KitFileKind;
  pages: { page: number | null; text: string }[];
}

const KIND_BY_EXTENSION: Record<string, KitFileKind> = {
  pdf: 'pdf',
  docx: 'docx',
  md: 'text',
  markdown: 'text',
  txt: 'text',
  text: 'text',
};

const KIND_NAMES: Record<KitFileKind, string> = {
  pdf: 'a PDF',
  docx: 'a Word document (DOCX)',
  text: 'a text or Markdown file',
};

/** The kind a file's name says it is, or a KitFileError naming what is accepted. */
export function kindOfName(name: string): KitFileKind {
  const kind = KIND_BY_EXTENSION[name.split('.').pop()?.toLowerCase() ?? ''];
  if (!kind)
    throw new KitFileError(
      `“${name}” is not a file Pitchpad reads: upload a PDF, a Word document (.docx), Markdown (.md) or plain text (.txt).`,
    );
  return kind;
}

const startsWith = (bytes: Uint8Array, text: string) =>
  bytes.length >= text.length && [...text].every((c, i) => bytes[i] === c.charCodeAt(0));

/** What the bytes are, by their first bytes: null when they are none of the kinds read. */
export function kindOfBytes(bytes: Uint8Array): KitFileKind | null {
  if (startsWith(bytes, '%PDF-')) return 'pdf';
  if (startsWith(bytes, 'PK\x03\x04')) return 'docx';
  if (bytes.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 64 * 1024));
    return 'text';
  } catch {
    // A UTF-8 sequence cut at the 64 kB mark is no reason to refuse: decode it whole.
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return 'text';
    } catch {
      return null;
    }
  }
}

/**
 * The text of `bytes`, a file named `name`, page by page. Throws KitFileError: a kind Pitchpad does
 * not read, bytes that are not what the name says, an encrypted PDF, a DOCX that inflates past its
 * bound, a file with no text in it ('No text found: is it a scan?' for a PDF).
 */
export async function extractText(name: string, bytes: Uint8Array): Promise<ExtractedText> {
  const kind = kindOfName(name);
  if (bytes.length === 0) throw new KitFileError(`“${name}” is empty.`);
  const actual = kindOfBytes(bytes);
  if (actual !== kind)
    throw new KitFileError(
      `“${name}” is not ${KIND_NAMES[kind]}: its contents are ${actual ? KIND_NAMES[actual] : 'something else'}.`,
    );
  const pages =
    kind === 'pdf'
      ? await pdfPages(name, bytes)
      : kind === 'docx'
        ? [{ page: null, text: await docxText(name, bytes) }]
        : [{ page: null, text: new TextDecoder().decode(bytes) }];
  const cleaned = pages
    .map((p) => ({ page: p.page, text: p.text.replace(/\r\n?/g, '\n').trim() }))
    .filter((p) => p.text !== '');
  if (cleaned.length === 0)
    throw new KitFileError(
      kind === 'pdf' ? `No text found in “${name}”: is it a scan?` : `No text found in “${name}”.`,
    );
  return { kind, pages: cleaned };
}

async function pdfPages(name: string, bytes: Uint8Array) {
  const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
  try {
    // pdf.js may take the buffer over (transfer it): give it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      const { text } = await pdfText(pdf, { mergePages: false });
      return text.map((t, i) => ({ page: i + 1, text: t }));
    } finally {
      await pdf.loadingTask.destroy();
    }
  } catch (error) {
    const why = (error as { name?: string }).name;
    if (why === 'PasswordException')
      throw new KitFileError(
        `“${name}” is password-protected: save it without a password and upload it again.`,
      );
    if (why === 'InvalidPDFException' || why === 'FormatError')
      throw new KitFileError(`“${name}” is a damaged PDF: it could not be read.`);
    throw error;
  }
}

/**
 * A DOCX is a ZIP: before Word's XML is read, every entry is inflated once here with a running count,
 * so a small file that inflates to gigabytes (a zip bomb) is refused before it is held in memory.
 */
async function docxText(name: string, bytes: Uint8Array): Promise<string> {
  const tooBig = () =>
    new KitFileError(
      `“${name}” unpacks to more than ${KIT_DOCX_INFLATED_MAX_BYTES / 1_000_000} MB: it is not an ordinary Word document.`,
    );
  const damaged = () =>
    new KitFileError(`“${name}” is a damaged Word document: it could not be read.`);
  let inflated = 0;
  let hasDocument = false;
  let failure: KitFileError | undefined;
  const unzip = new Unzip((file: UnzipFile) => {
    if (file.name === 'word/document.xml') hasDocument = true;
    file.ondata = (err, chunk) => {
      if (err) failure ??= damaged();
      inflated += chunk?.length ?? 0;
      if (inflated > KIT_DOCX_INFLATED_MAX_BYTES) failure ??= tooBig();
      if (failure) file.terminate();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // In pieces (the inflater is synchronous), so a bomb stops after its first megabytes.
    const step = 64 * 1024;
    for (let at = 0; at < bytes.length; at += step) {
      unzip.push(bytes.subarray(at, at + step), at + step >= bytes.length);
      if (failure) break;
    }
  } catch {
    failure ??= damaged();
  }
  if (failure) throw failure;
  if (!hasDocument) throw damaged();
  const mammoth = (await import('mammoth')).default;
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return value;
  } catch {
    throw damaged();
  }
}

/** A passage's most characters: a few paragraphs, enough to quote, small enough to send several. */
export const PASSAGE_MAX_CHARS = 1_200;

/**
 * The text cut into passages of at most PASSAGE_MAX_CHARS, each with its page: whole paragraphs
 * together while they fit; a longer paragraph at its sentences; a longer sentence at its words.
 */
export function splitPassages(
  pages: ExtractedText['pages'],
): { page: number | null; text: string }[] {
  const passages: { page: number | null; text: string }[] = [];
  for (const { page, text } of pages) {
    let current = '';
    const flush = () => {
      if (current.trim()) passages.push({ page, text: current.trim() });
      current = '';
    };
    for (const piece of pieces(text)) {
      if (current && current.length + piece.length + 2 > PASSAGE_MAX_CHARS) flush();
      current = current ? `${current}\n\n${piece}` : piece;
    }
    flush();
  }
  return passages;
}

/** Paragraphs, with any longer than a passage cut at sentences, then at words, then hard. */
function* pieces(text: string): Generator<string> {
  for (const paragraph of text.split(/\n\s*\n/)) {
    const p = paragraph.replace(/[ \t]+/g, ' ').trim();
    if (!p) continue;
    if (p.length <= PASSAGE_MAX_CHARS) {
      yield p;
      continue;
    }
    let rest = p;
    while (rest.length > PASSAGE_MAX_CHARS) {
      const window = rest.slice(0, PASSAGE_MAX_CHARS);
      const sentence = window.search(/[.!?]\s[^.!?]*$/);
      const space = window.lastIndexOf(' ');
      const cut =
        sentence > PASSAGE_MAX_CHARS / 2
          ? sentence + 1
          : space > PASSAGE_MAX_CHARS / 2
            ? space
            : PASSAGE_MAX_CHARS;
      yield rest.slice(0, cut).trim();
      rest = rest.slice(cut).trim();
    }
    if (rest) yield rest;
  }
}
