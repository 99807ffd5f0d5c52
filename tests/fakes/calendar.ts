// A fake calendar host on loopback, as Google Calendar's secret iCal address answers: the .ics with
// an ETag (304 to a matching If-None-Match), or what a broken address gives (404, a sign-in page).
// Given a `lastModified`, it also sends Last-Modified and answers 304 to an If-Modified-Since not
// before it, as a real host does (only when no If-None-Match came: that one wins); `etag: false`
// serves a host that sends no ETag at all. Tests let the server fetch it with FETCH_ALLOW_LOOPBACK;
// it counts every request it gets, with the validators each carried.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCalendar {
  /** The secret address of the calendar. */
  url: string;
  /** What the address answers now. */
  answer: 'calendar' | 'not-found' | 'sign-in';
  /** The iCal text served. */
  ics: string;
  /** Whether the answer carries an ETag (true unless a test serves a host that sends none). */
  etag: boolean;
  /** The calendar's Last-Modified, sent with it when set (null: the host sends none). */
  lastModified: Date | null;
  /** Every request the host got, in order, with the validators it carried. */
  requests: { ifNoneMatch?: string; ifModifiedSince?: string }[];
  close(): Promise<void>;
}

/** 20261202T150000Z, as iCal writes a UTC time. */
export const icalTime = (date: Date) =>
  `${date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;

/** One event of a fake calendar; the optional parts are what recurring and zoned meetings carry. */
export interface FakeEvent {
  uid: string;
  start: Date;
  minutes: number;
  summary: string;
  attendees: string[];
  /** Written as the wall-clock time in this zone (`DTSTART;TZID=…`), its VTIMEZONE given to icsOf. */
  tzid?: string;
  /** An RRULE value, as `FREQ=WEEKLY;BYDAY=MO`. */
  rrule?: string;
  /** Occurrences taken out of the rule. */
  exdates?: Date[];
  /** This event is the exception of the rule with the same UID for the occurrence that started then. */
  recurrenceId?: Date;
  cancelled?: boolean;
  organizer?: string;
  description?: string;
}

/** Time zones as Google Calendar writes them into an export, by TZID. */
export const VTIMEZONES = {
  'Europe/Berlin': [
    'BEGIN:VTIMEZONE',
    'TZID:Europe/Berlin',
    'X-LIC-LOCATION:Europe/Berlin',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'TZNAME:CEST',
    'DTSTART:19700329T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'TZNAME:CET',
    'DTSTART:19701025T030000',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n'),
  'America/New_York': [
    'BEGIN:VTIMEZONE',
    'TZID:America/New_York',
    'X-LIC-LOCATION:America/New_York',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0400',
    'TZNAME:EDT',
    'DTSTART:19700308T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'TZNAME:EST',
    'DTSTART:19701101T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n'),
  'Asia/Kolkata': [
    'BEGIN:VTIMEZONE',
    'TZID:Asia/Kolkata',
    'X-LIC-LOCATION:Asia/Kolkata',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0530',
    'TZOFFSETTO:+0530',
    'TZNAME:IST',
    'DTSTART:19700101T000000',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n'),
};

/** `date` as the wall clock in `tzid`, as iCal writes a local time (20261202T160000). */
export function icalLocalTime(date: Date, tzid: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: tzid,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** Text as an iCal value writes it: backslash, comma and semicolon escaped, newlines as \\n. */
const icalText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

/** A calendar of these events, with these VTIMEZONEs (the text of each, as `VTIMEZONES` holds). */
export function icsOf(events: FakeEvent[], zones: string[] = []): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Fake Calendar//EN', ...zones];
  for (const e of events) {
    const time = (name: string, date: Date) =>
      e.tzid
        ? `${name};TZID=${e.tzid}:${icalLocalTime(date, e.tzid)}`
        : `${name}:${icalTime(date)}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      ...(e.recurrenceId ? [time('RECURRENCE-ID', e.recurrenceId)] : []),
      time('DTSTART', e.start),
      time('DTEND', new Date(e.start.getTime() + e.minutes * 60_000)),
      ...(e.rrule ? [`RRULE:${e.rrule}`] : []),
      ...(e.exdates ?? []).map((date) => time('EXDATE', date)),
      `SUMMARY:${e.summary}`,
      ...(e.cancelled ? ['STATUS:CANCELLED'] : []),
      ...(e.organizer ? [`ORGANIZER:mailto:${e.organizer}`] : []),
      ...(e.description ? [`DESCRIPTION:${icalText(e.description)}`] : []),
      ...e.attendees.map((email) => `ATTENDEE:mailto:${email}`),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

export async function startFakeCalendar(ics: string): Promise<FakeCalendar> {
  const fake = {
    answer: 'calendar',
    ics,
    etag: true,
    lastModified: null,
    requests: [],
  } as unknown as FakeCalendar;
  const server: Server = createServer((req, res) => {
    const ifNoneMatch = req.headers['if-none-match'];
    const ifModifiedSince = req.headers['if-modified-since'];
    fake.requests.push({
      ...(typeof ifNoneMatch === 'string' ? { ifNoneMatch } : {}),
      ...(typeof ifModifiedSince === 'string' ? { ifModifiedSince } : {}),
    });
    if (fake.answer === 'not-found') return res.writeHead(404).end('Not Found');
    if (fake.answer === 'sign-in')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body>Sign in to continue</body></html>');
    // A hash of the content, as a real host's: a meeting moved changes it, whatever the length.
    const etag = fake.etag
      ? `"${createHash('sha1').update(fake.ics).digest('hex').slice(0, 16)}"`
      : undefined;
    const lastModified = fake.lastModified?.toUTCString();
    const validators = {
      ...(etag ? { etag } : {}),
      ...(lastModified ? { 'last-modified': lastModified } : {}),
    };
    // If-None-Match first; If-Modified-Since only without it, a date at or after the last change.
    const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
    const unchanged =
      ifNoneMatch !== undefined
        ? ifNoneMatch === etag
        : lastModified !== undefined && since >= Date.parse(lastModified);
    if (unchanged) return res.writeHead(304, validators).end();
    res
      .writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', ...validators })
      .end(fake.ics);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/ical/secret-abc/basic.ics`;
  fake.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return fake;
}
