// A row of the server's search as the phone receives it: the hit's key (the same the phone's own
// index gives the same thing, so the screen drops duplicates), its title, plain-text snippet with the
// matched words as offsets, and where it opens.
import { messageHitKey, type SearchHit, type SearchTarget } from '../../domain/contract/search';
import { PROFILE_FIELDS, type ProfileField } from '../../domain/contract/profile';
import { passagePlace } from '../../domain/profile/promptBlock';
import { MARK_END, MARK_START, type HitRow } from './search.sql';

/** The longest snippet sent, in characters (a headline of 35 long words can be longer). */
export const SNIPPET_MAX = 240;
/** Words of context kept before the first match when a snippet is cut to SNIPPET_MAX. */
const CONTEXT_BEFORE = 60;
const ELLIPSIS = '…';

type Mark = [number, number];

/** The headline without its markers, and where the markers were, as [start, end) offsets. */
function unmark(headline: string): { text: string; marks: Mark[] } {
  let text = '';
  const marks: Mark[] = [];
  let start = -1;
  for (const ch of headline) {
    if (ch === MARK_START) start = text.length;
    else if (ch === MARK_END) {
      if (start >= 0 && text.length > start) marks.push([start, text.length]);
      start = -1;
    } else text += ch;
  }
  return { text, marks: joinSplitWords(text, marks) };
}

/**
 * One mark for a number or name Postgres reads as two words: '40,000' is '40' and '000', each
 * matched; the rep typed one thing and sees it marked as one.
 */
function joinSplitWords(text: string, marks: Mark[]): Mark[] {
  const joined: Mark[] = [];
  for (const mark of marks) {
    const last = joined.at(-1);
    if (last && mark[0] - last[1] === 1 && /\S/.test(text[last[1]]!)) last[1] = mark[1];
    else joined.push([...mark]);
  }
  return joined;
}

/** `text` from `from` to `to`, with the marks inside it moved to its offsets. */
function cut(text: string, marks: Mark[], from: number, to: number) {
  return {
    text: text.slice(from, to),
    marks: marks
      .filter(([start, end]) => start >= from && end <= to)
      .map(([start, end]): Mark => [start - from, end - from]),
  };
}

/**
 * The snippet of a hit: ts_headline's fragment as plain text, trimmed, at most SNIPPET_MAX
 * characters (kept around the first match, cut between words), with '…' where the text goes on
 * before or after it.
 */
export function snippetOf(row: Pick<HitRow, 'headline' | 'starts_at' | 'body_length'>): {
  snippet: string;
  marks: Mark[];
} {
  const { text, marks } = unmark(row.headline);
  let from = text.length - text.trimStart().length;
  let to = text.trimEnd().length;
  if (to - from > SNIPPET_MAX) {
    const first = marks[0]?.[0] ?? from;
    from = Math.max(from, first - CONTEXT_BEFORE);
    if (from > 0) from = Math.min(first, text.indexOf(' ', from) + 1 || from);
    to = Math.min(to, from + SNIPPET_MAX);
    const space = text.lastIndexOf(' ', to);
    if (space > (marks[0]?.[1] ?? from)) to = space;
  }
  const shown = cut(text, marks, from, to);
  // Where the fragment sits in the whole text (Postgres counts characters, not UTF-16 units).
  const known = row.starts_at > 0;
  const before = from > 0 || (known && row.starts_at > 1);
  const after =
    to < text.length || (known && row.starts_at - 1 + [...text].length < row.body_length);
  const lead = before ? ELLIPSIS : '';
  return {
    snippet: `${lead}${shown.text}${after ? ELLIPSIS : ''}`,
    marks: shown.marks.map(([start, end]) => [start + lead.length, end + lead.length]),
  };
}

const isProfileField = (field: string): field is ProfileField => field in PROFILE_FIELDS;

function titleOf(row: HitRow): string {
  switch (row.kind) {
    case 'debrief':
      return row.title ? `Debrief: ${row.title}` : 'Debrief';
    case 'kit':
      return passagePlace({ fileName: row.title ?? '', page: row.page });
    case 'profile':
      return `Profile: ${isProfileField(row.ref!) ? PROFILE_FIELDS[row.ref].label : row.ref}`;
    default:
      return row.title ?? '';
  }
}

/** Where the hit opens, and its key. */
function placeOf(row: HitRow): { key: string; target: SearchTarget } {
  switch (row.kind) {
    case 'debrief':
      return { key: row.key, target: { kind: 'recording', recordingId: row.ref! } };
    case 'kit':
      return { key: row.key, target: { kind: 'passage', passageId: row.ref! } };
    case 'profile':
      return { key: row.key, target: { kind: 'profile', field: row.ref! } };
    default: {
      const chatId = row.chat_id!;
      // A saved flow opens its chat; a message (or the email edited from it) opens at the message.
      if (row.server_id === null) return { key: row.key, target: { kind: 'chat', chatId } };
      const message = messageHitKey(chatId, row.client_id, row.server_id);
      return {
        // An edited email is its own hit beside the reply it was edited from: 'email:' + the tail.
        key: row.kind === 'email' ? `email:${message.slice('msg:'.length)}` : message,
        target: { kind: 'message', chatId, serverId: row.server_id, clientId: row.client_id },
      };
    }
  }
}

export function presentHit(row: HitRow): SearchHit {
  return {
    kind: row.kind,
    ...placeOf(row),
    title: titleOf(row),
    at: row.at ? new Date(row.at).toISOString() : null,
    ...snippetOf(row),
  };
}
