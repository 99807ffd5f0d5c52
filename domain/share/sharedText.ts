/**
 * What another app shared into Pitchpad (the manifest's share_target: GET /share?title&text&url),
 * made into one text: title, text and link on their own lines, each once. Android often puts the
 * link inside `text`, and some apps repeat the title there too.
 */
import { groupThousands } from '../numbers';

export interface SharedParams {
  title?: string;
  text?: string;
  url?: string;
}

export interface SharedText {
  text: string;
  /** Said when the text was longer than the field it goes into. */
  note: string | null;
}

/** The shared parts as one text of at most `max` characters (cut at the end, with a note saying so). */
export function combineShared({ title, text, url }: SharedParams, max: number): SharedText {
  const parts: { text: string; folded: string }[] = [];
  for (const part of [title, text, url]) {
    const trimmed = part?.trim();
    if (!trimmed) continue;
    const folded = trimmed.toLowerCase();
    // A part already inside another (the link in the text, the title heading the text) is said once.
    if (parts.some((kept) => contains(kept.folded, folded))) continue;
    const kept = parts.filter((earlier) => !contains(folded, earlier.folded));
    parts.splice(0, parts.length, ...kept);
    parts.push({ text: trimmed, folded });
  }
  const all = parts.map((part) => part.text).join('\n');
  if (all.length <= max) return { text: all, note: null };
  return {
    text: all.slice(0, max).trimEnd(),
    note: `What was shared is ${groupThousands(all.length)} characters long; only the first ${groupThousands(max)} are used.`,
  };
}

/**
 * Whether `text` holds `part`, in time linear in their lengths (Knuth–Morris–Pratt). What is
 * shared comes from another app, unchecked: `String.prototype.includes` can compare the same
 * characters again at every position of a repetitive text ('aaa…ab' looked for in 'aaa…a'), and
 * took half a minute on two 200 kB parts.
 */
function contains(text: string, part: string): boolean {
  if (part.length > text.length) return false;
  // longest[i]: the length of the longest proper prefix of part[0..i] that is also its suffix.
  const longest = new Int32Array(part.length);
  for (let index = 1, length = 0; index < part.length; index++) {
    while (length > 0 && part.charCodeAt(index) !== part.charCodeAt(length))
      length = longest[length - 1]!;
    if (part.charCodeAt(index) === part.charCodeAt(length)) length++;
    longest[index] = length;
  }
  let matched = 0;
  for (let index = 0; index < text.length && matched < part.length; index++) {
    while (matched > 0 && text.charCodeAt(index) !== part.charCodeAt(matched))
      matched = longest[matched - 1]!;
    if (text.charCodeAt(index) === part.charCodeAt(matched)) matched++;
  }
  return matched === part.length;
}
