/**
 * A rep's calendar as meetings: an iCal file (what Google Calendar, Outlook and Apple Calendar give
 * as a secret address) read with ical.js, Mozilla's RFC 5545 parser, which knows recurrence rules,
 * their exceptions (a moved or cancelled occurrence, EXDATE) and the file's own time zones.
 * Recurring meetings are expanded within the window asked for; cancelled ones are left out. Every
 * loop is bounded: a rule that never ends stops at the window's end or after MAX_OCCURRENCES tries,
 * a file of 50,000 events gives at most MAX_MEETINGS meetings, a meeting at most MAX_ATTENDEES
 * attendees. Descriptions are plain text: an invite's HTML is taken out, never rendered.
 */
import ICAL from 'ical.js';

/** The most meetings kept from one calendar's window. */
export const MAX_MEETINGS = 500;
/** The most attendees kept per meeting (the first ones: an all-hands invite lists hundreds). */
export const MAX_ATTENDEES = 50;
/** The most occurrences of one rule looked at (a daily rule from 1990 is stepped through quickly, then stops). */
const MAX_OCCURRENCES = 20_000;
/** The longest description kept. */
const DESCRIPTION_MAX = 4_000;

export interface Attendee {
  email: string;
  name?: string;
}

export interface Meeting {
  /** The event's UID, and the occurrence's start for a recurring one: stable across fetches. */
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

function meetingOf(
  event: ICAL.Event,
  start: ICAL.Time,
  end: ICAL.Time,
  occurrence: boolean,
): Meeting {
  const attendees = event.component
    .getAllProperties('attendee')
    .slice(0, MAX_ATTENDEES)
    .map(person)
    .filter((a): a is Attendee => a !== undefined);
  const description = event.description ? plainText(event.description) : '';
  const organizer = person(event.component.getFirstProperty('organizer'));
  return {
    id: occurrence ? `${event.uid}@${start.toJSDate().toISOString()}` : event.uid,
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

const cancelled = (component: ICAL.Component) =>
  String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

/**
 * The meetings of `text` that overlap [from, to), soonest first. Throws CalendarError when the text
 * is not an iCal calendar.
 */
export function meetingsIn(text: string, from: Date, to: Date): Meeting[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw new CalendarError('That address did not answer with a calendar (an .ics file).');
  }
  if (root.name !== 'vcalendar')
    throw new CalendarError('That address did not answer with a calendar (an .ics file).');
  // The file's own time zones, so TZID=Europe/Berlin means what the file says it means.
  for (const zone of root.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));

  const events = root.getAllSubcomponents('vevent');
  // Occurrences moved or cancelled by an exception (RECURRENCE-ID) are that component's, not the rule's.
  const exceptions = new Map<string, ICAL.Component[]>();
  for (const component of events)
    if (component.hasProperty('recurrence-id')) {
      const uid = String(component.getFirstPropertyValue('uid'));
      exceptions.set(uid, [...(exceptions.get(uid) ?? []), component]);
    }

  const meetings: Meeting[] = [];
  const overlaps = (start: Date, end: Date) => start < to && end > from;
  for (const component of events) {
    if (meetings.length >= MAX_MEETINGS) break;
    if (component.hasProperty('recurrence-id')) continue;
    let event: ICAL.Event;
    try {
      event = new ICAL.Event(component);
      for (const exception of exceptions.get(event.uid) ?? []) event.relateException(exception);
    } catch {
      continue; // one broken event does not lose the rest
    }
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      if (cancelled(component)) continue;
      const end = event.endDate ?? event.startDate;
      if (overlaps(event.startDate.toJSDate(), end.toJSDate()))
        meetings.push(meetingOf(event, event.startDate, end, false));
      continue;
    }
    if (cancelled(component)) continue;
    const iterator = event.iterator();
    for (let i = 0; i < MAX_OCCURRENCES && meetings.length < MAX_MEETINGS; i++) {
      const next = iterator.next();
      if (!next) break;
      if (next.toJSDate() >= to) break;
      const details = event.getOccurrenceDetails(next);
      if (cancelled(details.item.component)) continue;
      if (!overlaps(details.startDate.toJSDate(), details.endDate.toJSDate())) continue;
      meetings.push(meetingOf(details.item, details.startDate, details.endDate, true));
    }
  }
  return meetings.toSorted((a, b) => a.start.getTime() - b.start.getTime());
}
