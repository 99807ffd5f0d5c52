// `npm run bench` (text part). Figures, not tests: how long each piece of code that reads text a
// user brings (an attached transcript, a pasted email, what another app shares, a reply whose
// Markdown is taken out) takes on hostile inputs of the largest size it is given, in milliseconds.
// Each is run until it has taken a second or five times, whichever comes first; the median is
// printed. A time that grows with the square of the input shows here as seconds; the unit tests
// beside each piece (domain/transcripts, domain/coach, domain/share, domain/crm) check the same
// inputs' output.
import { performance } from 'node:perf_hooks';
import { coachEmail } from '../../domain/coach';
import { plainText } from '../../domain/coach/text';
import { crmPlainText } from '../../domain/crm/plainText';
import { MESSAGE_MAX_CHARS } from '../../domain/limits';
import { firstLine } from '../../domain/notifications/draftReady';
import { combineShared } from '../../domain/share/sharedText';
import { cleanTranscript } from '../../domain/transcripts/clean';
import { emailFromText } from '../../web/features/playbooks/emailText';
import { TINY_CUES_200_KB, tinyCuesVtt } from '../factories/transcripts';
import { punctuationEmail } from '../factories/emails';

const KB_200 = 200 * 1024;

const cue = (text: string) => `WEBVTT\n\n00:00.000 --> 00:00.001\n${text}`;

/** The hostile inputs: each a 200 kB text (the coach is given its first 32,000 characters, its field's size). */
const INPUTS: [string, string][] = [
  [`.vtt of ${TINY_CUES_200_KB.toLocaleString('en-US')} tiny cues`, tinyCuesVtt(TINY_CUES_200_KB)],
  ['.vtt cue of 200 kB of "<"', cue('<'.repeat(KB_200 - 32))],
  ['line with no spaces', 'x'.repeat(KB_200)],
  ['"*" x 200 kB', '*'.repeat(KB_200)],
  ['"_" x 200 kB', '_'.repeat(KB_200)],
  ['"[" x 200 kB', '['.repeat(KB_200)],
  ['"`" x 200 kB', '`'.repeat(KB_200)],
  ['"[a](" x 50 k', '[a]('.repeat(KB_200 / 4)],
  ['100,000 newlines', `${'\n'.repeat(100_000)}Done.`],
  ['32,000-char email, punctuation', punctuationEmail()],
];

/** What each function is given: the input as the user would bring it there. `run` counts the calls. */
const FUNCTIONS: [string, string, (text: string, run: number) => unknown][] = [
  ['transcript', "cleanTranscript: the paperclip's file", (text) => cleanTranscript(text)],
  // Each call a character shorter: the coach remembers its last text, which would make the calls after the first free.
  [
    'coach',
    "coachEmail: the email editor's body, 32,000 characters at most",
    (text, run) =>
      coachEmail(
        { subject: 'Ramp time at Freightly', body: text.slice(0, MESSAGE_MAX_CHARS - run) },
        { recipientName: 'Dana Ortiz', company: 'Freightly' },
      ),
  ],
  // A title nearly inside the text ('aaa…b' in 'aaa…a'), and a link that holds both: the slow case of a plain substring search.
  [
    'share',
    'combineShared: title (half the input + "b"), text, and a link holding both',
    (text) =>
      combineShared(
        {
          title: `${text.slice(0, text.length / 2)}b`,
          text,
          url: `${text.slice(0, text.length / 2)}b\n${text}`,
        },
        MESSAGE_MAX_CHARS,
      ),
  ],
  [
    'coach md',
    "the coach's plainText: Markdown taken out before counting",
    (text) => plainText(text),
  ],
  [
    'email md',
    'emailFromText: a reply as the email editor and the mail app get it',
    (text) => emailFromText(text),
  ],
  ['notify md', "firstLine: a reply's first line for the notification", (text) => firstLine(text)],
  ['crm md', "crmPlainText: a CRM note as 'Copy for CRM' copies it", (text) => crmPlainText(text)],
];

function time(call: (run: number) => unknown): number {
  const times: number[] = [];
  let total = 0;
  while (times.length < 5 && total < 1000) {
    const start = performance.now();
    call(times.length);
    const elapsed = performance.now() - start;
    times.push(elapsed);
    total += elapsed;
  }
  return times.toSorted((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const first = 34;
const width = 11;
console.log('\nHostile text: median ms per call');
for (const [name, what] of FUNCTIONS) console.log(`  ${name.padEnd(width)}${what}`);
console.log(['input'.padEnd(first), ...FUNCTIONS.map(([name]) => name.padStart(width))].join(''));
for (const [label, text] of INPUTS) {
  const cells = FUNCTIONS.map(([, , fn]) =>
    time((run) => fn(text, run))
      .toFixed(1)
      .padStart(width),
  );
  console.log([label.padEnd(first), ...cells].join(''));
}
