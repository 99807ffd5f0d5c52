// The rep's calendar: the secret iCal address they connect, and the meetings of the next days.
// Shared by the API (which validates with these schemas) and the web app (which reads these types).
import { z } from 'zod';

/** PUT /api/calendar */
export const CalendarInput = z.object({
  url: z
    .string({ error: 'Paste your calendar’s secret address (iCal format).' })
    .trim()
    .min(1, 'Paste your calendar’s secret address (iCal format).')
    .max(2000, 'A calendar address has at most 2,000 characters.')
    // webcal:// is how Apple and Outlook hand out the same address: it is https.
    .transform((url) => url.replace(/^webcal:\/\//i, 'https://')),
});
export type CalendarInput = z.input<typeof CalendarInput>;

export const MeetingPerson = z.object({ email: z.string(), name: z.string().optional() });

/** A meeting as the app shows it. */
export const MeetingInfo = z.object({
  id: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  location: z.string().optional(),
  description: z.string().optional(),
  organizer: MeetingPerson.optional(),
  attendees: z.array(MeetingPerson),
  /** Only people of the rep's own company: no prep brief unless asked. */
  internal: z.boolean(),
});
export type MeetingInfo = z.infer<typeof MeetingInfo>;

/** GET /api/calendar, and PUT's answer: the connection, with no address in it (it is a secret). */
export const CalendarStatus = z.object({
  connected: z.boolean(),
  /** The address's host ('calendar.google.com'), to say which calendar it is. */
  host: z.string().nullable(),
  /** When the calendar was last read well; the meetings are as of then. */
  goodAt: z.string().nullable(),
  /** What went wrong at the last read, in the rep's words; the last good meetings stay. */
  problem: z.string().nullable(),
});
export type CalendarStatus = z.infer<typeof CalendarStatus>;

/** GET /api/meetings: the next days' meetings, soonest first. */
export const MeetingsResponse = z.object({
  calendar: CalendarStatus,
  meetings: z.array(MeetingInfo),
});
export type MeetingsResponse = z.infer<typeof MeetingsResponse>;
