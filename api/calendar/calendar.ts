/**
 * The rep's calendar on the server: the secret iCal address stored encrypted, fetched under the URL
 * guard (api/net/guardedFetch.ts) with ETag / If-Modified-Since so an unchanged calendar costs one
 * small answer, read into meetings (ical.ts), and the last good read kept: a fetch that fails (the
 * address answers 404 or a sign-in page, a malformed file) is said on the account page while the
 * meetings stay as they were.
 */
import type { Config } from '../config';
import type { Pool } from '../db';
import { GuardedFetchError, guardedFetch } from '../net/guardedFetch';
import { PURPOSE, seal, unseal } from '../settings/secretBox';
import { isColleague } from '../../domain/briefs/prepBrief';
import { CalendarError, meetingsIn, type Meeting } from './ical';

/** The calendar is read again when its last read is older than this (while the rep uses the app). */
export const CALENDAR_FRESH_MS = 15 * 60 * 1000;
/** How far ahead meetings are kept. */
export const CALENDAR_DAYS = 7;
/** Meetings that ended this recently stay listed: the rep debriefs them. */
export const CALENDAR_PAST_MS = 12 * 3_600_000;

export interface StoredCalendar {
  host: string;
  url: string | null;
  etag: string | null;
  lastModified: string | null;
  meetings: Meeting[];
  fetchedAt: Date | null;
  goodAt: Date | null;
  problem: string | null;
}

interface Row {
  url_encrypted: string;
  host: string;
  etag: string | null;
  last_modified: string | null;
  meetings: (Omit<Meeting, 'start' | 'end'> & { start: string; end: string })[];
  fetched_at: Date | null;
  good_at: Date | null;
  problem: string | null;
}

export async function readCalendar(
  pool: Pool,
  config: Config,
  userId: number,
): Promise<StoredCalendar | null> {
  const { rows } = await pool.query<Row>('SELECT * FROM calendar_connections WHERE user_id = $1', [
    userId,
  ]);
  const row = rows[0];
  if (!row) return null;
  const url =
    unseal(row.url_encrypted, config.sessionSecret, PURPOSE.calendarUrl) ??
    (config.previousSessionSecret
      ? unseal(row.url_encrypted, config.previousSessionSecret, PURPOSE.calendarUrl)
      : null);
  return {
    host: row.host,
    url,
    etag: row.etag,
    lastModified: row.last_modified,
    meetings: row.meetings.map((m) => ({ ...m, start: new Date(m.start), end: new Date(m.end) })),
    fetchedAt: row.fetched_at ? new Date(row.fetched_at) : null,
    goodAt: row.good_at ? new Date(row.good_at) : null,
    problem: row.problem,
  };
}

/** What one read of the address gave: meetings (or 'unchanged'), and the validators to send next. */
type Read =
  | { kind: 'meetings'; meetings: Meeting[]; etag: string | null; lastModified: string | null }
  | { kind: 'unchanged' }
  | { kind: 'problem'; problem: string };

/** Reads the calendar at `url` for the window from `now`; a problem in the rep's words, never a throw. */
export async function readAddress(
  config: Config,
  url: string,
  validators: { etag: string | null; lastModified: string | null },
  now = new Date(),
): Promise<Read> {
  try {
    const answer = await guardedFetch(url, {
      ...config.userFetch,
      headers: {
        accept: 'text/calendar, */*',
        ...(validators.etag ? { 'if-none-match': validators.etag } : {}),
        ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
      },
    });
    if (answer.status === 304) return { kind: 'unchanged' };
    if (answer.status === 404 || answer.status === 410)
      return {
        kind: 'problem',
        problem:
          'The calendar address answers that there is no calendar there any more: copy it again from your calendar.',
      };
    if (answer.status === 401 || answer.status === 403)
      return {
        kind: 'problem',
        problem:
          'The calendar address asks for a sign-in: use the secret address (iCal format), which opens without one.',
      };
    if (answer.status !== 200)
      return { kind: 'problem', problem: `The calendar address answered ${answer.status}.` };
    const to = new Date(now.getTime() + CALENDAR_DAYS * 86_400_000);
    const header = (name: string) => {
      const value = answer.headers[name];
      return typeof value === 'string' ? value : null;
    };
    return {
      kind: 'meetings',
      meetings: meetingsIn(
        answer.body.toString('utf8'),
        new Date(now.getTime() - CALENDAR_PAST_MS),
        to,
      ),
      etag: header('etag'),
      lastModified: header('last-modified'),
    };
  } catch (error) {
    if (error instanceof GuardedFetchError && error.kind === 'too-large')
      return { kind: 'problem', problem: CALENDAR_TOO_LARGE };
    if (error instanceof GuardedFetchError || error instanceof CalendarError)
      return { kind: 'problem', problem: error.message };
    throw error;
  }
}

/** A calendar file over the fetch's size limit: what the rep can do about it. */
export const CALENDAR_TOO_LARGE =
  'That calendar’s file is larger than 5 MB, more than Pitchpad reads. Connect a calendar that holds only your work meetings, or one with fewer years of past events.';

/** Stores the address (and the meetings its first read gave), replacing the rep's earlier calendar. */
export async function saveCalendar(
  pool: Pool,
  config: Config,
  userId: number,
  url: string,
  read: Extract<Read, { kind: 'meetings' }>,
  timeZone = 'UTC',
): Promise<void> {
  await pool.query(
    `INSERT INTO calendar_connections (user_id, url_encrypted, host, etag, last_modified, meetings,
       fetched_at, good_at, problem, time_zone)
     VALUES ($1, $2, $3, $4, $5, $6, now(), now(), NULL, $7)
     ON CONFLICT (user_id) DO UPDATE SET url_encrypted = $2, host = $3, etag = $4,
       last_modified = $5, meetings = $6, fetched_at = now(), good_at = now(), problem = NULL,
       time_zone = $7, created_at = now()`,
    [
      userId,
      seal(url, config.sessionSecret, PURPOSE.calendarUrl),
      new URL(url).host,
      read.etag,
      read.lastModified,
      JSON.stringify(read.meetings),
      timeZone,
    ],
  );
}

/** The rep's time zone as their phone last said it (the evening before, a reminder's time). */
export async function setCalendarTimeZone(pool: Pool, userId: number, timeZone: string) {
  await pool.query(
    'UPDATE calendar_connections SET time_zone = $2 WHERE user_id = $1 AND time_zone <> $2',
    [userId, timeZone],
  );
}

/** Reads the stored calendar again if its last read is stale; keeps the last good meetings on a problem. */
export async function refreshCalendar(
  pool: Pool,
  config: Config,
  userId: number,
  now = new Date(),
): Promise<StoredCalendar | null> {
  const stored = await readCalendar(pool, config, userId);
  if (!stored) return null;
  if (stored.fetchedAt && now.getTime() - stored.fetchedAt.getTime() < CALENDAR_FRESH_MS)
    return stored;
  if (!stored.url) {
    await pool.query(
      'UPDATE calendar_connections SET fetched_at = now(), problem = $2 WHERE user_id = $1',
      [userId, 'The saved calendar address can no longer be read: paste it again.'],
    );
    return readCalendar(pool, config, userId);
  }
  const read = await readAddress(config, stored.url, stored, now);
  if (read.kind === 'meetings')
    await pool.query(
      `UPDATE calendar_connections SET meetings = $2, etag = $3, last_modified = $4,
         fetched_at = now(), good_at = now(), problem = NULL WHERE user_id = $1`,
      [userId, JSON.stringify(read.meetings), read.etag, read.lastModified],
    );
  else
    await pool.query(
      `UPDATE calendar_connections SET fetched_at = now(),
         problem = $2, good_at = CASE WHEN $2::text IS NULL THEN now() ELSE good_at END
       WHERE user_id = $1`,
      [userId, read.kind === 'problem' ? read.problem : null],
    );
  return readCalendar(pool, config, userId);
}

/** Forgets the address, the meetings and their briefs. */
export async function deleteCalendar(pool: Pool, userId: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    `WITH briefs AS (DELETE FROM meeting_briefs WHERE user_id = $1)
     DELETE FROM calendar_connections WHERE user_id = $1`,
    [userId],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Internal: no one outside the rep's own company is invited (every attendee and the organizer has
 * an address at the rep's domain, or the invite names no one: a block of the rep's own time). Such
 * a meeting gets no brief unless asked.
 */
export function isInternal(meeting: Meeting, repEmail: string): boolean {
  const people = [...meeting.attendees, ...(meeting.organizer ? [meeting.organizer] : [])];
  return people.every((p) => isColleague(p.email, repEmail));
}
