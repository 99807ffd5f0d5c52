/**
 * A Microsoft Teams WebVTT export (voice tags, GUID cue ids, an entity), as a rep would attach it,
 * and the text it cleans to (domain/transcripts/clean.ts): read by the cleaner's unit test and by the
 * phone's attach test alike.
 */
export const TEAMS_VTT = `WEBVTT

0f8d2a1e-5c3b-4a7e-9a51-1b2c3d4e5f60/12-0
00:00:03.120 --> 00:00:05.480
<v Dana Ortiz>Thanks for making the time.</v>

0f8d2a1e-5c3b-4a7e-9a51-1b2c3d4e5f60/12-1
00:00:05.480 --> 00:00:09.000
<v Dana Ortiz>I wanted to talk about ramp time.</v>

0f8d2a1e-5c3b-4a7e-9a51-1b2c3d4e5f60/13-0
00:00:09.200 --> 00:00:11.950
<v Sam Lee>Happy to. What does it cost you &amp; the team?</v>
`;

export const TEAMS_VTT_TEXT =
  'Dana Ortiz: Thanks for making the time. I wanted to talk about ramp time.\nSam Lee: Happy to. What does it cost you & the team?';

/** The two-letter word of the tiny cue at `index`: 'aa', 'ba', … 'zz', then again; never the word before it. */
function tinyCueWord(index: number): string {
  return String.fromCharCode(97 + (index % 26), 97 + (Math.floor(index / 26) % 26));
}

const TINY_CUES_HEADER = 'WEBVTT\n\n00:00.000 --> 00:00.001\n';

/**
 * A WebVTT file of `cues` tiny cues after a single timing line: each a two-letter word and a blank
 * line, 4 bytes. TINY_CUES_200_KB of them make a 200 kB file (the most the paperclip reads), the
 * kind that froze the page for seconds when the cleaner grew one string per cue.
 */
export function tinyCuesVtt(cues: number): string {
  const words = Array.from({ length: cues }, (_, index) => `${tinyCueWord(index)}\n\n`);
  return `${TINY_CUES_HEADER}${words.join('')}`;
}

/** How many tiny cues fill 200 kB exactly: 51,192. */
export const TINY_CUES_200_KB = (200 * 1024 - TINY_CUES_HEADER.length) / 4;

/** The first `cues` words of tinyCuesVtt, as the cleaner joins them: one speaker, one line. */
export function tinyCuesVttWords(cues: number): string[] {
  return Array.from({ length: cues }, (_, index) => tinyCueWord(index));
}
