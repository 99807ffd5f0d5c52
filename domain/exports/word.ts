/**
 * A chat or a reply as a Word document (DOCX, made with the `docx` library): the title, the date,
 * headings, lists, tables as real tables (a competitor matrix stays a grid), bold and italic,
 * links, and an email's subject line. Right-to-left lines (Arabic, Hebrew) are marked so Word lays
 * them out right to left; Word draws every script and emoji with the reader's own fonts. The server
 * packs it from the stored content; the phone, with no signal, from its own copy.
 */
import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import { exportDocument, isRtl, spansText, type Block, type Cell, type Span } from './document';
import type { Snapshot } from './files';

/** Spans as Word runs; a link's runs as one hyperlink. */
function runs(spans: readonly Span[]): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (let i = 0; i < spans.length;) {
    const href = spans[i]!.href;
    if (href === undefined) {
      out.push(run(spans[i++]!));
      continue;
    }
    const children: TextRun[] = [];
    while (i < spans.length && spans[i]!.href === href) children.push(run(spans[i++]!));
    out.push(new ExternalHyperlink({ link: href, children }));
  }
  return out;
}

const run = (span: Span) =>
  span.text === '\n'
    ? new TextRun({ text: '', break: 1 })
    : new TextRun({
        text: span.text,
        ...(span.bold ? { bold: true } : {}),
        ...(span.italics ? { italics: true } : {}),
        ...(span.strike ? { strike: true } : {}),
        ...(span.code ? { font: 'Consolas' } : {}),
        ...(span.href !== undefined ? { style: 'Hyperlink' } : {}),
      });

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

const ALIGNMENTS = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
};

/** A paragraph, right to left when its text is. */
function paragraph(spans: readonly Span[], extra: Record<string, unknown> = {}) {
  return new Paragraph({
    children: runs(spans),
    ...(isRtl(spansText(spans)) ? { bidirectional: true } : {}),
    ...extra,
  });
}

/** The blocks as Word paragraphs and tables. */
function wordBlocks(blocks: readonly Block[]): (Paragraph | Table)[] {
  return blocks.map((block) => {
    switch (block.kind) {
      case 'heading':
        return paragraph(block.spans, { heading: HEADINGS[block.level - 1] });
      case 'paragraph':
        return paragraph(block.spans);
      case 'item':
        return paragraph(
          block.spans,
          block.ordered
            ? { indent: { left: 360 * (block.depth + 1) } }
            : { bullet: { level: Math.min(block.depth, 8) } },
        );
      case 'table': {
        const row = (cells: readonly Cell[], header: boolean) =>
          new TableRow({
            ...(header ? { tableHeader: true } : {}),
            children: cells.map(
              (cell) =>
                new TableCell({
                  children: [
                    paragraph(cell.spans, cell.align ? { alignment: ALIGNMENTS[cell.align] } : {}),
                  ],
                }),
            ),
          });
        return new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: [row(block.header, true), ...block.rows.map((cells) => row(cells, false))],
        });
      }
      case 'code':
        return new Paragraph({
          children: block.lines.flatMap((line, i) => [
            ...(i > 0 ? [new TextRun({ text: '', break: 1 })] : []),
            new TextRun({ text: line, font: 'Consolas' }),
          ]),
        });
      case 'rule':
        return new Paragraph({ thematicBreak: true });
    }
  });
}

/** The Word document: the title, the date, the subject for an email, then the content. */
export function wordDocument(snapshot: Snapshot, at: Date): Document {
  const { title, date, subject, blocks } = exportDocument(snapshot, at);
  const doc = new Document({
    title,
    creator: 'Pitchpad',
    sections: [
      {
        children: [
          paragraph([{ text: title }], { heading: HeadingLevel.TITLE }),
          paragraph([{ text: date, italics: true }]),
          ...(subject !== null
            ? [paragraph([{ text: 'Subject: ', bold: true }, { text: subject }])]
            : []),
          ...wordBlocks(blocks),
        ],
      },
    ],
  });
  return doc;
}
