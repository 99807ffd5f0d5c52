/**
 * Turns a transcript file's text (WebVTT, SubRip, or plain text) into readable lines for the call
 * analysis: the WebVTT header and NOTE/STYLE/REGION blocks, cue ids, SRT cue numbers and timing
 * lines go; `<v Speaker>` voice tags become "Speaker: "; other tags go; a speaker's consecutive
 * lines are joined into one. A file with no timing lines at all is plain text and keeps its lines.
 */

/** `00:00:01.000 --> 00:00:04.000 align:start` (WebVTT, hours optional) or `00:00:01,000 --> 00:00:04,000` (SRT). */
const TIMING = /^\s*(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}\s*-->\s*(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}(?:\s.*)?$/;
const VOICE = /^<v(?:\.[\w.-]+)?\s+([^>]+)>/;
/** Zoom writes the speaker inline: "Dana Ortiz: Thanks for joining." A name is at most five words. */
const INLINE_SPEAKER = /^([\p{Lu}][\p{L}\p{M}'’.-]*(?:\s+[\p{L}\p{M}'’.()-]+){0,4}):\s+(.+)$/u;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': ' ', '&quot;': '"', '&#39;': "'", '&lrm;': '', '&rlm;': '' };

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
    const cueText = timingAt === -1 ? blockLines.filter((line) => !/^\d+$/.test(line.trim())) : blockLines.slice(timingAt + 1);
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

function stripTags(text: string): string {
  return decodeEntities(text.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|nbsp|quot|#39|lrm|rlm);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** Consecutive segments of one speaker become one line; a new speaker starts a new line. */
function joinSpeakers(segments: Segment[]): string {
  const out: Segment[] = [];
  for (const segment of segments) {
    const last = out.at(-1);
    if (last && last.speaker === segment.speaker) {
      // Auto captions repeat a rolling line; keep it once.
      if (!last.text.endsWith(segment.text)) last.text = `${last.text} ${segment.text}`;
    } else out.push({ ...segment });
  }
  return out.map(({ speaker, text }) => (speaker ? `${speaker}: ${text}` : text)).join('\n');
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
