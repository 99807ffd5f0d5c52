/**
 * A chat or a reply as a file to hand on: Markdown as it is, or a Word document (DOCX, made with the
 * `docx` library) with the title, the date, headings, lists, tables as real tables (a competitor
 * matrix stays a grid), bold and italic, links, and an email's subject line. Right-to-left lines
 * (Arabic, Hebrew) are marked so Word lays them out right to left; Word draws every script and emoji
 * with the reader's own fonts. Made from the stored content (snapshot.ts), never from the phone's.
 */
import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import { Lexer, type Token, type Tokens } from 'marked';
import type { Snapshot } from './shares.sql';

export type ExportFormat = 'md' | 'docx';

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** 'Cold Email to Dana at Freightly' → 'Cold Email to Dana at Freightly.docx', safe on every system. */
export function exportFileName(title: string, format: ExportFormat): string {
  const base =
    title
      .normalize('NFKC')
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100)
      .trim() || 'Pitchpad';
  return `${base}.${format}`;
}

/** The Content-Disposition of a download named `name`: an ASCII fallback and the UTF-8 name. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const dated = (at: Date) =>
  at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The Markdown file: the title, the date, the subject for an email, then the content. */
export function exportMarkdown(snapshot: Snapshot, at: Date): string {
  return [
    `# ${snapshot.title}`,
    `*${dated(at)}*`,
    snapshot.emailSubject !== null ? `**Subject:** ${snapshot.emailSubject}` : '',
    snapshot.content,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * A line whose first letter is of a right-to-left script (Arabic, Hebrew): laid out right to left
 * in Word. A left-to-right line naming someone in Arabic stays left to right.
 */
const FIRST_STRONG = /[\p{L}]/u;
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const isRtl = (text: string) => RTL_LETTER.test(FIRST_STRONG.exec(text)?.[0] ?? '');

interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
  link?: boolean;
}

/** Inline Markdown as Word runs, links as links. */
function runs(tokens: readonly Token[] | undefined, style: RunStyle = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        out.push(...runs((token as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case 'em':
        out.push(...runs((token as Tokens.Em).tokens, { ...style, italics: true }));
        break;
      case 'del':
        out.push(...runs((token as Tokens.Del).tokens, { ...style, strike: true }));
        break;
      case 'link': {
        const link = token as Tokens.Link;
        if (!/^(?:https?|mailto):/i.test(link.href)) {
          out.push(...runs(link.tokens, style));
          break;
        }
        const children = runs(link.tokens, { ...style, link: true }).filter(
          (c): c is TextRun => c instanceof TextRun,
        );
        out.push(new ExternalHyperlink({ link: link.href, children }));
        break;
      }
      case 'checkbox':
        out.push(new TextRun({ text: (token as Tokens.Checkbox).checked ? '☑ ' : '☐ ' }));
        break;
      case 'br':
        out.push(new TextRun({ text: '', break: 1 }));
        break;
      case 'codespan':
        out.push(
          new TextRun({
            text: (token as Tokens.Codespan).text,
            ...textStyle({ ...style, code: true }),
          }),
        );
        break;
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens?.length) out.push(...runs(text.tokens, style));
        else out.push(new TextRun({ text: text.text, ...textStyle(style) }));
        break;
      }
      default:
        out.push(
          new TextRun({
            text: 'text' in token ? String(token.text) : token.raw,
            ...textStyle(style),
          }),
        );
    }
  }
  return out;
}

const textStyle = (style: RunStyle) => ({
  ...(style.bold ? { bold: true } : {}),
  ...(style.italics ? { italics: true } : {}),
  ...(style.strike ? { strike: true } : {}),
  ...(style.code ? { font: 'Consolas' } : {}),
  ...(style.link ? { style: 'Hyperlink' } : {}),
});

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

/** A paragraph, right to left when its text is. */
function paragraph(raw: string, children: ParagraphChild[], extra: Record<string, unknown> = {}) {
  return new Paragraph({ children, ...(isRtl(raw) ? { bidirectional: true } : {}), ...extra });
}

/** Block Markdown as Word paragraphs and tables. */
function blocks(tokens: readonly Token[], depth = 0): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        out.push(
          paragraph(heading.text, runs(heading.tokens), {
            heading: HEADINGS[Math.min(heading.depth, 6) - 1],
          }),
        );
        break;
      }
      case 'paragraph':
        out.push(paragraph(token.raw, runs((token as Tokens.Paragraph).tokens)));
        break;
      case 'text': {
        const text = token as Tokens.Text;
        out.push(paragraph(text.raw, runs(text.tokens ?? [text])));
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        list.items.forEach((item, i) => {
          // A task's box is said by its mark, not by a token of its own.
          const [first, ...rest] = item.tokens.filter((t) => t.type !== 'checkbox');
          const lead =
            (list.ordered ? `${Number(list.start || 1) + i}. ` : '') +
            (item.task ? (item.checked ? '☑ ' : '☐ ') : '');
          const inline =
            first && (first.type === 'text' || first.type === 'paragraph')
              ? runs((first as Tokens.Text).tokens ?? [first])
              : [];
          out.push(
            paragraph(
              item.text,
              [new TextRun(lead), ...inline],
              list.ordered
                ? { indent: { left: 360 * (depth + 1) } }
                : { bullet: { level: Math.min(depth, 8) } },
            ),
          );
          out.push(
            ...blocks(
              first && inline.length ? rest : ([first, ...rest].filter(Boolean) as Token[]),
              depth + 1,
            ),
          );
        });
        break;
      }
      case 'table': {
        const table = token as Tokens.Table;
        const row = (cells: Tokens.TableCell[], header: boolean) =>
          new TableRow({
            ...(header ? { tableHeader: true } : {}),
            children: cells.map(
              (cell) =>
                new TableCell({
                  children: [
                    paragraph(
                      cell.text,
                      runs(cell.tokens, header ? { bold: true } : {}),
                      cell.align === 'right'
                        ? { alignment: AlignmentType.RIGHT }
                        : cell.align === 'center'
                          ? { alignment: AlignmentType.CENTER }
                          : {},
                    ),
                  ],
                }),
            ),
          });
        out.push(
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [row(table.header, true), ...table.rows.map((cells) => row(cells, false))],
          }),
        );
        break;
      }
      case 'blockquote':
        out.push(...blocks((token as Tokens.Blockquote).tokens, depth));
        break;
      case 'code':
        for (const line of (token as Tokens.Code).text.split('\n'))
          out.push(new Paragraph({ children: [new TextRun({ text: line, font: 'Consolas' })] }));
        break;
      case 'hr':
        out.push(new Paragraph({ thematicBreak: true }));
        break;
      case 'space':
        break;
      default:
        // Raw HTML and anything else: its words as plain text.
        out.push(paragraph(token.raw, [new TextRun(token.raw.trim())]));
    }
  }
  return out;
}

/** The Word document: the title, the date, the subject for an email, then the content. */
export async function exportDocx(snapshot: Snapshot, at: Date): Promise<Buffer> {
  const doc = new Document({
    title: snapshot.title,
    creator: 'Pitchpad',
    sections: [
      {
        children: [
          paragraph(snapshot.title, [new TextRun(snapshot.title)], { heading: HeadingLevel.TITLE }),
          new Paragraph({ children: [new TextRun({ text: dated(at), italics: true })] }),
          ...(snapshot.emailSubject !== null
            ? [
                paragraph(snapshot.emailSubject, [
                  new TextRun({ text: 'Subject: ', bold: true }),
                  new TextRun(snapshot.emailSubject),
                ]),
              ]
            : []),
          ...blocks(new Lexer({ gfm: true }).lex(snapshot.content)),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
