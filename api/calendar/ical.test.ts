import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { icsOf, VTIMEZONES } from '../../tests/fakes/calendar';
import {
  CalendarError,
  DAMAGED_CALENDAR,
  MAX_ATTENDEES,
  MAX_MEETINGS,
  meetingsIn,
  NOT_A_CALENDAR,
  plainText,
} from './ical';

/** An iCal file of these VEVENT bodies (and any VTIMEZONE given), with CRLF lines as calendars send. */
function calendar(events: string[], zones = ''): string {
  const body = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Pitchpad tests//EN',
    zones,
    ...events.map((e) => `BEGIN:VEVENT\n${e.trim()}\nEND:VEVENT`),
    'END:VCALENDAR',
  ]
    .filter(Boolean)
    .join('\n');
  return body.replace(/\n/g, '\r\n');
}

/** America/New_York as Google Calendar exports it: DST ends on the first Sunday of November. */
const NEW_YORK = `BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE`;

const window = (from: string, days: number) => {
  const start = new Date(from);
  return [start, new Date(start.getTime() + days * 86_400_000)] as const;
};

describe('a calendar read as meetings', () => {
  it('reads a one-off meeting with its attendees, organizer and place', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 7);
    const meetings = meetingsIn(
      calendar([
        `UID:demo-1
DTSTART:20261202T150000Z
DTEND:20261202T153000Z
SUMMARY:Freightly demo
LOCATION:Zoom
ORGANIZER;CN=Ada Founder:mailto:ada@pitchpad.example
ATTENDEE;CN=Dana Ortiz:mailto:Dana@Freightly.example
ATTENDEE:mailto:sam@freightly.example`,
      ]),
      from,
      to,
    );
    expect(meetings).toEqual([
      {
        id: 'demo-1',
        title: 'Freightly demo',
        start: new Date('2026-12-02T15:00:00Z'),
        end: new Date('2026-12-02T15:30:00Z'),
        allDay: false,
        location: 'Zoom',
        organizer: { email: 'ada@pitchpad.example', name: 'Ada Founder' },
        attendees: [
          { email: 'dana@freightly.example', name: 'Dana Ortiz' },
          { email: 'sam@freightly.example' },
        ],
      },
    ]);
  });

  it('expands a weekly meeting, moves the occurrence an exception moves, and drops EXDATE and cancelled ones', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 29);
    const meetings = meetingsIn(
      calendar([
        `UID:weekly-1
DTSTART:20261201T140000Z
DTEND:20261201T143000Z
RRULE:FREQ=WEEKLY
EXDATE:20261215T140000Z
SUMMARY:Globex check-in`,
        // The 8th moved to 16:00.
        `UID:weekly-1
RECURRENCE-ID:20261208T140000Z
DTSTART:20261208T160000Z
DTEND:20261208T163000Z
SUMMARY:Globex check-in (moved)`,
        // The 22nd cancelled.
        `UID:weekly-1
RECURRENCE-ID:20261222T140000Z
DTSTART:20261222T140000Z
DTEND:20261222T143000Z
STATUS:CANCELLED
SUMMARY:Globex check-in`,
      ]),
      from,
      to,
    );
    expect(meetings.map((m) => [m.start.toISOString(), m.title])).toEqual([
      ['2026-12-01T14:00:00.000Z', 'Globex check-in'],
      ['2026-12-08T16:00:00.000Z', 'Globex check-in (moved)'],
      ['2026-12-29T14:00:00.000Z', 'Globex check-in'],
    ]);
    expect(new Set(meetings.map((m) => m.id)).size).toBe(3);
  });

  it('keeps a 9:00 New York meeting at 9:00 across the change from daylight time', () => {
    const [from, to] = window('2026-10-26T00:00:00Z', 14);
    const meetings = meetingsIn(
      calendar(
        [
          `UID:standup-ny
DTSTART;TZID=America/New_York:20261026T090000
DTEND;TZID=America/New_York:20261026T091500
RRULE:FREQ=WEEKLY;COUNT=3
SUMMARY:Pipeline review`,
        ],
        NEW_YORK,
      ),
      from,
      to,
    );
    // EDT (UTC-4) before 1 November 2026, EST (UTC-5) after: the UTC hour moves, the local one does not.
    expect(meetings.map((m) => m.start.toISOString())).toEqual([
      '2026-10-26T13:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
  });

  it('stops a rule that never ends at the window, and a cancelled meeting is not a meeting', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 7);
    const meetings = meetingsIn(
      calendar([
        `UID:forever
DTSTART:19900101T090000Z
DTEND:19900101T091000Z
RRULE:FREQ=DAILY
SUMMARY:Daily note`,
        `UID:gone
DTSTART:20261203T100000Z
DTEND:20261203T110000Z
STATUS:CANCELLED
SUMMARY:Cancelled call`,
      ]),
      from,
      to,
    );
    expect(meetings).toHaveLength(7);
    expect(meetings.every((m) => m.title === 'Daily note')).toBe(true);
  });

  it('keeps the first attendees of a huge invite, and the description as plain text', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 7);
    const attendees = Array.from(
      { length: 500 },
      (_, i) => `ATTENDEE:mailto:person${i}@corp.example`,
    ).join('\n');
    const [meeting] = meetingsIn(
      calendar([
        `UID:all-hands
DTSTART:20261204T170000Z
DTEND:20261204T180000Z
SUMMARY:All hands
DESCRIPTION:<p>Agenda:<br>1. Q4 <b>numbers</b></p><script>alert(1)</script>&amp; more
${attendees}`,
      ]),
      from,
      to,
    );
    expect(meeting!.attendees).toHaveLength(MAX_ATTENDEES);
    expect(meeting!.description).toBe('Agenda:\n1. Q4 numbers\nalert(1)& more');
  });

  it('refuses what is not a calendar, or a calendar file cut short, with words a rep can act on', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 7);
    for (const [text, message] of [
      ['<html><body>Sign in to Google</body></html>', NOT_A_CALENDAR],
      ['', NOT_A_CALENDAR],
      ['BEGIN:VCARD\r\nEND:VCARD', NOT_A_CALENDAR],
      [
        'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:cut\r\nDTSTART:2026',
        DAMAGED_CALENDAR,
      ],
    ])
      expect(() => meetingsIn(text!, from, to)).toThrow(new CalendarError(message));
  });
});

const starts = (meetings: { start: Date }[]) => meetings.map((m) => m.start.toISOString());

/** A calendar holding the VTIMEZONE of Europe/Berlin with these events. */
const inBerlin = (events: string[]) =>
  calendar(events, VTIMEZONES['Europe/Berlin'].replace(/\r\n/g, '\n'));

describe('a recurring meeting that started years ago', () => {
  it('still shows this week of a daily standup held since 1970 that never ends', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 7);
    const meetings = meetingsIn(
      calendar([
        `UID:standup
DTSTART:19700101T083000Z
DTEND:19700101T084500Z
RRULE:FREQ=DAILY
SUMMARY:Standup`,
      ]),
      from,
      to,
    );
    expect(starts(meetings)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((day) => `2026-12-0${day}T08:30:00.000Z`),
    );
    expect(meetings[0]!.id).toBe('standup@2026-12-01T08:30:00.000Z');
  });

  it('keeps every other week on the weeks counted from 2001', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 28);
    const meetings = meetingsIn(
      calendar([
        `UID:fortnightly
DTSTART:20010102T150000Z
DTEND:20010102T160000Z
RRULE:FREQ=WEEKLY;INTERVAL=2
SUMMARY:Pipeline review`,
      ]),
      from,
      to,
    );
    expect(starts(meetings)).toEqual(['2026-12-01T15:00:00.000Z', '2026-12-15T15:00:00.000Z']);
  });

  it('finds the second Tuesday of each month', () => {
    const [from, to] = window('2026-11-01T00:00:00Z', 61);
    const meetings = meetingsIn(
      calendar([
        `UID:board
DTSTART:20100112T100000Z
DTEND:20100112T110000Z
RRULE:FREQ=MONTHLY;BYDAY=2TU
SUMMARY:Board prep`,
      ]),
      from,
      to,
    );
    expect(starts(meetings)).toEqual(['2026-11-10T10:00:00.000Z', '2026-12-08T10:00:00.000Z']);
  });

  it('counts COUNT from the first occurrence and stops at UNTIL', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 7);
    const meetings = meetingsIn(
      calendar([
        `UID:ended
DTSTART:20260105T090000Z
DTEND:20260105T093000Z
RRULE:FREQ=WEEKLY;COUNT=10
SUMMARY:Onboarding`,
        `UID:last-weeks
DTSTART:20261110T120000Z
DTEND:20261110T123000Z
RRULE:FREQ=DAILY;COUNT=25
SUMMARY:Pilot check`,
        `UID:until
DTSTART:20050301T170000Z
DTEND:20050301T171500Z
RRULE:FREQ=DAILY;UNTIL=20261203T170000Z
SUMMARY:Wrap-up`,
      ]),
      from,
      to,
    );
    expect(meetings.map((m) => [m.start.toISOString(), m.title])).toEqual([
      ['2026-12-01T12:00:00.000Z', 'Pilot check'],
      ['2026-12-01T17:00:00.000Z', 'Wrap-up'],
      ['2026-12-02T12:00:00.000Z', 'Pilot check'],
      ['2026-12-02T17:00:00.000Z', 'Wrap-up'],
      ['2026-12-03T12:00:00.000Z', 'Pilot check'],
      ['2026-12-03T17:00:00.000Z', 'Wrap-up'],
      ['2026-12-04T12:00:00.000Z', 'Pilot check'],
    ]);
  });

  it('leaves out an EXDATE and a cancelled occurrence of a series from 1995', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 28);
    const meetings = meetingsIn(
      calendar([
        `UID:weekly-95
DTSTART:19950103T140000Z
DTEND:19950103T143000Z
RRULE:FREQ=WEEKLY
EXDATE:20261208T140000Z
SUMMARY:Forecast call`,
        `UID:weekly-95
RECURRENCE-ID:20261215T140000Z
DTSTART:20261215T140000Z
DTEND:20261215T143000Z
STATUS:CANCELLED
SUMMARY:Forecast call`,
      ]),
      from,
      to,
    );
    expect(starts(meetings)).toEqual(['2026-12-01T14:00:00.000Z', '2026-12-22T14:00:00.000Z']);
  });

  it('shows an occurrence moved into the window from next week, not one moved out of it', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 7);
    const meetings = meetingsIn(
      calendar([
        `UID:weekly-99
DTSTART:19990105T140000Z
DTEND:19990105T143000Z
RRULE:FREQ=WEEKLY
SUMMARY:Globex check-in`,
        // This week's, moved to next Thursday.
        `UID:weekly-99
RECURRENCE-ID:20261201T140000Z
DTSTART:20261210T140000Z
DTEND:20261210T143000Z
SUMMARY:Globex check-in (moved out)`,
        // Next week's, moved to this Friday.
        `UID:weekly-99
RECURRENCE-ID:20261208T140000Z
DTSTART:20261204T160000Z
DTEND:20261204T163000Z
SUMMARY:Globex check-in (moved in)`,
      ]),
      from,
      to,
    );
    expect(meetings.map((m) => [m.id, m.start.toISOString(), m.title])).toEqual([
      [
        'weekly-99@2026-12-08T14:00:00.000Z',
        '2026-12-04T16:00:00.000Z',
        'Globex check-in (moved in)',
      ],
    ]);
  });

  it('cancels an occurrence of its own series only, not of another series at the same time', () => {
    const [from, to] = window('2026-12-07T00:00:00Z', 7);
    const meetings = meetingsIn(
      calendar([
        `UID:sales-sync
DTSTART:20200107T140000Z
DTEND:20200107T143000Z
RRULE:FREQ=WEEKLY
SUMMARY:Sales sync`,
        `UID:sales-sync
RECURRENCE-ID:20261208T140000Z
DTSTART:20261208T140000Z
DTEND:20261208T143000Z
STATUS:CANCELLED
SUMMARY:Sales sync`,
        `UID:hiring
DTSTART:20210105T140000Z
DTEND:20210105T150000Z
RRULE:FREQ=WEEKLY
SUMMARY:Hiring panel`,
      ]),
      from,
      to,
    );
    expect(meetings.map((m) => m.title)).toEqual(['Hiring panel']);
  });

  it('shows one occurrence of someone else’s series the rep was invited to alone', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 7);
    const meetings = meetingsIn(
      calendar([
        `UID:their-series
RECURRENCE-ID:20261203T150000Z
DTSTART:20261203T150000Z
DTEND:20261203T160000Z
SUMMARY:Globex roadmap`,
        `UID:their-series
RECURRENCE-ID:20261205T150000Z
DTSTART:20261205T150000Z
DTEND:20261205T160000Z
SUMMARY:Globex roadmap`,
      ]),
      from,
      to,
    );
    expect(meetings.map((m) => m.id)).toEqual([
      'their-series@2026-12-03T15:00:00.000Z',
      'their-series@2026-12-05T15:00:00.000Z',
    ]);
  });

  // The walk starts a few periods before the window instead of at DTSTART: for every kind of rule
  // it must give what ical.js gives walking from DTSTART, here without any limit, on dates where a
  // shortcut would go wrong (31st and 29 February starts, daylight-saving changes, year ends).
  const RULES = [
    'FREQ=DAILY',
    'FREQ=DAILY;INTERVAL=3',
    'FREQ=DAILY;BYDAY=MO,WE',
    'FREQ=DAILY;BYHOUR=9,17',
    'FREQ=WEEKLY',
    'FREQ=WEEKLY;INTERVAL=2',
    'FREQ=WEEKLY;BYDAY=TU,TH',
    'FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,FR;WKST=SU',
    'FREQ=WEEKLY;BYDAY=MO;BYMONTH=3,12',
    'FREQ=MONTHLY',
    'FREQ=MONTHLY;INTERVAL=2',
    'FREQ=MONTHLY;BYDAY=2TU',
    'FREQ=MONTHLY;BYDAY=-1FR',
    'FREQ=MONTHLY;BYMONTHDAY=-1',
    'FREQ=MONTHLY;BYMONTHDAY=31',
    'FREQ=MONTHLY;BYMONTHDAY=1,15',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO',
    'FREQ=YEARLY',
    'FREQ=WEEKLY;UNTIL=20261231T000000Z',
  ];
  const STARTS = [
    'DTSTART;TZID=Europe/Berlin:20000131T093000',
    'DTSTART;TZID=Europe/Berlin:19960229T170000',
    'DTSTART:20121231T080000Z',
  ];
  const WINDOWS = [
    window('2026-03-23T00:00:00Z', 9),
    window('2026-10-22T00:00:00Z', 9),
    window('2026-12-27T00:00:00Z', 9),
    window('2028-02-24T00:00:00Z', 9),
  ];

  /** The occurrences in each window, found by ical.js walking the rule from DTSTART. */
  function walkedFromStart(text: string): string[][] {
    const root = new ICAL.Component(ICAL.parse(text));
    const event = new ICAL.Event(root.getFirstSubcomponent('vevent')!, { exceptions: [] });
    const end = Math.max(...WINDOWS.map(([, to]) => to.getTime()));
    const found: string[][] = WINDOWS.map(() => []);
    const iterator = event.iterator();
    for (
      let next = iterator.next();
      next && next.toJSDate().getTime() < end;
      next = iterator.next()
    ) {
      const { startDate, endDate } = event.getOccurrenceDetails(next);
      WINDOWS.forEach(([from, to], i) => {
        if (startDate.toJSDate() < to && endDate.toJSDate() > from)
          found[i]!.push(startDate.toJSDate().toISOString());
      });
    }
    return found;
  }

  it.each(RULES)('gives what a walk from DTSTART gives: %s', (rule) => {
    for (const start of STARTS) {
      const text = inBerlin([`UID:r\n${start}\nDURATION:PT45M\nRRULE:${rule}\nSUMMARY:Call`]);
      const expected = walkedFromStart(text);
      WINDOWS.forEach(([from, to], i) =>
        expect(starts(meetingsIn(text, from, to)), `${start} in window ${i}`).toEqual(expected[i]),
      );
    }
  });
});

/** A weekly Monday meeting at 9:00 in `zone` from 16 March 2026. */
const weeklyAtNine = (zone: string) => `UID:berlin-weekly
DTSTART;TZID=${zone}:20260316T090000
DTEND;TZID=${zone}:20260316T093000
RRULE:FREQ=WEEKLY
SUMMARY:Berlin team`;

describe('time zones', () => {
  it('keeps a 9:00 Berlin meeting at 9:00 across the last Sunday of March, with or without the file’s VTIMEZONE', () => {
    const [from, to] = window('2026-03-20T00:00:00Z', 14);
    // CET (UTC+1) until 29 March 2026, CEST (UTC+2) after: the UTC hour moves, the local one does not.
    const expected = ['2026-03-23T08:00:00.000Z', '2026-03-30T07:00:00.000Z'];
    expect(starts(meetingsIn(inBerlin([weeklyAtNine('Europe/Berlin')]), from, to))).toEqual(
      expected,
    );
    expect(starts(meetingsIn(calendar([weeklyAtNine('Europe/Berlin')]), from, to))).toEqual(
      expected,
    );
    const since2015 = weeklyAtNine('Europe/Berlin').replace(/20260316/g, '20150105');
    expect(starts(meetingsIn(inBerlin([since2015]), from, to))).toEqual(expected);
  });

  it('reads each file with its own zones: a file defining Europe/Berlin wrongly changes no other file', () => {
    const [from, to] = window('2026-03-20T00:00:00Z', 7);
    const wrongBerlin = calendar(
      [weeklyAtNine('Europe/Berlin')],
      `BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:STANDARD
DTSTART:19700101T000000
TZOFFSETFROM:+0500
TZOFFSETTO:+0500
END:STANDARD
END:VTIMEZONE`,
    );
    const withZone = inBerlin([weeklyAtNine('Europe/Berlin')]);
    const withoutZone = calendar([weeklyAtNine('Europe/Berlin')]);
    for (let round = 0; round < 2; round++) {
      expect(starts(meetingsIn(wrongBerlin, from, to))).toEqual(['2026-03-23T04:00:00.000Z']);
      expect(starts(meetingsIn(withoutZone, from, to))).toEqual(['2026-03-23T08:00:00.000Z']);
      expect(starts(meetingsIn(withZone, from, to))).toEqual(['2026-03-23T08:00:00.000Z']);
    }
  });

  it('reads an Outlook zone named the Windows way, with no VTIMEZONE, as its IANA zone', () => {
    const [from, to] = window('2026-03-20T00:00:00Z', 14);
    // 'W. Europe Standard Time' is Berlin's: 9:00 is 08:00 UTC before the change, 07:00 after.
    expect(
      starts(meetingsIn(calendar([weeklyAtNine('W. Europe Standard Time')]), from, to)),
    ).toEqual(['2026-03-23T08:00:00.000Z', '2026-03-30T07:00:00.000Z']);
    expect(starts(meetingsIn(calendar([weeklyAtNine('Pacific Standard Time')]), from, to))).toEqual(
      ['2026-03-23T16:00:00.000Z', '2026-03-30T16:00:00.000Z'],
    );
  });

  it('reads a zone no one knows as the calendar’s own zone, else as UTC, and the other meetings still', () => {
    const [from, to] = window('2026-03-20T00:00:00Z', 7);
    const events = [
      weeklyAtNine('Mars/Olympus_Mons'),
      `UID:utc
DTSTART:20260324T120000Z
DTEND:20260324T123000Z
SUMMARY:Lunch`,
    ];
    expect(starts(meetingsIn(calendar(events), from, to))).toEqual([
      '2026-03-23T09:00:00.000Z',
      '2026-03-24T12:00:00.000Z',
    ]);
    const newYorkCalendar = calendar(events).replace(
      'VERSION:2.0',
      'VERSION:2.0\r\nX-WR-TIMEZONE:America/New_York',
    );
    expect(starts(meetingsIn(newYorkCalendar, from, to))).toEqual([
      '2026-03-23T13:00:00.000Z',
      '2026-03-24T12:00:00.000Z',
    ]);
  });

  it('reads a zone whose VTIMEZONE is broken by the IANA rules of its name', () => {
    const [from, to] = window('2026-03-20T00:00:00Z', 7);
    const broken = calendar(
      [weeklyAtNine('Europe/Berlin')],
      `BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:STANDARD
DTSTART:19700101T000000
TZOFFSETFROM:bogus
TZOFFSETTO:+0100
END:STANDARD
END:VTIMEZONE`,
    );
    expect(starts(meetingsIn(broken, from, to))).toEqual(['2026-03-23T08:00:00.000Z']);
  });
});

describe('a calendar no one should send', () => {
  it('keeps the soonest meetings of 50,000 events', () => {
    const from = new Date('2026-12-01T00:00:00Z');
    const to = new Date('2026-12-08T00:00:00Z');
    // One in fifty in the window (1,000 meetings, twice what is kept), in reverse order of time.
    const events = Array.from({ length: 50_000 }, (_, i) => ({
      uid: `event-${i}`,
      start:
        i % 50 === 0
          ? new Date(to.getTime() - (i / 50 + 1) * 600_000)
          : new Date(from.getTime() - (i + 1) * 3_600_000),
      minutes: 5,
      summary: `Event ${i}`,
      attendees: [],
    }));
    const meetings = meetingsIn(icsOf(events), from, to);
    expect(meetings).toHaveLength(MAX_MEETINGS);
    const soonest = events
      .filter((e) => e.start >= from)
      .map((e) => e.start.toISOString())
      .toSorted()
      .slice(0, MAX_MEETINGS);
    expect(starts(meetings)).toEqual(soonest);
  });

  it('leaves out an event whose date or rule cannot be read, and reads the rest', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 7);
    const meetings = meetingsIn(
      calendar([
        `UID:bad-date
DTSTART:garbage
SUMMARY:Broken`,
        `UID:bad-rule
DTSTART:20261201T100000Z
DTEND:20261201T110000Z
RRULE:FREQ=MONTHLY;BYDAY=9MO
SUMMARY:Broken rule`,
        `UID:good
DTSTART:20261202T100000Z
DTEND:20261202T110000Z
SUMMARY:Freightly demo`,
      ]),
      from,
      to,
    );
    expect(meetings.map((m) => m.title)).toEqual(['Freightly demo']);
  });

  it('stops an hourly rule since 1970 that never ends, and still reads the other meetings', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 7);
    const meetings = meetingsIn(
      calendar([
        ...Array.from(
          { length: 5 },
          (_, i) => `UID:hourly-${i}
DTSTART:19700101T000000Z
DURATION:PT1M
RRULE:FREQ=HOURLY
SUMMARY:Ping`,
        ),
        `UID:demo
DTSTART:20261202T150000Z
DTEND:20261202T153000Z
SUMMARY:Freightly demo`,
      ]),
      from,
      to,
    );
    expect(meetings.map((m) => m.title)).toEqual(['Freightly demo']);
  });

  it('reads two calendars sent one after another in one file', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 7);
    const one = calendar(['UID:a\nDTSTART:20261202T150000Z\nDTEND:20261202T153000Z\nSUMMARY:A']);
    const two = calendar(['UID:b\nDTSTART:20261203T150000Z\nDTEND:20261203T153000Z\nSUMMARY:B']);
    expect(meetingsIn(`${one}\r\n${two}`, from, to).map((m) => m.id)).toEqual(['a', 'b']);
  });
});

describe('an invite’s description', () => {
  it('loses its markup and keeps its words and lines', () => {
    expect(plainText('<div>Hi&nbsp;Dana</div><div>See &lt;deck&gt;</div>')).toBe(
      'Hi Dana\nSee <deck>',
    );
    expect(plainText('Dana&#8217;s team &#x2014; <i>Q4</i>')).toBe('Dana’s team — Q4');
  });

  it('is read in one pass however hostile: megabytes of "<" or of spaces come back bounded', () => {
    expect(plainText('<'.repeat(1_000_000))).toBe('<'.repeat(4_000));
    expect(plainText(`${' '.repeat(1_000_000)}x`)).toBe('x');
    expect(plainText('<b'.repeat(500_000))).toHaveLength(4_000);
  });
});
