// A fake calendar host on loopback, as Google Calendar's secret iCal address answers: the .ics with
// an ETag (304 to a matching If-None-Match), or what a broken address gives (404, a sign-in page).
// Tests let the server fetch it with FETCH_ALLOW_LOOPBACK; it counts every request it gets.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCalendar {
  /** The secret address of the calendar. */
  url: string;
  /** What the address answers now. */
  answer: 'calendar' | 'not-found' | 'sign-in';
  /** The iCal text served. */
  ics: string;
  requests: { ifNoneMatch?: string }[];
  close(): Promise<void>;
}

/** 20261202T150000Z, as iCal writes a UTC time. */
export const icalTime = (date: Date) =>
  `${date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;

/** A calendar of these events (each `UID`, start, minutes, summary and attendees' emails). */
export function icsOf(
  events: { uid: string; start: Date; minutes: number; summary: string; attendees: string[] }[],
): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Fake Calendar//EN'];
  for (const e of events)
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTART:${icalTime(e.start)}`,
      `DTEND:${icalTime(new Date(e.start.getTime() + e.minutes * 60_000))}`,
      `SUMMARY:${e.summary}`,
      ...e.attendees.map((email) => `ATTENDEE:mailto:${email}`),
      'END:VEVENT',
    );
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

export async function startFakeCalendar(ics: string): Promise<FakeCalendar> {
  const fake = { answer: 'calendar', ics, requests: [] } as unknown as FakeCalendar;
  const server: Server = createServer((req, res) => {
    const ifNoneMatch = req.headers['if-none-match'];
    fake.requests.push(typeof ifNoneMatch === 'string' ? { ifNoneMatch } : {});
    if (fake.answer === 'not-found') return res.writeHead(404).end('Not Found');
    if (fake.answer === 'sign-in')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body>Sign in to continue</body></html>');
    const etag = `"${Buffer.from(fake.ics).length}-${fake.ics.length % 97}"`;
    if (ifNoneMatch === etag) return res.writeHead(304, { etag }).end();
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(fake.ics);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/ical/secret-abc/basic.ics`;
  fake.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return fake;
}
