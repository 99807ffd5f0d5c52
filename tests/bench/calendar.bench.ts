// `npm run bench` (calendar part). Figures, not tests: how long reading a rep's iCal file into the
// next 7 days' meetings takes (api/calendar/ical.ts meetingsIn, what every calendar refresh runs on
// the server's one thread), and the memory it needs. The calendar is a busy rep's, 5,000 events:
// three years of one-off meetings (a few with 50 attendees, some with an HTML agenda), and 200
// series (weekly, every other week, daily standups, monthly on the second Tuesday; three in ten
// still running, the others ended) that started up to eight years ago, with moved, cancelled and
// EXDATE'd occurrences, in UTC and three time zones. Then two hostile files: one daily rule since
// 1990 that never ends, and 50,000 one-off events. Targets for the 5,000 events: ≤ 300 ms, ≤ 50 MB.
//
// Time: the median and p95 of RUNS parses after two warm-up ones. Memory, first in a process that
// has parsed nothing yet, then again once warm: the heap's growth over one parse (after a garbage
// collection before it, none forced during it: young-generation collections inside the parse still
// free some, so the true peak is at least this), the peak RSS's growth on the first parse (the
// process's high-water mark, which also counts the code compiled on this first run), and what the
// heap keeps after a collection once the meetings are all that is left.
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { meetingsIn } from '../../api/calendar/ical';
import { icalLocalTime, icalTime, icsOf, VTIMEZONES, type FakeEvent } from '../fakes/calendar';

const RUNS = 15;
const MB = 1024 * 1024;
const DAY = 86_400_000;
const TARGET_MS = 300;
const TARGET_MB = 50;

// A garbage collection on demand without a node flag, so `npm run bench` runs this file as it runs
// the others (tsx, no options).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A repeatable pseudo-random number in [0, 1) for `seed`, so every run reads the same calendar. */
function random(seed: number): number {
  const x = Math.sin(seed * 12.9898 + 78.233) * 43758.5453;
  return x - Math.floor(x);
}
const pick = <T>(items: readonly T[], seed: number): T =>
  items[Math.floor(random(seed) * items.length)]!;

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata'] as const;
const COMPANIES = ['freightly', 'globex', 'initech', 'umbrella', 'hooli', 'vandelay', 'acme'];
const AGENDA =
  '<p>Agenda:</p><ul><li>Recap of the <b>pilot</b></li><li>Pricing &amp; rollout</li></ul><p>Join: <a href="https://meet.example/abc">meet.example/abc</a></p>';

/** The hour of a working day, on the quarter hour, in UTC. */
const workingTime = (day: Date, seed: number) =>
  new Date(
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) +
      (8 + Math.floor(random(seed) * 9)) * 3_600_000 +
      Math.floor(random(seed + 1) * 4) * 900_000,
  );

/** How far ahead of UTC the wall clock of `tzid` is at `date`, in milliseconds. */
function offset(date: Date, tzid: string | undefined): number {
  if (!tzid) return 0;
  const [, y, mo, d, h, mi, sec] = icalLocalTime(date, tzid).match(
    /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)$/,
  )!;
  return Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +sec!) - Math.floor(date.getTime() / 1000) * 1000;
}

const people = (n: number, seed: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `person${Math.floor(random(seed + i) * 900)}@${pick(COMPANIES, seed * 7 + i)}.example`,
  );

/** A busy rep's calendar of `total` events around `now`. */
function busyCalendar(now: Date, total: number): string {
  const events: FakeEvent[] = [];
  // Each rule (weekly ones the most common) with the days between occurrences the exceptions
  // below are put on (null: none).
  const rules: [string, number | null][] = [
    ['FREQ=WEEKLY', 7],
    ['FREQ=WEEKLY', 7],
    ['FREQ=WEEKLY', 7],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', null],
    ['FREQ=WEEKLY;INTERVAL=2', 14],
    ['FREQ=WEEKLY;INTERVAL=2', 14],
    ['FREQ=DAILY', 7],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', null],
    ['FREQ=MONTHLY;BYDAY=2TU', null],
  ];
  for (let s = 0; s < 200; s++) {
    const seed = 10_000 + s * 13;
    const start = workingTime(new Date(now.getTime() - random(seed) * 8 * 365 * DAY), seed + 2);
    const tzid = s % 4 === 3 ? undefined : ZONES[s % 4];
    const [rule, days] = pick(rules, seed + 3);
    // Three in ten still run and never end; the others ended after one to 24 months.
    const running = s % 10 < 3;
    const until = new Date(
      Math.min(now.getTime() - DAY, start.getTime() + (1 + random(seed + 6) * 23) * 30 * DAY),
    );
    const series: FakeEvent = {
      uid: `series-${s}@bench`,
      start,
      minutes: pick([15, 30, 45, 60], seed + 4),
      summary: `Series ${s}`,
      attendees: people(3 + (s % 5), seed + 5),
      organizer: `rep@pitchpad.example`,
      ...(tzid ? { tzid } : {}),
      rrule: running ? rule : `${rule};UNTIL=${icalTime(until)}`,
    };
    // Every other series has a moved and a cancelled occurrence and two EXDATEs: around this week
    // for a running one, in its last month for one that ended.
    const around = running ? now : new Date(until.getTime() - 30 * DAY);
    if (days && s % 2 === 0 && around > start) {
      /** The n-th occurrence from `around`: the series' wall-clock time, whatever the zone's offset. */
      const occurrence = (n: number) => {
        const steps = Math.floor((around.getTime() - start.getTime()) / (days * DAY)) + n;
        const utc = new Date(start.getTime() + steps * days * DAY);
        return new Date(utc.getTime() + offset(start, tzid) - offset(utc, tzid));
      };
      series.exdates = [occurrence(-3), occurrence(1)];
      events.push(
        {
          ...series,
          recurrenceId: occurrence(0),
          start: new Date(occurrence(0).getTime() + 2 * 3_600_000),
          summary: `Series ${s} (moved)`,
          rrule: undefined,
          exdates: undefined,
        },
        {
          ...series,
          recurrenceId: occurrence(-1),
          start: occurrence(-1),
          cancelled: true,
          rrule: undefined,
          exdates: undefined,
        },
      );
    }
    events.push(series);
  }
  // One-off meetings over three years, most of them past; every hundredth with 50 attendees.
  for (let i = 0; events.length < total; i++) {
    const seed = i * 17;
    const day = new Date(now.getTime() - (random(seed) * 3 * 365 - 14) * DAY);
    const tzid = i % 5 < 3 ? ZONES[i % 3] : undefined;
    events.push({
      uid: `meeting-${i}@bench`,
      start: workingTime(day, seed + 1),
      minutes: pick([30, 30, 45, 60], seed + 2),
      summary: `Call with ${pick(COMPANIES, seed + 3)}`,
      attendees: people(i % 100 === 0 ? 50 : 1 + (i % 6), seed + 4),
      organizer: 'rep@pitchpad.example',
      ...(tzid ? { tzid } : {}),
      ...(i % 10 === 0 ? { description: AGENDA } : {}),
    });
  }
  return icsOf(events, Object.values(VTIMEZONES));
}

/** The daily rule since 1990 that never ends, alone. */
const since1990 = icsOf([
  {
    uid: 'daily-note@bench',
    start: new Date('1990-01-01T09:00:00Z'),
    minutes: 10,
    summary: 'Daily note',
    attendees: [],
    rrule: 'FREQ=DAILY',
  },
]);

/** 50,000 one-off meetings of the last three years. */
function oneOffs(now: Date, total: number): string {
  return icsOf(
    Array.from({ length: total }, (_, i) => ({
      uid: `one-off-${i}@bench`,
      start: workingTime(new Date(now.getTime() - random(i) * 3 * 365 * DAY), i + 1),
      minutes: 30,
      summary: `Call ${i}`,
      attendees: people(2, i + 2),
    })),
  );
}

const percentile = (values: number[], p: number) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(p * values.length) - 1)]!;

function time(text: string, from: Date, to: Date, runs: number): { p50: number; p95: number } {
  meetingsIn(text, from, to);
  meetingsIn(text, from, to);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    meetingsIn(text, from, to);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const now = new Date();
const to = new Date(now.getTime() + 7 * DAY);
const busy = busyCalendar(now, 5_000);

gc();
const before = process.memoryUsage();
const peakRssBefore = process.resourceUsage().maxRSS * 1024;
const meetings = meetingsIn(busy, now, to);
const heapGrowth = process.memoryUsage().heapUsed - before.heapUsed;
const peakRssGrowth = process.resourceUsage().maxRSS * 1024 - peakRssBefore;
gc();
const kept = process.memoryUsage().heapUsed - before.heapUsed;

const busyTime = time(busy, now, to, RUNS);
gc();
const warmBefore = process.memoryUsage().heapUsed;
meetingsIn(busy, now, to);
const warmGrowth = process.memoryUsage().heapUsed - warmBefore;
console.log(
  `\ncalendar of 5,000 events (${(busy.length / MB).toFixed(1)} MB of iCal, 200 series) → ${meetings.length} meetings in the next 7 days`,
);
console.log(
  `  parse: p50 ${busyTime.p50.toFixed(0)} ms, p95 ${busyTime.p95.toFixed(0)} ms (${RUNS} runs; target ≤ ${TARGET_MS} ms)`,
);
console.log(
  `  memory: first parse heap +${(heapGrowth / MB).toFixed(1)} MB, peak RSS +${(peakRssGrowth / MB).toFixed(1)} MB; warm parse heap +${(warmGrowth / MB).toFixed(1)} MB; kept after it ${(kept / MB).toFixed(1)} MB (target ≤ ${TARGET_MB} MB)`,
);

const dailyTime = time(since1990, now, to, RUNS);
console.log(
  `daily rule since 1990 that never ends, alone: p50 ${dailyTime.p50.toFixed(1)} ms, p95 ${dailyTime.p95.toFixed(1)} ms → ${meetingsIn(since1990, now, to).length} meetings`,
);

const huge = oneOffs(now, 50_000);
const hugeTime = time(huge, now, to, 3);
console.log(
  `50,000 one-off events (${(huge.length / MB).toFixed(1)} MB): p50 ${hugeTime.p50.toFixed(0)} ms, max ${hugeTime.p95.toFixed(0)} ms (3 runs) → ${meetingsIn(huge, now, to).length} meetings`,
);
