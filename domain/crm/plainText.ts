/**
 * A note in Markdown (the CRM note flow's result) as the plain text a HubSpot or Salesforce note
 * takes when pasted: those fields show every '#', '*' and '|' as typed. Section names end with a
 * colon, list items start with '- ', a link is its label and address, tables become one line a row,
 * and dates that read one way are YYYY-MM-DD.
 *
 * It starts from the coach's Markdown removal (domain/coach/text.ts plainText) and, like it, uses
 * only patterns anchored to a line's start or bounded in length: a hostile 200 kB paste is read in
 * linear time.
 */
import { plainText } from '../coach/text';
import { isoDatesIn } from './dates';

/** '## Next steps', '### Risks ##' (its closing '#'s are taken off by `closingHashesOff`). */
const HEADING = /^[ \t]*#{1,6}[ \t]+(.*)$/;
/** A line that is only bold text, as a model writes a section name: '**Risks**', '**Risks:**'. */
const BOLD_LINE = /^[ \t]*(?:\*\*|__)([^*_\n]{1,200}?)(?:\*\*|__)[ \t]*(?::[ \t]*)?$/;
/** A table's separator row: '|---|:---:|'. */
const TABLE_RULE = /^[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$/;

/**
 * A heading's text without its closing '#'s ('Risks ##'; 'C#' keeps its own), read from the end
 * one character at a time: a pattern for it would re-read a long run of '# ' from each start.
 */
function closingHashesOff(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  let hashes = end;
  while (hashes > 0 && text[hashes - 1] === '#') hashes--;
  if (hashes < end && (hashes === 0 || text[hashes - 1] === ' ' || text[hashes - 1] === '\t'))
    end = hashes;
  return text.slice(0, end).trim();
}

/** A section name with its colon (one it already ends with is kept). */
function sectionName(text: string): string {
  const name = text.replace(/\*\*|__|`/g, '').trim();
  // 'CRM note: Freightly' says its own; 'Next steps' gets its colon.
  return !name || /[:?!]/.test(name) ? name : `${name}:`;
}

/** A table row, '| Dana | VP Sales |', as 'Dana, VP Sales'. */
function tableRow(line: string): string {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
    .filter(Boolean)
    .join(', ');
}

interface Block {
  text: string;
  /** A section's name: the blank lines after it go, so its lines follow it as in a CRM's note. */
  section?: true;
}

/** One line of the note, before the inline marks go: headings, bold section names and tables. */
function blockLine(line: string): Block | null {
  const heading = HEADING.exec(line);
  if (heading) return { text: sectionName(closingHashesOff(heading[1]!)), section: true };
  const bold = BOLD_LINE.exec(line);
  if (bold) return { text: sectionName(bold[1]!), section: true };
  if (TABLE_RULE.test(line) && line.includes('-')) return null;
  if (/^[ \t]*\|/.test(line)) return { text: tableRow(line) };
  return { text: line };
}

/** The lines, without the blank ones that follow a section's name. */
function blocksOf(markdown: string): string[] {
  const out: string[] = [];
  let afterSection = false;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const block = blockLine(line);
    if (!block || (afterSection && !block.text.trim())) continue;
    afterSection = block.section === true;
    // A new section after a section's lines: one blank line between them.
    if (block.section && out.length && out.at(-1)!.trim()) out.push('');
    out.push(block.text);
  }
  return out;
}

/** The note as plain text for a CRM's note field. */
export function crmPlainText(markdown: string): string {
  const lines = blocksOf(markdown);
  const plain = plainText(
    lines
      .join('\n')
      // An image is its description: '![chart](x.png)' as a link.
      .replace(/!\[/g, '['),
  );
  return isoDatesIn(
    plain
      // The coach's bullet is a '•'; a CRM's plain-text list is '- '.
      .replace(/^•[ \t]/gm, '- ')
      // Emphasis left over ('*maybe*', '_soon_'): every '*', and a '_' not inside a word (snake_case stays).
      .replace(/\*+/g, '')
      .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
      // A Markdown escape ('\|', '\#') is the character itself.
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1'),
  )
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
