import { describe, expect, it } from 'vitest';
import { CalendarError, MAX_ATTENDEES, meetingsIn, plainText } from './ical';

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

  it('refuses what is not a calendar with words a rep can act on', () => {
    const [from, to] = window('2026-12-01T00:00:00Z', 7);
    for (const text of [
      '<html><body>Sign in to Google</body></html>',
      '',
      'BEGIN:VCARD\r\nEND:VCARD',
    ])
      expect(() => meetingsIn(text, from, to)).toThrow(CalendarError);
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
