/**
 * Turns a transcript file's text (WebVTT, SubRip, or plain text) into readable lines for the call
 * analysis: the WebVTT header and NOTE/STYLE/REGION blocks, cue ids, SRT cue numbers and timing
 * lines go; `<v Speaker>` voice tags become "Speaker: "; other tags go; a speaker's consecutive
 * lines are joined into one. A file with no timing lines at all is plain text and keeps its lines.
 */

/** `00:00:01.000 --> 00:00:04.000 align:start` (WebVTT, hours optional) or `00:00:01,000 --> 00:00:04,000` (SRT). */
const TIMING =
  /^\s*(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}\s*-->\s*(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}(?:\s.*)?$/;
const VOICE = /^<v(?:\.[\w.-]+)?\s+([^>]+)>/;
/** Zoom writes the speaker inline: "Dana Ortiz: Thanks for joining." A name is at most five words. */
const INLINE_SPEAKER = /^([\p{Lu}][\p{L}\p{M}'’.-]*(?:\s+[\p{L}\p{M}'’.()-]+){0,4}):\s+(.+)$/u;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&nbsp;': ' ',
  '&quot;': '"',
  '&#39;': "'",
  '&lrm;': '',
  '&rlm;': '',
};

interface Segment {
  speaker: string | null;
  text: string;
}

/** The transcript as lines a reader (and the model) can follow, without timestamps or cue numbers. */
export function cleanTranscript(raw: string): string {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  if (!lines.some((line) => TIMING.test(line))) return tidyPlainText(text);

  const segments: Segment[] = [];
  for (const block of text.split(/\n[ \t]*\n/)) {
    const blockLines = block.split('\n').filter((line) => line.trim() !== '');
    const first = blockLines[0];
    if (first === undefined || isHeaderBlock(first)) continue;
    const timingAt = blockLines.findIndex((line) => TIMING.test(line));
    // Whatever comes before the timing line is the cue's id (WebVTT) or number (SRT).
    const cueText =
      timingAt === -1
        ? blockLines.filter((line) => !/^\d+$/.test(line.trim()))
        : blockLines.slice(timingAt + 1);
    let speaker: string | null = null;
    for (const line of cueText) {
      if (TIMING.test(line)) continue;
      const segment = readLine(line, speaker);
      speaker = segment.speaker;
      if (segment.text) segments.push(segment);
    }
  }
  return joinSpeakers(segments);
}

function isHeaderBlock(firstLine: string): boolean {
  return /^(WEBVTT|NOTE|STYLE|REGION)(\s|$)/.test(firstLine.trim());
}

/** One line of cue text: its speaker (a voice tag, an inline "Name:", or the line before's) and its text without tags. */
function readLine(line: string, previousSpeaker: string | null): Segment {
  const trimmed = line.trim();
  const voice = VOICE.exec(trimmed);
  if (voice?.[1]) return { speaker: decodeEntities(voice[1].trim()), text: stripTags(trimmed) };
  const text = stripTags(trimmed);
  const inline = INLINE_SPEAKER.exec(text);
  if (inline?.[1] && inline[2]) return { speaker: inline[1], text: inline[2].trim() };
  return { speaker: previousSpeaker, text };
}

/**
 * A tag never holds a '<': the pattern stops at the next one, so a line of 200 kB of '<' is read once
 * instead of from every '<' to the line's end, and a stray '<' in the text no longer swallows
 * everything up to a later tag.
 */
function stripTags(text: string): string {
  return decodeEntities(text.replace(/<[^<>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

function decodeEntities(text: string): string {
  return text.replace(
    /&(?:amp|lt|gt|nbsp|quot|#39|lrm|rlm);/g,
    (entity) => ENTITIES[entity] ?? entity,
  );
}

/** A speaker's turn being gathered: its segments' texts, joined with spaces once the turn ends. */
interface Turn {
  speaker: string | null;
  parts: string[];
}

/**
 * Consecutive segments of one speaker become one line; a new speaker starts a new line. A turn's
 * texts are kept in an array and joined once: growing one string and asking `endsWith` of it per
 * segment copies the whole turn each time, which froze the page for seconds on a file of 51,000
 * tiny cues.
 */
function joinSpeakers(segments: Segment[]): string {
  const turns: Turn[] = [];
  for (const segment of segments) {
    const last = turns.at(-1);
    if (last && last.speaker === segment.speaker) {
      // Auto captions repeat a rolling line; keep it once.
      if (!partsEndWith(last.parts, segment.text)) last.parts.push(segment.text);
    } else turns.push({ speaker: segment.speaker, parts: [segment.text] });
  }
  return turns
    .map(({ speaker, parts }) => {
      const text = parts.join(' ');
      return speaker ? `${speaker}: ${text}` : text;
    })
    .join('\n');
}

/**
 * Whether the parts joined with spaces end with `text`, compared from the end part by part: no
 * joined copy is made, so each check costs about the length of `text`.
 */
function partsEndWith(parts: readonly string[], text: string): boolean {
  let left = text.length;
  for (let index = parts.length - 1; index >= 0; index--) {
    const part = parts[index]!;
    const take = Math.min(part.length, left);
    if (text.slice(left - take, left) !== part.slice(part.length - take)) return false;
    left -= take;
    if (left === 0) return true;
    // More of `text` to match: it must go on with the space between this part and the one before.
    if (index === 0 || text[left - 1] !== ' ') return false;
    left--;
    if (left === 0) return true;
  }
  return left === 0;
}

/** Labels a transcript gives when it knows no names ('Speaker 1', 'Unknown'): they tell no call from another. */
const UNNAMED_SPEAKER =
  /^(?:speaker|participant|person|guest|unknown|unidentified|host|interviewer|caller)\b/i;
/**
 * A side of the call rather than a person ('Rep', 'Buyer', 'Customer 2', 'Sales Rep A'): every call
 * has one, so naming an analysis after it would give two calls the same name.
 */
const ROLE_SPEAKER =
  /^(?:the\s+)?(?:(?:sales|account|customer|support)\s+)?(?:rep|reps|representative|executive|manager|ae|sdr|bdr|csm|seller|salesperson|sales|vendor|agent|buyer|prospect|customer|client|lead|champion|decision maker|stakeholder|user|me|you|us|them|moderator|interviewee|ceo|cfo|cto|coo|vp)(?:\s*#?\d+|\s+[a-z])?$/i;
/**
 * A line's speaker label: a name of at most five words ('Dana Ortiz', 'Speaker 1'), then perhaps a
 * note in parentheses ('Buyer (Maria Chen, CFO at Acme Freight)'), then ': ' and the words said.
 */
const SPEAKER_LABEL =
  /^([\p{Lu}][\p{L}\p{M}'’.-]*(?:\s+[\p{L}\p{M}\d'’.#-]+){0,4})\s*(?:\(([^()\n]{1,120})\))?:\s+\S/u;

function isRole(label: string): boolean {
  return UNNAMED_SPEAKER.test(label) || ROLE_SPEAKER.test(label);
}

/**
 * The person a speaker label names, or null: the label itself when it is a name ('Dana Ortiz (VP
 * Sales)' is Dana Ortiz), else the name its parentheses give before any comma ('Buyer (Maria Chen,
 * CFO)' is Maria Chen); a role word alone ('Rep', 'Speaker 1') names no one.
 */
function personOf(label: string, note: string | undefined): string | null {
  const head = label.trim();
  if (!isRole(head)) return head;
  const named = note?.split(/[,;–—]|\s-\s/)[0]?.trim();
  if (!named || !/^[\p{Lu}][\p{L}\p{M}'’.-]*(?:\s+[\p{L}\p{M}'’.-]+){0,4}$/u.test(named))
    return null;
  return isRole(named) ? null : named;
}

/**
 * The people a transcript names at the start of its lines ('Dana Ortiz: Thanks…', 'Buyer (Maria
 * Chen): …'), each once, in the order they first speak: the cleaned text's turns, or a plain
 * transcript written the same way.
 */
export function transcriptSpeakers(text: string): string[] {
  const speakers = new Set<string>();
  for (const line of text.split('\n')) {
    const label = SPEAKER_LABEL.exec(line.trim());
    const person = label?.[1] ? personOf(label[1], label[2]) : null;
    if (person) speakers.add(person);
  }
  return [...speakers];
}

/** Plain text keeps its lines: trailing spaces go and runs of blank lines become one. */
function tidyPlainText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
