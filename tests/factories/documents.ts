// Real documents for the sales kit's tests, made with maintained libraries: a PDF with pdf-lib, a
// DOCX with docx, and the hostile ones (an encrypted PDF, a scan with no text, a zip bomb).
import { Document, Packer, Paragraph } from 'docx';
import { zipSync } from 'fflate';
import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';

/** A PDF whose pages hold `pages` (each a list of lines). */
export async function pdfOf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage();
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 750 - i * 16, size: 11, font }));
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
