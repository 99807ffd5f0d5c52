/**
 * A chat or a reply as a PDF, made with pdfmake: a layout library (over pdfkit and fontkit) that
 * wraps text, breaks pages, repeats a table's header row on each page and shapes Arabic. pdf-lib
 * was the other choice: it draws glyphs where it is told, so wrapping, page breaks, tables and
 * shaping would all be ours to write. What pdfmake lacks is font fallback and the ordering of
 * right-to-left words; both are done here:
 * - each span is cut into runs by the font that has its characters (pdfFonts.ts);
 * - in a paragraph with Arabic or Hebrew, words are put in the order they are read (the Unicode
 *   bidirectional algorithm's last step, applied to whole words: fontkit lays out the letters of
 *   each right-to-left word itself); a paragraph that starts right to left is wrapped here, line
 *   by line, so its first line is the one read first, and set against the right margin.
 * Characters no bundled font has (Chinese, Thai…) print as empty boxes, and the PDF says under the
 * title that the Word file keeps them.
 */
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  RTL_LETTER,
  exportDocument,
  isRtl,
  spansText,
  type Block,
  type Span,
} from '../../domain/exports/document';
import type { Snapshot } from '../../domain/exports/files';
import { BASE_FAMILY, pdfFonts, type LoadedFonts } from './pdfFonts';

/** Nothing from outside: no image or font is fetched or read from disk while a PDF is made. */
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

const PAGE = { width: 595.28, height: 841.89, margin: 44 };
const BODY_SIZE = 10.5;
const HEADING_SIZES = [17, 14.5, 12.5, 11.5, 11, 10.5] as const;
const INDENT = 16;
const INK = '#1d2433';
const MUTED = '#5b6478';
const LINK = '#2148c0';
/** A table wider than this many columns turns the page on its side and shrinks its type. */
const WIDE_TABLE = 6;

/** What the PDF says when some characters have no font in it. */
export const MISSING_SCRIPT_NOTE =
  'Some characters here have no font in this PDF and show as boxes. The Word file keeps them all.';

type Inline = {
  text: string;
  font: string;
  bold?: boolean;
  italics?: boolean;
  decoration?: 'lineThrough' | 'underline';
  link?: string;
  color?: string;
  background?: string;
};

/** Marks, joiners, variation selectors and skin tones stay with the character before them. */
const CLUSTER_TAIL = /^(?:\p{M}|\p{Emoji_Modifier}|\u200d|[\ufe00-\ufe0f]|[\u{e0020}-\u{e007f}])$/u;
const PUNCTUATION = /\p{P}/u;

/** A span as inline runs, each in a font that has its characters. */
function runsOf(span: Span, fonts: LoadedFonts, missing: Set<string>): Inline[] {
  const style = {
    ...(span.bold ? { bold: true } : {}),
    ...(span.italics ? { italics: true } : {}),
    ...(span.strike ? { decoration: 'lineThrough' as const } : {}),
    ...(span.href !== undefined
      ? { link: span.href, color: LINK, decoration: 'underline' as const }
      : {}),
    ...(span.code ? { background: '#eef0f4' } : {}),
  };
  const out: Inline[] = [];
  let current: Inline | undefined;
  for (const char of span.text) {
    const codePoint = char.codePointAt(0)!;
    if (current && CLUSTER_TAIL.test(char)) {
      current.text += char;
      continue;
    }
    let family = fonts.familyOf(codePoint);
    if (family === null) {
      missing.add(char);
      family = current?.font ?? BASE_FAMILY;
    } else if (current && family !== current.font && PUNCTUATION.test(char)) {
      // A comma or a full stop stays in the run it ends, when that font has it.
      if (fonts.has(current.font, codePoint)) family = current.font;
    }
    if (current?.font === family) current.text += char;
    else out.push((current = { ...style, text: char, font: family }));
  }
  return out;
}

/** Inline runs cut at spaces: the units words are reordered by. */
function words(inlines: readonly Inline[]): Inline[] {
  return inlines.flatMap((inline) =>
    inline.text
      .split(/(\s+)/)
      .filter(Boolean)
      .map((text) => ({ ...inline, text })),
  );
}

type Direction = 'L' | 'R' | 'N';
const directionOf = (text: string): Direction =>
  RTL_LETTER.test(text) ? 'R' : /\p{L}/u.test(text) ? 'L' : 'N';

/**
 * Words in the order they are seen, left to right: each word's level from its direction (a
 * neutral word, a space or a number, takes the direction of the words on both sides when they
 * agree, else the paragraph's), then every run at or above each level reversed, highest first.
 */
export function visualOrder<T extends { text: string }>(units: readonly T[], rtl: boolean): T[] {
  const directions = units.map((u) => directionOf(u.text));
  const strongBefore: Direction[] = [];
  let last: Direction = rtl ? 'R' : 'L';
  for (const d of directions) {
    strongBefore.push(last);
    if (d !== 'N') last = d;
  }
  const levels: number[] = Array.from({ length: units.length }, () => 0);
  let next: Direction = rtl ? 'R' : 'L';
  for (let i = units.length - 1; i >= 0; i--) {
    let d = directions[i]!;
    if (d === 'N') d = strongBefore[i] === next ? next : rtl ? 'R' : 'L';
    else next = d;
    levels[i] = rtl ? (d === 'R' ? 1 : 2) : d === 'R' ? 1 : 0;
  }
  const out = [...units];
  const order = [...levels];
  for (let level = Math.max(0, ...levels); level >= 1; level--) {
    for (let i = 0; i < out.length;) {
      if (order[i]! < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && order[j]! >= level) j++;
      reverse(out, i, j);
      reverse(order, i, j);
      i = j;
    }
  }
  return out;
}

function reverse(list: unknown[], from: number, to: number) {
  for (let a = from, b = to - 1; a < b; a++, b--) [list[a], list[b]] = [list[b], list[a]];
}

interface TextBlock {
  spans: readonly Span[];
  size: number;
  width: number;
  bold?: boolean;
  margin: [number, number, number, number];
}

/** A paragraph as pdfmake content: wrapped by pdfmake, or here when it reads right to left. */
function textContent(block: TextBlock, fonts: LoadedFonts, missing: Set<string>): Content {
  const inlines = block.spans.flatMap((span) =>
    span.text === '\n'
      ? [{ text: '\n', font: BASE_FAMILY }]
      : runsOf(span, fonts, missing).map((r) => (block.bold ? { ...r, bold: true } : r)),
  );
  const text = spansText(block.spans);
  const base = { fontSize: block.size, margin: block.margin, color: INK };
  if (!RTL_LETTER.test(text)) return { ...base, text: inlines };
  if (!isRtl(text)) return { ...base, text: visualOrder(words(inlines), false) };
  // Right to left: lines made here from the words in reading order, each then set out as seen.
  const lines: Inline[][] = [];
  let line: Inline[] = [];
  let used = 0;
  for (const word of words(inlines)) {
    const width = fonts.widthOf(word.text, word.font, block.size) * 1.04;
    const blank = !word.text.trim();
    if (word.text.includes('\n') || (!blank && used + width > block.width && line.length)) {
      lines.push(line);
      line = [];
      used = 0;
      if (blank) continue;
    }
    if (blank && !line.length) continue;
    line.push(word);
    used += width;
  }
  lines.push(line);
  const [left, top, right, bottom] = block.margin;
  return {
    stack: lines.map((l, i) => ({
      text: visualOrder(l, true),
      alignment: 'right' as const,
      noWrap: true,
      margin: [left, i === 0 ? top : 0, right, i === lines.length - 1 ? bottom : 0],
    })),
    fontSize: block.size,
    color: INK,
  } as Content;
}

function content(
  blocks: readonly Block[],
  fonts: LoadedFonts,
  missing: Set<string>,
  textWidth: number,
): Content[] {
  return blocks.map((block): Content => {
    switch (block.kind) {
      case 'heading':
        return textContent(
          {
            spans: block.spans,
            size: HEADING_SIZES[block.level - 1]!,
            width: textWidth,
            bold: true,
            margin: [0, block.level <= 2 ? 12 : 8, 0, 4],
          },
          fonts,
          missing,
        );
      case 'paragraph':
        return textContent(
          { spans: block.spans, size: BODY_SIZE, width: textWidth, margin: [0, 0, 0, 7] },
          fonts,
          missing,
        );
      case 'item': {
        const indent = INDENT * (block.depth + 1);
        const lead: Span[] = block.ordered ? [] : [{ text: block.depth ? '– ' : '• ' }];
        return textContent(
          {
            spans: [...lead, ...block.spans],
            size: BODY_SIZE,
            width: textWidth - indent,
            margin: isRtl(spansText(block.spans)) ? [0, 0, indent, 3] : [indent, 0, 0, 3],
          },
          fonts,
          missing,
        );
      }
      case 'table': {
        const columns = Math.max(block.header.length, 1);
        const size =
          columns > WIDE_TABLE ? Math.max(5, BODY_SIZE - (columns - WIDE_TABLE) / 3) : 9.5;
        const cellWidth = textWidth / columns;
        const cell = (c: (typeof block.header)[number]) =>
          ({
            ...(textContent(
              { spans: c.spans, size, width: cellWidth - 8, margin: [0, 0, 0, 0] },
              fonts,
              missing,
            ) as object),
            ...(c.align ? { alignment: c.align } : {}),
          }) as Content;
        return {
          table: {
            headerRows: 1,
            widths: Array.from({ length: columns }, () => '*'),
            body: [
              block.header.map(cell),
              ...block.rows.map((row) => block.header.map((_, i) => (row[i] ? cell(row[i]) : ''))),
            ],
          },
          layout: {
            hLineColor: () => '#c9cfdb',
            vLineColor: () => '#c9cfdb',
            fillColor: (row: number) => (row === 0 ? '#f1f3f8' : null),
            paddingLeft: () => 4,
            paddingRight: () => 4,
            paddingTop: () => 3,
            paddingBottom: () => 3,
          },
          margin: [0, 4, 0, 10],
        } as Content;
      }
      case 'code':
        return {
          text: runsOf({ text: block.lines.join('\n') }, fonts, missing),
          fontSize: 9,
          background: '#eef0f4',
          preserveLeadingSpaces: true,
          margin: [0, 0, 0, 8],
          color: INK,
        } as Content;
      case 'rule':
        return {
          canvas: [
            {
              type: 'line',
              x1: 0,
              y1: 0,
              x2: textWidth,
              y2: 0,
              lineWidth: 0.6,
              lineColor: '#c9cfdb',
            },
          ],
          margin: [0, 6, 0, 10],
        };
    }
  });
}

/** The PDF's definition: the title, the date, the subject for an email, the content, a footer. */
export function pdfDefinition(snapshot: Snapshot, at: Date): TDocumentDefinitions {
  const fonts = pdfFonts();
  const doc = exportDocument(snapshot, at);
  const wide = doc.blocks.some((b) => b.kind === 'table' && b.header.length > WIDE_TABLE);
  const textWidth = (wide ? PAGE.height : PAGE.width) - 2 * PAGE.margin;
  const missing = new Set<string>();
  const title = textContent(
    { spans: [{ text: doc.title }], size: 20, width: textWidth, bold: true, margin: [0, 0, 0, 2] },
    fonts,
    missing,
  );
  const subject =
    doc.subject === null
      ? []
      : [
          textContent(
            {
              spans: [{ text: 'Subject: ', bold: true }, { text: doc.subject }],
              size: BODY_SIZE,
              width: textWidth,
              margin: [0, 0, 0, 10],
            },
            fonts,
            missing,
          ),
        ];
  const body = content(doc.blocks, fonts, missing, textWidth);
  return {
    pageSize: 'A4',
    pageOrientation: wide ? 'landscape' : 'portrait',
    pageMargins: [PAGE.margin, PAGE.margin, PAGE.margin, PAGE.margin + 6],
    info: { title: doc.title, creator: 'Pitchpad', producer: 'Pitchpad' },
    defaultStyle: { font: BASE_FAMILY, fontSize: BODY_SIZE, lineHeight: 1.25, color: INK },
    content: [
      title,
      { text: doc.date, font: BASE_FAMILY, italics: true, color: MUTED, margin: [0, 0, 0, 10] },
      ...subject,
      ...(missing.size
        ? [{ text: MISSING_SCRIPT_NOTE, font: BASE_FAMILY, color: MUTED, margin: [0, 0, 0, 10] }]
        : []),
      ...body,
    ] as Content[],
    footer: (page: number, pages: number) => ({
      text: `Made with Pitchpad · ${page} of ${pages}`,
      font: BASE_FAMILY,
      fontSize: 8,
      color: MUTED,
      alignment: 'center',
      margin: [0, 14, 0, 0],
    }),
  };
}

let registered = false;
/** pdfmake reads fonts by name from its own in-memory files: the bundled fonts, put there once. */
function registerFonts() {
  if (registered) return;
  const { families, files } = pdfFonts();
  const memory = (
    pdfmake as unknown as { virtualfs: { writeFileSync(n: string, b: Buffer): void } }
  ).virtualfs;
  for (const [name, bytes] of files) memory.writeFileSync(name, bytes);
  pdfmake.setFonts(families);
  registered = true;
}

/** The PDF as a stream of bytes: laid out in full, then written as it is read. */
export async function exportPdf(snapshot: Snapshot, at: Date): Promise<NodeJS.ReadableStream> {
  const definition = pdfDefinition(snapshot, at);
  registerFonts();
  const doc = await pdfmake.createPdf(definition).getStream();
  doc.end();
  return doc as unknown as NodeJS.ReadableStream;
}
