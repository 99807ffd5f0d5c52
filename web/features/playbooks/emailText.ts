/** Reading a cold email out of a reply, for 'Open in mail app' (mailto with subject and body). */
import type { EmailDraft } from '../../../domain/drafts/coldEmail';

const SUBJECT_LINE =
  /^\s*(?:#+\s*)?(?:\*\*|__)?subject(?: line)?\s*:?\s*(?:\*\*|__)?\s*:?\s*(.*)$/i;

/** Markdown emphasis, heading marks and rules removed: a mail app shows plain text. */
function plain(text: string): string {
  return (
    text
      // A rule first ('---', '***', '___'): a line of stars is no bold text to unwrap.
      .replace(/^[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*$/gm, '')
      .replace(/\*\*(.+?)\*\*/g, '$1')
      .replace(/__(.+?)__/g, '$1')
      .replace(/^#+\s+/gm, '')
      .trim()
  );
}

/**
 * The subject and body of an email in `text`: the first 'Subject:' line (bold or not) gives the
 * subject, what follows it is the body. Without one, the whole text is the body.
 */
export function emailFromText(text: string): EmailDraft {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => SUBJECT_LINE.test(line));
  if (index === -1) return { subject: '', body: plain(text) };
  const subject = plain(lines[index]!.match(SUBJECT_LINE)![1] ?? '').replace(/^["“]|["”]$/g, '');
  return { subject, body: plain(lines.slice(index + 1).join('\n')) };
}
