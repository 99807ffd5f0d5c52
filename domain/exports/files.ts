/**
 * What a downloaded file is made of and called, and the Markdown file itself: small enough for the
 * phone's queued work to name a file without loading the Markdown reader (document.ts).
 */

/** What a file is made of: the chat's title, the content's Markdown, an email's subject. */
export interface Snapshot {
  title: string;
  content: string;
  emailSubject: string | null;
}

export type ExportFormat = 'pdf' | 'docx' | 'md';

/** 'Cold Email to Dana at Freightly' → 'Cold Email to Dana at Freightly.docx', safe on every system. */
export function exportFileName(title: string, format: ExportFormat): string {
  const base =
    Array.from(
      title
        .normalize('NFKC')
        .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
      // Cut by characters, never inside one (an emoji cut in half is no name at all).
      .slice(0, 100)
      .join('')
      .trim() || 'Pitchpad';
  return `${base}.${format}`;
}

export const dated = (at: Date) =>
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

/** A turn of a chat as a shared copy shows it. */
export interface ChatTurn {
  role: 'user' | 'assistant' | (string & {});
  /** Without '[1]' marks: a copy shows no Sources. */
  content: string;
}

/** A chat message as the copy shows it: who said it, then what; the rep's words as a quote. */
function turn({ role, content }: ChatTurn): string {
  const text = content.trim();
  const quoted = text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return role === 'user' ? `**You**\n\n${quoted}` : `**Pitchpad**\n\n${text}`;
}

/** A whole chat as Markdown, its turns in order, a rule between each. */
export const chatMarkdown = (turns: readonly ChatTurn[]): string =>
  turns.map(turn).join('\n\n---\n\n');
