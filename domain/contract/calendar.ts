// The rep's calendar: the secret iCal address they connect, and the meetings of the next days.
// Shared by the API (which validates with these schemas) and the web app (which reads these types).
import { z } from 'zod';

/** An IANA time zone name the server knows; anything else is refused. */
export const TimeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone !== '';
    } catch {
      return false;
    }
  }, 'Unknown time zone.');

/** GET /api/meetings?timeZone= */
export const MeetingsQuery = z.object({ timeZone: TimeZone.optional() });

/** PUT /api/calendar */
export const CalendarInput = z.object({
  url: z
    .string({ error: 'Paste your calendar’s secret address (iCal format).' })
    .trim()
    .min(1, 'Paste your calendar’s secret address (iCal format).')
    .max(2000, 'A calendar address has at most 2,000 characters.')
    // webcal:// is how Apple and Outlook hand out the same address: it is https.
    .transform((url) => url.replace(/^webcal:\/\//i, 'https://')),
  /** The phone's time zone ('Europe/Berlin'): the evening before and a reminder's time are in it. */
  timeZone: TimeZone.optional(),
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
  /** When its prep brief was made; null while there is none yet. */
  briefMadeAt: z.string().nullable(),
  /** Why the last try at its brief failed, in the server's words (it is tried again); else null. */
  briefProblem: z.string().nullable(),
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

/** A person the rep meets, with the company their address names. */
export const BriefPerson = z.object({
  email: z.string(),
  name: z.string().optional(),
  company: z.string().optional(),
});
export type BriefPerson = z.infer<typeof BriefPerson>;

/**
 * Where the brief knows something from: a passage of the rep's kit, or earlier work that names the
 * company or a person (a chat, a call analysis, a debrief, a note pushed to the CRM). Its text is
 * kept with the brief (bounded), so a source opens offline.
 */
export const BriefSource = z.object({
  kind: z.enum(['kit', 'chat', 'call', 'debrief', 'crm']),
  /** 'deck.pdf, p. 3', 'Chat: Freightly pricing', 'Debrief: Meeting with Freightly'. */
  label: z.string(),
  /** When it was written (not for kit passages). */
  at: z.string().optional(),
  text: z.string(),
  /** A kit passage, to open it as the chat's Sources do. */
  passageId: z.string().optional(),
  /** A chat it came from, to open it. */
  chatId: z.string().optional(),
});
export type BriefSource = z.infer<typeof BriefSource>;

/** A line of the brief and the source it comes from (its number in `sources`, from 1). */
export const BriefItem = z.object({ text: z.string(), source: z.number().int().optional() });
export type BriefItem = z.infer<typeof BriefItem>;

/** A meeting's prep brief. */
export const MeetingBrief = z.object({
  meetingId: z.string(),
  title: z.string(),
  start: z.string(),
  madeAt: z.string(),
  /** Written by the model; false: assembled from the same pieces without one. */
  byModel: z.boolean(),
  who: z.array(BriefPerson),
  known: z.array(BriefItem),
  openPoints: z.array(BriefItem),
  questions: z.array(z.string()),
  objections: z.array(z.object({ says: z.string(), answer: z.string() })),
  outcome: z.string(),
  sources: z.array(BriefSource),
});
export type MeetingBrief = z.infer<typeof MeetingBrief>;

/**
 * GET /api/meetings: the next days' meetings, soonest first, and the briefs of those starting in
 * the next 24 hours, whole, so the phone has them before the signal goes.
 */
export const MeetingsResponse = z.object({
  calendar: CalendarStatus,
  meetings: z.array(MeetingInfo),
  briefs: z.array(MeetingBrief),
});
export type MeetingsResponse = z.infer<typeof MeetingsResponse>;
