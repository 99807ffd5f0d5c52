/**
 * A chat or a reply as a document to write out: the title, the date, an email's subject, and the
 * content's Markdown read once into blocks (headings, paragraphs, list items, tables, code, rules)
 * of styled spans. The Word writer (word.ts, on the server and on the phone with no signal) and the
 * server's PDF writer (api/shares/pdf.ts) each draw these blocks, so the files agree on what a task
 * box, an unsafe link or raw HTML becomes. The Markdown file is the content as it is.
 */
import { decodeHTML } from 'entities';
import { Lexer, type Token, type Tokens } from 'marked';
import { dated, type Snapshot } from './files';

export interface Span {
  /** '\n' alone is a line break. */
  text: string;
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
  /** Only http(s) and mailto links are kept; any other link is its words alone. */
  href?: string;
}

export interface Cell {
  spans: Span[];
  align: 'left' | 'center' | 'right' | null;
}

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; spans: Span[] }
  | { kind: 'paragraph'; spans: Span[] }
  | { kind: 'item'; depth: number; ordered: boolean; spans: Span[] }
  | { kind: 'table'; header: Cell[]; rows: Cell[][] }
  | { kind: 'code'; lines: string[] }
  | { kind: 'rule' };

export interface ExportDocument {
  title: string;
  /** '29 November 2026': the day the content was taken. */
  date: string;
  subject: string | null;
  blocks: Block[];
}

/**
 * Whether a line's first letter is of a right-to-left script (Arabic, Hebrew): such a line is laid
 * out right to left. A left-to-right line naming someone in Arabic stays left to right.
 */
const FIRST_STRONG = /\p{L}/u;
export const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
export const isRtl = (text: string) => RTL_LETTER.test(FIRST_STRONG.exec(text)?.[0] ?? '');
export const spansText = (list: readonly Span[]) => list.map((s) => s.text).join('');

type Style = Omit<Span, 'text'>;

/** Inline Markdown as spans. */
function spans(tokens: readonly Token[] | undefined, style: Style = {}): Span[] {
  const out: Span[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        out.push(...spans((token as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case 'em':
        out.push(...spans((token as Tokens.Em).tokens, { ...style, italics: true }));
        break;
      case 'del':
        out.push(...spans((token as Tokens.Del).tokens, { ...style, strike: true }));
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const safe = /^(?:https?|mailto):/i.test(link.href);
        out.push(...spans(link.tokens, safe ? { ...style, href: link.href } : style));
        break;
      }
      case 'checkbox':
        out.push({ ...style, text: (token as Tokens.Checkbox).checked ? '☑ ' : '☐ ' });
        break;
      case 'br':
        out.push({ ...style, text: '\n' });
        break;
      case 'codespan':
        out.push({ ...style, code: true, text: (token as Tokens.Codespan).text });
        break;
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens?.length) out.push(...spans(text.tokens, style));
        // 'AT&amp;T' reads AT&T, as in the chat.
        else out.push({ ...style, text: decodeHTML(text.text) });
        break;
      }
      case 'escape':
        // A backslash escape: the character itself ('\<' is '<').
        out.push({ ...style, text: (token as Tokens.Escape).text });
        break;
      default:
        // Raw HTML inline, anything else: its text as it reads.
        out.push({ ...style, text: 'text' in token ? String(token.text) : token.raw });
    }
  }
  return out;
}

/** Block Markdown as blocks; a list's items carry their depth. */
function blocks(tokens: readonly Token[], depth = 0): Block[] {
  const out: Block[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        const level = Math.min(Math.max(heading.depth, 1), 6) as 1 | 2 | 3 | 4 | 5 | 6;
        out.push({ kind: 'heading', level, spans: spans(heading.tokens) });
        break;
      }
      case 'paragraph':
        out.push({ kind: 'paragraph', spans: spans((token as Tokens.Paragraph).tokens) });
        break;
      case 'text': {
        const text = token as Tokens.Text;
        out.push({ kind: 'paragraph', spans: spans(text.tokens ?? [text]) });
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
              ? spans((first as Tokens.Text).tokens ?? [first])
              : [];
          out.push({
            kind: 'item',
            depth,
            ordered: list.ordered,
            spans: [...(lead ? [{ text: lead }] : []), ...inline],
          });
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
        const cells = (row: Tokens.TableCell[], header: boolean): Cell[] =>
          row.map((cell) => ({
            spans: spans(cell.tokens, header ? { bold: true } : {}),
            align: cell.align,
          }));
        out.push({
          kind: 'table',
          header: cells(table.header, true),
          rows: table.rows.map((row) => cells(row, false)),
        });
        break;
      }
      case 'blockquote':
        out.push(...blocks((token as Tokens.Blockquote).tokens, depth));
        break;
      case 'code':
        out.push({ kind: 'code', lines: (token as Tokens.Code).text.split('\n') });
        break;
      case 'hr':
        out.push({ kind: 'rule' });
        break;
      case 'space':
        break;
      default:
        // Raw HTML and anything else: its words as plain text, never as markup.
        if (token.raw.trim()) out.push({ kind: 'paragraph', spans: [{ text: token.raw.trim() }] });
    }
  }
  return out;
}

export function exportDocument(snapshot: Snapshot, at: Date): ExportDocument {
  return {
    title: snapshot.title,
    date: dated(at),
    subject: snapshot.emailSubject,
    blocks: blocks(new Lexer({ gfm: true }).lex(snapshot.content)),
  };
}
