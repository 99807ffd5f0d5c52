// The sales kit: the text of a rep's own document, read from its bytes. The kind
// is judged by the bytes (a PDF starts '%PDF-', a DOCX is a ZIP holding word/document.xml, Markdown
// and plain text are UTF-8 with no NUL), and must agree with the file's name. Each refusal is a
// KitFileError whose message says what was wrong, for the rep; a reader that fails for a reason that
// is not the file is a KitReaderError, which the upload is tried again after.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  KIT_DOCX_INFLATED_MAX_BYTES,
  KIT_EXTRACT_OLD_SPACE_MB,
  KIT_EXTRACT_TIMEOUT_MS,
  KIT_MAX_PAGES,
} from '../../domain/limits';
import {
  KIT_FILE_TYPES,
  kitFileKindOfName,
  notAKitFile,
  type KitFile,
} from '../../domain/contract/kit';
import type { Logger } from '../log';

export type KitFileKind = KitFile['kind'];

/** A file Pitchpad cannot take, and why, in words for the rep. */
export class KitFileError extends Error {
  override name = 'KitFileError';
}

/**
 * The reader failed for a reason that is not the file: it could not start, or it crashed (a bug, a
 * library that does not load). The same file may well be read later; its details are in the log.
 */
export class KitReaderError extends Error {
  override name = 'KitReaderError';
}

/** The text of a document, page by page where it has pages (a PDF); otherwise one page, null. */
export interface ExtractedText {
  kind: KitFileKind;
  pages: { page: number | null; text: string }[];
}

/** What a message calls each kind. */
const KIND_NAMES = Object.fromEntries(
  KIT_FILE_TYPES.map(({ kind, described }) => [kind, described]),
) as Record<KitFileKind, string>;

/** The kind a file's name says it is, or a KitFileError naming what is accepted. */
export function kindOfName(name: string): KitFileKind {
  const kind = kitFileKindOfName(name);
  if (!kind) throw new KitFileError(notAKitFile(name));
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
 * bound, a PDF of too many pages, one whose reading takes too long or too much memory, a file with
 * no text in it ('No text found: is it a scan?' for a PDF). Throws KitReaderError when the reader
 * of a PDF or DOCX fails for another reason. A PDF or DOCX is read for at most `timeoutMs`, with a
 * heap of `heapMb`; what its reader writes to stderr goes to `log`.
 */
export async function extractText(
  name: string,
  bytes: Uint8Array,
  {
    timeoutMs = KIT_EXTRACT_TIMEOUT_MS,
    heapMb = KIT_EXTRACT_OLD_SPACE_MB,
    log,
  }: { timeoutMs?: number; heapMb?: number; log?: Logger } = {},
): Promise<ExtractedText> {
  const kind = kindOfName(name);
  if (bytes.length === 0) throw new KitFileError(`“${name}” is empty.`);
  const actual = kindOfBytes(bytes);
  if (actual !== kind)
    throw new KitFileError(
      `“${name}” is not ${KIND_NAMES[kind]}: its contents are ${actual ? KIND_NAMES[actual] : 'something else'}.`,
    );
  const pages =
    kind === 'text'
      ? [{ page: null, text: new TextDecoder().decode(bytes) }]
      : await readDocument(name, kind, bytes, { timeoutMs, heapMb, log });
  const cleaned = pages
    .map((p) => ({ page: p.page, text: p.text.replace(/\r\n?/g, '\n').trim() }))
    .filter((p) => p.text !== '');
  if (cleaned.length === 0)
    throw new KitFileError(
      kind === 'pdf' ? `No text found in “${name}”: is it a scan?` : `No text found in “${name}”.`,
    );
  return { kind, pages: cleaned };
}

/**
 * A PDF or DOCX read in the reader's process. pdf.js fails on some files with an error of no kind it
 * names, which looks like the reader breaking, so the upload was tried again for ever. After such a
 * failure the reader reads a known-good document: when it can, the reader works and the file is what
 * it cannot read, refused for good; when it cannot either, the reader is broken and the upload is
 * tried again later, as before.
 */
async function readDocument(
  name: string,
  kind: 'pdf' | 'docx',
  bytes: Uint8Array,
  options: { timeoutMs: number; heapMb: number; log: Logger | undefined },
): Promise<{ page: number | null; text: string }[]> {
  try {
    return await readInProcess(name, kind, bytes, options);
  } catch (error) {
    if (!(error instanceof KitReaderError) || kind !== 'pdf' || !(await pdfReaderWorks(options)))
      throw error;
    options.log?.warn({ kind }, 'kit: the reader reads a known-good PDF: the file is refused');
    throw new KitFileError(
      `“${name}” could not be read: the PDF reader fails on this file. Save it again as a PDF (print it to PDF) and upload the copy.`,
    );
  }
}

/** The words of the known-good PDF, which a working reader finds in it. */
const KNOWN_GOOD_TEXT = 'Pitchpad reads PDFs';

/** A one-page PDF of KNOWN_GOOD_TEXT in Helvetica, written by hand: the smallest a reader must read. */
function knownGoodPdf(): Uint8Array {
  const content = `BT /F1 12 Tf 72 712 Td (${KNOWN_GOOD_TEXT}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >> stream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  return pdfOfObjects(objects);
}

/** A PDF file of `objects` (numbered from 1, the first the catalog), with its cross-reference table. */
export function pdfOfObjects(objects: readonly string[]): Uint8Array {
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj ${object} endobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** Whether the PDF reader works now: it reads the known-good PDF's words. */
async function pdfReaderWorks(options: { timeoutMs: number; heapMb: number }): Promise<boolean> {
  try {
    const pages = await readInProcess('known-good.pdf', 'pdf', knownGoodPdf(), {
      ...options,
      // Its failure is the one already logged for the file.
      log: undefined,
    });
    return pages.some((page) => page.text.includes(KNOWN_GOOD_TEXT));
  } catch {
    return false;
  }
}

/** The reader of PDFs and DOCX files: plain JavaScript beside this module (see its header). */
const READER_PATH = fileURLToPath(new URL('./extract.worker.mjs', import.meta.url));

type ReaderAnswer =
  | { pages: { page: number | null; text: string }[] }
  | { fail: 'password' | 'damaged' | 'inflated' | 'pages' | 'memory'; count?: number };

/** The most of the reader's stderr that is logged: its start and its end, where errors are told. */
export const READER_STDERR_MAX_CHARS = 8_000;

/** Text kept up to `max` characters: the first half and the last half of what was added. */
function boundedText(max: number) {
  let head = '';
  let tail = '';
  let left = 0;
  return {
    add(chunk: string) {
      const room = Math.max(0, max / 2 - head.length);
      head += chunk.slice(0, room);
      tail += chunk.slice(room);
      if (tail.length > max / 2) {
        left += tail.length - max / 2;
        tail = tail.slice(-max / 2);
      }
    },
    text: () => (left ? `${head}\n[… ${left} characters left out …]\n${tail}` : head + tail),
  };
}

/**
 * A PDF's pages or a DOCX's text, read in a child process of its own: a heap limit
 * (--max-old-space-size) and a deadline, past which it is killed and the file refused. A process,
 * not a worker thread, because a thread's resource limits bound only its JavaScript heap: the
 * WebAssembly, ArrayBuffers and native memory a hostile file makes the reader allocate would be the
 * server's; a process that runs out of them dies alone. The bytes go over the IPC channel (a copy).
 * The reader answers what it read or why the file cannot be read; a reader that dies of memory
 * (V8 aborts it) was killed by the file too. Any other end (it could not start, it crashed) is the
 * reader's fault, not the file's: a KitReaderError, with its stderr in the log.
 */
async function readInProcess(
  name: string,
  kind: 'pdf' | 'docx',
  bytes: Uint8Array,
  { timeoutMs, heapMb, log }: { timeoutMs: number; heapMb: number; log: Logger | undefined },
): Promise<{ page: number | null; text: string }[]> {
  const tooComplex = (why: string) =>
    new KitFileError(`“${name}” is too large or complex to read: ${why}.`);
  const outOfMemory = () => tooComplex('it needs more memory than a file may');
  const failed = (why: string) =>
    new KitReaderError(`The reader of “${name}” failed (${why}): it is not the file's fault.`);
  const reader = fork(READER_PATH, [], {
    // Only this flag: never the parent's (tsx's loaders, an inspector port), which the plain
    // JavaScript reader does not need.
    execArgv: [`--max-old-space-size=${heapMb}`],
    // Structured clone on the channel: the bytes travel as bytes, not as JSON of numbers.
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  // Read as it comes (a full pipe would stall the reader), kept bounded, logged once it has ended.
  const stderr = boundedText(READER_STDERR_MAX_CHARS);
  reader.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.add(chunk));
  let answered = false;
  let killed = false;
  const answer = await new Promise<ReaderAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      killed = true;
      reject(tooComplex(`reading it took longer than ${timeoutMs / 1000} seconds`));
    }, timeoutMs);
    const done = () => clearTimeout(timer);
    reader.once('message', (message: ReaderAnswer) => {
      answered = true;
      done();
      resolve(message);
    });
    // Every error, not only the first: the channel may fail too as the process is killed while the
    // bytes are still being sent, and an error no one listens to would end the server. The first,
    // before any answer, is a reader that could not start or whose channel broke.
    reader.on('error', (error) => {
      done();
      if (!answered && !killed) log?.error({ kind, err: error }, 'kit: the reader failed to start');
      reject(failed(error.message));
    });
    // 'close', not 'exit': by then all it wrote to stderr has been read. Out of memory, V8 aborts
    // the process: the file is what it could not read. Any other end before an answer is a crash.
    reader.once('close', (code, signal) => {
      done();
      const oom = code === 134 || signal === 'SIGABRT';
      const crashed = !answered && !killed && !oom;
      const details = { kind, exit: signal ?? code, stderr: stderr.text() };
      if (crashed) log?.error(details, 'kit: the reader failed, not for the file');
      else if (details.stderr) log?.warn(details, 'kit: the reader wrote to stderr');
      reject(oom ? outOfMemory() : failed(`it stopped: ${signal ?? code}`));
    });
    // A send that fails is a reader gone: its end says why.
    reader.send(
      { kind, bytes, maxInflatedBytes: KIT_DOCX_INFLATED_MAX_BYTES, maxPages: KIT_MAX_PAGES },
      () => {},
    );
  }).finally(() => void reader.kill('SIGKILL'));
  if ('pages' in answer) return answer.pages;
  switch (answer.fail) {
    case 'password':
      throw new KitFileError(
        `“${name}” is password-protected: save it without a password and upload it again.`,
      );
    case 'damaged':
      throw new KitFileError(
        kind === 'pdf'
          ? `“${name}” is a damaged PDF: it could not be read.`
          : `“${name}” is a damaged Word document: it could not be read.`,
      );
    case 'inflated':
      throw new KitFileError(
        `“${name}” unpacks to more than ${KIT_DOCX_INFLATED_MAX_BYTES / 1_000_000} MB: it is not an ordinary Word document.`,
      );
    case 'pages':
      throw new KitFileError(
        `“${name}” has ${answer.count} pages: Pitchpad reads documents of at most ${KIT_MAX_PAGES}.`,
      );
    case 'memory':
      throw outOfMemory();
  }
}

/** A passage's most characters: a few paragraphs, enough to quote, small enough to send several. */
export const PASSAGE_MAX_CHARS = 1_200;

/**
 * The text cut into passages of at most PASSAGE_MAX_CHARS, each with its page: whole paragraphs
 * together while they fit; a longer paragraph at its sentences; a longer sentence at its words. A
 * passage starts at a paragraph (a PDF's are found by its layout: extract.worker.mjs), and a heading
 * is never a passage's last line: it starts the next passage, with the paragraph it heads.
 */
export function splitPassages(
  pages: ExtractedText['pages'],
): { page: number | null; text: string }[] {
  const passages: { page: number | null; text: string }[] = [];
  for (const { page, text } of pages) {
    let current: string[] = [];
    let length = 0;
    const add = (piece: string) => {
      length += (current.length ? 2 : 0) + piece.length;
      current.push(piece);
    };
    for (const piece of pieces(text)) {
      if (current.length && length + 2 + piece.length > PASSAGE_MAX_CHARS) {
        const last = current.at(-1)!;
        const carried =
          current.length > 1 &&
          isHeading(last) &&
          last.length + 2 + piece.length <= PASSAGE_MAX_CHARS;
        if (carried) current.pop();
        passages.push({ page, text: current.join('\n\n') });
        current = [];
        length = 0;
        if (carried) add(last);
      }
      add(piece);
    }
    if (current.length) passages.push({ page, text: current.join('\n\n') });
  }
  return passages;
}

/** A heading, by its look: one short line that does not end a sentence or a clause. */
function isHeading(paragraph: string): boolean {
  return paragraph.length <= 120 && !paragraph.includes('\n') && !/[.!?,;]$/.test(paragraph);
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
      const space = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'));
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
