// Real documents for the sales kit's tests, made with maintained libraries: a PDF with pdf-lib, a
// DOCX with docx, and the hostile ones (an encrypted PDF, a scan with no text, a zip bomb).
import { Document, Packer, Paragraph } from 'docx';
import { zipSync } from 'fflate';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';
import { pdfOfObjects } from '../../api/kit/extract';

/** A line of a PDF page: its text in 11-point type, or in the size given (a heading's). */
export type PdfLine = string | { text: string; size: number };

/**
 * A PDF whose pages hold `pages` (each a list of lines, drawn 16 points apart: an empty line is the
 * space between two paragraphs).
 */
export async function pdfOf(pages: PdfLine[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage();
    lines.forEach((line, i) => {
      const { text, size } = typeof line === 'string' ? { text: line, size: 11 } : line;
      page.drawText(text, { x: 50, y: 750 - i * 16, size, font });
    });
  }
  return doc.save();
}

/** A PDF with pages and no text on them, as a scanner makes (the image left out). */
export async function scannedPdf(pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage();
  return doc.save();
}

const hex = (n: number, fill: number) => PDFHexString.of(Buffer.alloc(n, fill).toString('hex'));

/**
 * A password-protected PDF: the standard security handler in its trailer, with an owner and a user
 * password no reader can guess (pdf.js asks for the password before it reads a page).
 */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('Confidential pricing', { x: 50, y: 700, size: 12, font });
  const encrypt = doc.context.obj({
    Filter: 'Standard',
    V: 2,
    R: 3,
    Length: 128,
    P: -3904,
    O: hex(32, 7),
    U: hex(32, 9),
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  doc.context.trailerInfo.ID = doc.context.obj([hex(16, 1), hex(16, 1)]);
  return doc.save({ useObjectStreams: false });
}

/** A Word document of `paragraphs`. */
export async function docxOf(paragraphs: string[]): Promise<Uint8Array> {
  const doc = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** A small ZIP named .docx whose document unpacks to `megabytes` of spaces: a zip bomb. */
export function docxBomb(megabytes: number): Uint8Array {
  return zipSync(
    {
      '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
      'word/document.xml': new Uint8Array(megabytes * 1_000_000).fill(0x20),
    },
    { level: 9 },
  );
}

const le = (size: number, values: [offset: number, value: number, bytes: 2 | 4][]) => {
  const b = Buffer.alloc(size);
  for (const [at, v, n] of values) {
    if (n === 2) b.writeUInt16LE(v, at);
    else b.writeUInt32LE(v >>> 0, at);
  }
  return b;
};

/**
 * The reviewer's zip bomb that hides from a reader going from the front: a stored entry
 * word/document.xml whose data is a second local entry, deflated, of `megabytes` of spaces after a
 * little XML; the central directory points at the hidden one (as JSZip, and so mammoth, reads it).
 * `declaredBytes`: the size the central directory claims it unpacks to (by default, the true one).
 */
export function docxHiddenBomb(megabytes: number, declaredBytes?: number): Uint8Array {
  const content = Buffer.concat([
    Buffer.from(
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>hi</w:t></w:r></w:p></w:body></w:document>',
    ),
    Buffer.alloc(megabytes * 1_000_000, 0x20),
  ]);
  const packed = deflateRawSync(content, { level: 9 });
  const name = Buffer.from('word/document.xml');
  const local = (method: number, crc: number, csize: number, usize: number) =>
    Buffer.concat([
      le(30, [
        [0, 0x04034b50, 4],
        [4, 20, 2],
        [8, method, 2],
        [14, crc, 4],
        [18, csize, 4],
        [22, usize, 4],
        [26, name.length, 2],
      ]),
      name,
    ]);
  const hidden = Buffer.concat([local(8, crc32(content), packed.length, content.length), packed]);
  const outer = local(0, crc32(hidden), hidden.length, hidden.length);
  const central = Buffer.concat([
    le(46, [
      [0, 0x02014b50, 4],
      [4, 20, 2],
      [6, 20, 2],
      [10, 8, 2],
      [16, crc32(content), 4],
      [20, packed.length, 4],
      [24, declaredBytes ?? content.length, 4],
      [28, name.length, 2],
      [42, outer.length, 4],
    ]),
    name,
  ]);
  const end = le(22, [
    [0, 0x06054b50, 4],
    [8, 1, 2],
    [10, 1, 2],
    [12, central.length, 4],
    [16, outer.length + hidden.length, 4],
  ]);
  return new Uint8Array(Buffer.concat([outer, hidden, central, end]));
}

/**
 * The reviewer's hostile PDF: one page whose content stream, compressed to a few hundred kB, holds a
 * line of text then `megabytes` of spaces (pdf.js takes seconds and gigabytes to read it).
 */
export function pdfOfSpaces(megabytes: number): Uint8Array {
  return onePagePdf(
    Buffer.concat([
      Buffer.from('BT /F1 12 Tf 72 712 Td (Hello) Tj ET\n'),
      Buffer.alloc(megabytes * 1_000_000, 0x20),
    ]),
  );
}

/**
 * A PDF of one page holding `count` lines, 'Line 1' to 'Line <count>', in tiny type a hair apart, so
 * up to 260,000 of them stand on the page (a few kB).
 */
export function pdfOfLines(count: number): Uint8Array {
  const lines = Array.from({ length: count }, (_, i) => `(Line ${i + 1}) '`);
  return onePagePdf(
    Buffer.from(['BT /F1 0.002 Tf 1 0 0 1 72 780 Tm 0.003 TL', ...lines, 'ET'].join('\n')),
  );
}

/** A one-page PDF written by hand around a page's content stream (deflated), in Helvetica. */
function onePagePdf(content: Buffer): Uint8Array {
  const packed = deflateSync(content, { level: 9 });
  let pdf = Buffer.from('%PDF-1.4\n');
  const offsets: number[] = [];
  const add = (part: string | Buffer) => {
    offsets.push(pdf.length);
    pdf = Buffer.concat([pdf, typeof part === 'string' ? Buffer.from(part) : part]);
  };
  add('1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n');
  add('2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n');
  add(
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj\n',
  );
  add(
    Buffer.concat([
      Buffer.from(`4 0 obj << /Length ${packed.length} /Filter /FlateDecode >> stream\n`),
      packed,
      Buffer.from('\nendstream endobj\n'),
    ]),
  );
  add('5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\n');
  const xref = pdf.length;
  const table = `xref\n0 6\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  return new Uint8Array(
    Buffer.concat([
      pdf,
      Buffer.from(`${table}trailer << /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`),
    ]),
  );
}

/**
 * A PDF whose page tree counts one page and lists none: pdf.js fails on it with an error of no kind
 * it names, as it would if it were broken itself.
 */
export function pdfWithNoPageListed(): Uint8Array {
  return pdfOfObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [] /Count 1 >>',
  ]);
}
