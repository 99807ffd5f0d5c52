import { describe, expect, it } from 'vitest';
import {
  TEAMS_VTT,
  TEAMS_VTT_TEXT,
  TINY_CUES_200_KB,
  tinyCuesVtt,
  tinyCuesVttWords,
} from '../../tests/factories/transcripts';
import { cleanTranscript } from './clean';

const ZOOM_VTT = `WEBVTT

1
00:00:01.230 --> 00:00:04.560
Sam Lee: Hi Dana, thanks for making the time today.

2
00:00:04.900 --> 00:00:07.100
Sam Lee: I know the quarter is busy.

3
00:00:07.500 --> 00:00:12.010
Dana Ortiz: Sure. Our problem is ramp time, it takes six months.
`;

const MEET_VTT = `WEBVTT
Kind: captions
Language: en

NOTE
Exported from Google Meet captions

STYLE
::cue { color: yellow }

00:00.000 --> 00:02.500 align:start position:0%
<c.colorE5E5E5>so what does the</c>

00:02.500 --> 00:05.000 align:start position:0%
<i>pricing look like</i> for
twenty seats
`;

const SRT = `1
00:00:01,000 --> 00:00:04,000
Dana: We tried a tool like this last year.

2
00:00:04,500 --> 00:00:08,250
Dana: It did not stick.

3
00:00:08,300 --> 00:00:10,000
Sam: What got in the way?
`;

const WINDOWS_SRT =
  '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\n<b>Hello</b> there\r\n\r\n2\r\n00:00:02,000 --> 00:00:03,000\r\nGeneral Kenobi\r\n';

/** One timed cue of a WebVTT file, its blank line after it. */
const cue = (text: string) => `00:00.000 --> 00:00.001\n${text}\n\n`;

describe('cleanTranscript', () => {
  it.each([
    [
      'a Zoom WebVTT export (inline speakers)',
      ZOOM_VTT,
      'Sam Lee: Hi Dana, thanks for making the time today. I know the quarter is busy.\nDana Ortiz: Sure. Our problem is ramp time, it takes six months.',
    ],
    ['a Teams WebVTT export (voice tags, GUID cue ids)', TEAMS_VTT, TEAMS_VTT_TEXT],
    [
      'a Google Meet caption export (header, NOTE, STYLE, cue settings, class tags)',
      MEET_VTT,
      'so what does the pricing look like for twenty seats',
    ],
    [
      'an SRT file (cue numbers, comma milliseconds)',
      SRT,
      'Dana: We tried a tool like this last year. It did not stick.\nSam: What got in the way?',
    ],
    [
      'an SRT file saved on Windows, with a byte-order mark',
      WINDOWS_SRT,
      'Hello there General Kenobi',
    ],
  ])('cleans %s', (_name, raw, expected) => {
    expect(cleanTranscript(raw)).toBe(expected);
  });

  it('keeps the lines of a plain-text transcript and collapses runs of blank lines', () => {
    expect(cleanTranscript('Dana: Hi.  \nSam: Hello.\n\n\n\nDana: Pricing?\n')).toBe(
      'Dana: Hi.\nSam: Hello.\n\nDana: Pricing?',
    );
  });

  it('keeps a speaker across the lines of one voice-tagged cue and drops timestamp tags', () => {
    const raw = `WEBVTT

00:00:01.000 --> 00:00:04.000
<v.loud Dana Ortiz>We need <00:00:02.000>this
live by March.

00:00:04.000 --> 00:00:06.000
<v Sam Lee>Understood.`;
    expect(cleanTranscript(raw)).toBe(
      'Dana Ortiz: We need this live by March.\nSam Lee: Understood.',
    );
  });

  it('keeps a rolling caption line once', () => {
    const raw = `WEBVTT

00:00:01.000 --> 00:00:02.000
what about

00:00:02.000 --> 00:00:03.000
what about`;
    expect(cleanTranscript(raw)).toBe('what about');
  });

  describe('hostile files', () => {
    it('a .vtt of tiny cues becomes one line of their words', () => {
      expect(tinyCuesVtt(4)).toBe('WEBVTT\n\n00:00.000 --> 00:00.001\naa\n\nba\n\nca\n\nda\n\n');
      expect(cleanTranscript(tinyCuesVtt(4))).toBe('aa ba ca da');
    });

    it('a 200 kB .vtt of 51,192 tiny cues becomes one line of 51,192 words, no timings left', () => {
      const raw = tinyCuesVtt(TINY_CUES_200_KB);
      expect(new TextEncoder().encode(raw).length).toBe(200 * 1024);
      const text = cleanTranscript(raw);
      expect(text.split('\n')).toHaveLength(1);
      expect(text.split(' ')).toEqual(tinyCuesVttWords(TINY_CUES_200_KB));
      expect(text).not.toMatch(/-->|\d/);
    });

    it('a rolling caption repeated over 20,000 cues is kept once', () => {
      const rolling = ['so what', 'so what', 'about the', 'what about the', 'price', 'the price'];
      expect(cleanTranscript(`WEBVTT\n\n${rolling.map(cue).join('')}`)).toBe(
        'so what about the price',
      );
      const repeats = Array.from({ length: 20_000 }, (_, index) =>
        cue(index % 2 ? 'ok then' : 'then'),
      );
      expect(cleanTranscript(`WEBVTT\n\n${repeats.join('')}`)).toBe('then ok then');
    });

    it('a stray "<" in a cue keeps the words after it; only whole tags go', () => {
      const raw = 'WEBVTT\n\n00:00.000 --> 00:00.001\n<v Dana>Seats < 20 cost <b>less</b></v>';
      expect(cleanTranscript(raw)).toBe('Dana: Seats < 20 cost less');
    });

    it.each([
      ['a 200 kB line of "<" with no ">"', '<'],
      ['a 200 kB line of "*"', '*'],
      ['a 200 kB line of "["', '['],
      ['a 200 kB line of "`"', '`'],
      ['a 200 kB line of "_"', '_'],
    ])('%s in a .vtt cue is kept as the text', (_name, char) => {
      const line = char.repeat(200 * 1024 - 40);
      expect(cleanTranscript(`WEBVTT\n\n00:00.000 --> 00:00.001\n${line}\n`)).toBe(line);
    });

    it('a 200 kB line with no spaces and 100,000 blank lines are plain text, kept as it is', () => {
      const word = 'x'.repeat(200 * 1024);
      expect(cleanTranscript(word)).toBe(word);
      expect(cleanTranscript(`Dana: Hi.${'\n'.repeat(100_000)}Sam: Hello.`)).toBe(
        'Dana: Hi.\n\nSam: Hello.',
      );
    });
  });
});
