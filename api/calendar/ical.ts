/**
 * A rep's calendar as meetings: an iCal file (what Google Calendar, Outlook and Apple Calendar give
 * as a secret address) read with ical.js, Mozilla's RFC 5545 parser, which knows recurrence rules,
 * their exceptions (a moved or cancelled occurrence, EXDATE) and the file's own time zones.
 *
 * Recurring meetings are expanded within the window asked for; cancelled ones are left out. ical.js
 * can only walk a rule from its first occurrence, so a daily rule since 1990 would cost thousands
 * of steps: the walk starts instead a few whole periods before the window (fastForward), which
 * gives the same occurrences. Every loop is bounded: MAX_OCCURRENCES steps per rule and
 * MAX_CALENDAR_OCCURRENCES per file, at most MAX_MEETINGS meetings (the soonest) and MAX_ATTENDEES
 * attendees each. Descriptions are plain text: an invite's HTML is taken out, never rendered.
 *
 * Time zones are the file's own: ical.js looks a TZID up in the file's VTIMEZONEs, never in its
 * process-wide registry, so one rep's file cannot change how another's is read. A TZID the file
 * does not define is read with the IANA rules Node knows (Intl), a Windows zone name (Outlook's 'W.
 * Europe Standard Time') as its IANA zone (windows-iana, CLDR's table), and a name no one knows in
 * the calendar's own zone (X-WR-TIMEZONE), else as UTC.
 *
 * Why ical.js, of the three maintained readers tried: node-ical expands recurrences through rrule
 * and leaves moved or cancelled occurrences (RECURRENCE-ID) and EXDATE matching to the caller, and
 * registers time zones process-wide; rrule alone reads rules, not files (no VTIMEZONE, no
 * exceptions). ical.js reads a whole RFC 5545 file, relates exceptions to their series, and reads
 * each VTIMEZONE as the file defines it; its one gap, walking a rule from its first occurrence, is
 * closed by fastForward below.
 */
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';

/** The most meetings kept from one calendar's window. */
export const MAX_MEETINGS = 500;
/** The most attendees kept per meeting (the first ones: an all-hands invite lists hundreds). */
export const MAX_ATTENDEES = 50;
/** The most occurrences of one rule looked at (a rule the fast-forward cannot skip: COUNT, hourly). */
const MAX_OCCURRENCES = 20_000;
/** The most occurrences looked at in one calendar, so thousands of endless rules still end soon. */
const MAX_CALENDAR_OCCURRENCES = 50_000;
/** The longest description kept. */
const DESCRIPTION_MAX = 4_000;
const DAY_MS = 86_400_000;

export const NOT_A_CALENDAR = 'That address did not answer with a calendar (an .ics file).';
export const DAMAGED_CALENDAR =
  'The calendar at that address sent a damaged or cut-off file: try again later.';

export interface Attendee {
  email: string;
  name?: string;
}

export interface Meeting {
  /**
   * The event's UID; for an occurrence of a recurring one, with the time it was planned for (its
   * RECURRENCE-ID), so the id stays the same across fetches even when the occurrence is moved.
   */
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  location?: string;
  description?: string;
  organizer?: Attendee;
  attendees: Attendee[];
}

export class CalendarError extends Error {
  override name = 'CalendarError';
}

const ENTITIES: Record<string, string> = {
  nbsp: ' ',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  amp: '&',
};

/**
 * An invite's description as plain text: tags out, entities read, blank runs folded, bounded. Every
 * pattern is linear: a description can be megabytes of '<'.
 */
export function plainText(text: string): string {
  return text
    .replace(/<(br|\/p|\/div|\/li)\b[^<>]*>/gi, '\n')
    .replace(/<[^<>]*>/g, '')
    .replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]{2,5}));/gi, (entity, dec, hex, name) => {
      if (name) return ENTITIES[name.toLowerCase()] ?? entity;
      const code = dec ? Number(dec) : parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, DESCRIPTION_MAX);
}

function person(property: ICAL.Property | null): Attendee | undefined {
  if (!property) return undefined;
  const value = String(property.getFirstValue() ?? '');
  const email = value.replace(/^mailto:/i, '').trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return undefined;
  const name = property.getParameter('cn');
  return typeof name === 'string' && name.trim()
    ? { email: email.toLowerCase(), name: name.trim() }
    : { email: email.toLowerCase() };
}

/** An occurrence found in the window, made into a Meeting only if it is among the soonest. */
interface Found {
  event: ICAL.Event;
  start: ICAL.Time;
  end: ICAL.Time;
  startMs: number;
  /** The time the occurrence was planned for, when it belongs to a recurring event. */
  recurrenceId?: ICAL.Time;
}

function meetingOf({ event, start, end, recurrenceId }: Found): Meeting {
  const attendees = event.component
    .getAllProperties('attendee')
    .slice(0, MAX_ATTENDEES)
    .map(person)
    .filter((a): a is Attendee => a !== undefined);
  const description = event.description ? plainText(event.description) : '';
  const organizer = person(event.component.getFirstProperty('organizer'));
  return {
    id: recurrenceId ? `${event.uid}@${recurrenceId.toJSDate().toISOString()}` : event.uid,
    title: (event.summary ?? '').trim().slice(0, 300) || 'Meeting',
    start: start.toJSDate(),
    end: end.toJSDate(),
    allDay: start.isDate,
    ...(event.location?.trim() ? { location: event.location.trim().slice(0, 300) } : {}),
    ...(description ? { description } : {}),
    ...(organizer ? { organizer } : {}),
    attendees,
  };
}

const uidOf = (component: ICAL.Component) => String(component.getFirstPropertyValue('uid') ?? '');

const cancelled = (component: ICAL.Component) =>
  String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

/**
 * The meetings of `text` that overlap [from, to), soonest first. Throws CalendarError when the text
 * is not an iCal calendar; a broken event or rule in one is left out, never the whole calendar.
 */
export function meetingsIn(text: string, from: Date, to: Date): Meeting[] {
  const found: Found[] = [];
  const budget = { left: MAX_CALENDAR_OCCURRENCES };
  for (const root of calendarsIn(text)) {
    useOwnZones(root, from, to);
    findMeetings(root, from, to, budget, found);
  }
  return found
    .toSorted((a, b) => a.startMs - b.startMs)
    .slice(0, MAX_MEETINGS)
    .map(meetingOf);
}

/** The VCALENDARs of `text` (a file may hold several, one after another). */
function calendarsIn(text: string): ICAL.Component[] {
  const body = text.replace(/^\uFEFF/, '');
  let parsed: unknown;
  try {
    parsed = ICAL.parse(body);
  } catch {
    throw new CalendarError(/^\s*BEGIN:VCALENDAR/i.test(body) ? DAMAGED_CALENDAR : NOT_A_CALENDAR);
  }
  const list = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed];
  const roots = list
    .filter((jCal): jCal is unknown[] => Array.isArray(jCal) && jCal[0] === 'vcalendar')
    .map((jCal) => new ICAL.Component(jCal));
  if (roots.length === 0) throw new CalendarError(NOT_A_CALENDAR);
  return roots;
}

function findMeetings(
  root: ICAL.Component,
  from: Date,
  to: Date,
  budget: { left: number },
  found: Found[],
): void {
  const events = root.getAllSubcomponents('vevent');
  // A moved or cancelled occurrence (RECURRENCE-ID) belongs to its series, found by UID: the first
  // event of that UID without one. Given explicitly: left to itself, ical.js relates every exception
  // in the file to every event (one series' cancellation would cancel another's occurrence at the
  // same time) and scans the whole file for each event.
  const exceptions = new Map<string, ICAL.Component[]>();
  const series = new Map<string, ICAL.Component>();
  for (const component of events) {
    const uid = uidOf(component);
    if (!component.hasProperty('recurrence-id')) {
      if (!series.has(uid)) series.set(uid, component);
    } else if (exceptions.has(uid)) exceptions.get(uid)!.push(component);
    else exceptions.set(uid, [component]);
  }
  const overlaps = (start: ICAL.Time, end: ICAL.Time) =>
    start.toJSDate() < to && end.toJSDate() > from;

  for (const component of events) {
    try {
      const uid = uidOf(component);
      const exception = component.hasProperty('recurrence-id');
      // An exception whose series is in the file is read with it. One without (a rep invited to a
      // single occurrence of someone else's series) is a meeting of its own.
      if (exception && series.has(uid)) continue;
      if (cancelled(component)) continue;
      const event = new ICAL.Event(component, {
        exceptions: series.get(uid) === component ? (exceptions.get(uid) ?? []) : [],
      });
      if (!event.startDate) continue;
      if (!event.isRecurring()) {
        const end = event.endDate ?? event.startDate;
        if (overlaps(event.startDate, end))
          found.push({
            event,
            start: event.startDate,
            end,
            startMs: event.startDate.toJSDate().getTime(),
            ...(exception ? { recurrenceId: event.recurrenceId } : {}),
          });
        continue;
      }
      for (const occurrence of occurrencesOf(event, from, to, budget))
        if (!cancelled(occurrence.item.component) && overlaps(occurrence.start, occurrence.end))
          found.push({
            event: occurrence.item,
            start: occurrence.start,
            end: occurrence.end,
            startMs: occurrence.start.toJSDate().getTime(),
            recurrenceId: occurrence.recurrenceId,
          });
    } catch {
      // One broken event (a date or rule ical.js cannot read) does not lose the rest.
    }
  }
}

interface Occurrence {
  item: ICAL.Event;
  start: ICAL.Time;
  end: ICAL.Time;
  recurrenceId: ICAL.Time;
}

/**
 * The occurrences of a recurring event that may overlap [from, to): those planned for the window,
 * and those an exception moves into it from before or after.
 */
function* occurrencesOf(
  event: ICAL.Event,
  from: Date,
  to: Date,
  budget: { left: number },
): Generator<Occurrence> {
  const length = Math.max(
    0,
    event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime(),
  );
  // Occurrences planned before `since` end before the window; from `until` on, start after it.
  let since = from.getTime() - length;
  let until = to.getTime();
  for (const exception of Object.values(event.exceptions)) {
    const planned = exception.recurrenceId.toJSDate().getTime();
    const start = exception.startDate.toJSDate().getTime();
    const end = exception.endDate.toJSDate().getTime();
    if (start < to.getTime() && end > from.getTime()) {
      since = Math.min(since, planned);
      until = Math.max(until, planned + 1);
    }
    // An exception for this and the following occurrences (RANGE=THISANDFUTURE) shifts all later ones.
    if (exception.modifiesFuture()) {
      since = Math.min(since, from.getTime() - (end - planned));
      until = Math.max(until, to.getTime() + (planned - start));
    }
  }
  const shifted = event.rangeExceptions.length > 0;
  const iterator = event.iterator((shifted ? null : fastForward(event, since)) ?? undefined);
  for (let i = 0; i < MAX_OCCURRENCES && budget.left > 0; i++) {
    budget.left -= 1;
    const next = iterator.next();
    if (!next) return;
    const planned = next.toJSDate().getTime();
    if (planned >= until) return;
    if (planned < since && !shifted) continue;
    const details = event.getOccurrenceDetails(next);
    yield {
      item: details.item,
      start: details.startDate,
      end: details.endDate,
      recurrenceId: next,
    };
  }
}

/**
 * Where to start walking the event's rule so that it gives the same occurrences from `since` on as
 * a walk from its DTSTART, or null to walk from DTSTART. The start is DTSTART moved by a whole
 * number of the rule's periods (INTERVAL days, weeks or months), keeping its wall-clock time, zone,
 * weekday and day of the month: every period after the first is then laid out by the rule exactly
 * as before, and the first is two periods and a day before `since`, out of the way of anything the
 * first period of a walk might do differently. For monthly rules the month has the same number of
 * days as DTSTART's, since ical.js reads BYMONTHDAY against the first month it sees.
 *
 * Not moved: a rule with COUNT (the occurrences must be counted from the first), several rules
 * or RDATEs, and yearly or shorter-than-daily rules (a yearly one is short to walk, an hourly one
 * is no meeting); those are walked from DTSTART, within MAX_OCCURRENCES.
 */
function fastForward(event: ICAL.Event, since: number): ICAL.Time | null {
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1 || event.component.hasProperty('rdate')) return null;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  if (rule.count) return null;
  const start = event.startDate;
  const interval = Math.max(1, rule.interval || 1);
  const at = (year: number, month: number, day: number) =>
    new ICAL.Time(
      {
        year,
        month,
        day,
        hour: start.hour,
        minute: start.minute,
        second: start.second,
        isDate: start.isDate,
      },
      start.zone,
    );
  if (rule.freq === 'DAILY' || rule.freq === 'WEEKLY') {
    const days = (rule.freq === 'DAILY' ? 1 : 7) * interval;
    const periods = Math.floor((since - DAY_MS - start.toJSDate().getTime()) / (days * DAY_MS)) - 2;
    if (periods < 1) return null;
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + periods * days));
    return at(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  if (rule.freq === 'MONTHLY') {
    const before = new Date(since - DAY_MS);
    const months =
      (before.getUTCFullYear() - start.year) * 12 + before.getUTCMonth() + 1 - start.month;
    const days = ICAL.Time.daysInMonth(start.month, start.year);
    const lowest = Math.max(1, Math.floor(months / interval) - 50);
    for (let periods = Math.floor(months / interval) - 2; periods >= lowest; periods--) {
      const index = start.month - 1 + periods * interval;
      const year = start.year + Math.floor(index / 12);
      const month = (index % 12) + 1;
      if (ICAL.Time.daysInMonth(month, year) === days) return at(year, month, start.day);
    }
  }
  return null;
}

/**
 * Makes every TZID the file's events use readable from the file itself: a VTIMEZONE ical.js cannot
 * expand is dropped, and each TZID without one gets one made from Node's IANA rules for the window's
 * years (its own name if known, else the calendar's X-WR-TIMEZONE, else UTC). Nothing is
 * registered process-wide: ical.js's TimezoneService would let one rep's file, defining
 * 'Europe/Berlin' with wrong rules, change how the next file naming Europe/Berlin is read.
 */
function useOwnZones(root: ICAL.Component, from: Date, to: Date): void {
  const defined = new Set<string>();
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    try {
      new ICAL.Timezone(zone).utcOffset(ICAL.Time.fromJSDate(from, true));
      defined.add(String(zone.getFirstPropertyValue('tzid')));
    } catch {
      root.removeSubcomponent(zone);
    }
  }
  const missing = new Set<string>();
  for (const event of root.getAllSubcomponents('vevent'))
    for (const [, parameters] of event.jCal[1] as [string, Record<string, unknown>][])
      if (typeof parameters.tzid === 'string' && !defined.has(parameters.tzid))
        missing.add(parameters.tzid);
  if (missing.size === 0) return;
  const years = [from.getUTCFullYear() - 1, to.getUTCFullYear() + 1] as const;
  const calendarZone = String(root.getFirstPropertyValue('x-wr-timezone') ?? '');
  const fallback = changesOf(calendarZone, ...years) ? calendarZone : 'UTC';
  for (const tzid of missing) {
    const changes =
      changesOf(tzid, ...years) ??
      // Outlook names zones the Windows way ('W. Europe Standard Time'): its IANA zone, from CLDR's table.
      changesOf(findIana(tzid)[0] ?? '', ...years) ??
      changesOf(fallback, ...years)!;
    root.addSubcomponent(vtimezone(tzid, changes));
  }
}

/** A zone's UTC offset (in seconds) at the start of a span, and each change within it. */
interface Changes {
  first: number;
  changes: { at: number; from: number; to: number }[];
}
const knownZones = new Map<string, Changes | null>();

/**
 * The offset changes of the IANA zone `name` from the start of `firstYear` to the end of `lastYear`,
 * read from Intl, or null when Node does not know the name. Kept per process: the answer depends
 * only on Node's zone data, never on a file.
 */
function changesOf(name: string, firstYear: number, lastYear: number): Changes | null {
  if (!name) return null;
  const key = `${name}\n${firstYear}\n${lastYear}`;
  if (knownZones.has(key)) return knownZones.get(key)!;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
  } catch {
    return null;
  }
  const offset = (ms: number) => {
    const part = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
    const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!);
    return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000) * 60;
  };
  const end = Date.UTC(lastYear + 1, 0, 1);
  let at = Date.UTC(firstYear, 0, 1);
  const zone: Changes = { first: offset(at), changes: [] };
  for (let before = zone.first; at < end; at += DAY_MS) {
    const after = offset(at + DAY_MS);
    if (after === before) continue;
    // The minute of the change, between this day and the next.
    let [low, high] = [at / 60_000, (at + DAY_MS) / 60_000];
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offset(middle * 60_000) === before) low = middle;
      else high = middle;
    }
    zone.changes.push({ at: high * 60_000, from: before, to: after });
    before = after;
  }
  if (knownZones.size >= 1_000) knownZones.clear();
  knownZones.set(key, zone);
  return zone;
}

/** The wall-clock time `ms` shows in UTC, as a local (floating) time: how a VTIMEZONE's DTSTART is written. */
function local(ms: number): ICAL.Time {
  const time = ICAL.Time.fromJSDate(new Date(ms), true);
  time.zone = ICAL.Timezone.localTimezone;
  return time;
}

/** A VTIMEZONE named `tzid` with these changes, as ical.js reads one. */
function vtimezone(tzid: string, { first, changes }: Changes): ICAL.Component {
  const zone = new ICAL.Component('vtimezone');
  zone.addPropertyWithValue('tzid', tzid);
  const observance = (kind: string, localStart: ICAL.Time, from: number, to: number) => {
    const component = new ICAL.Component(kind);
    component.addPropertyWithValue('dtstart', localStart);
    component.addPropertyWithValue('tzoffsetfrom', ICAL.UtcOffset.fromSeconds(from));
    component.addPropertyWithValue('tzoffsetto', ICAL.UtcOffset.fromSeconds(to));
    zone.addSubcomponent(component);
  };
  observance('standard', local(Date.UTC(1601, 0, 1)), first, first);
  for (const change of changes)
    observance(
      change.to > change.from ? 'daylight' : 'standard',
      local(change.at + change.from * 1000),
      change.from,
      change.to,
    );
  return zone;
}
