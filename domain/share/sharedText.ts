/**
 * What another app shared into Pitchpad (the manifest's share_target: GET /share?title&text&url),
 * made into one text: title, text and link on their own lines, each once. Android often puts the
 * link inside `text`, and some apps repeat the title there too.
 */

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
  const parts: string[] = [];
  for (const part of [title, text, url]) {
    const trimmed = part?.trim();
    if (!trimmed) continue;
    const folded = trimmed.toLowerCase();
    // A part already inside another (the link in the text, the title heading the text) is said once.
    if (parts.some((kept) => kept.toLowerCase().includes(folded))) continue;
    const kept = parts.filter((earlier) => !folded.includes(earlier.toLowerCase()));
    parts.splice(0, parts.length, ...kept);
    parts.push(trimmed);
  }
  const all = parts.join('\n');
  if (all.length <= max) return { text: all, note: null };
  return { text: all.slice(0, max).trimEnd(), note: `What was shared is ${all.length.toLocaleString('en-US')} characters long; only the first ${max.toLocaleString('en-US')} are used.` };
}
