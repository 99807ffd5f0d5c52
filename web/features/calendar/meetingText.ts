/** How the meetings screens say a meeting: its time, its people, and what a debrief of it starts with. */
import { isColleague } from '../../../domain/briefs/prepBrief';
import type { MeetingInfo } from '../../../domain/contract/calendar';

export const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
export const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** 'Tuesday, December 2 at 14:00'. */
export const meetingWhen = (iso: string) => `${dayOf(iso)} at ${timeOf(iso)}`;

/** 'Dana Ortiz, sam@freightly.example and 3 more'. */
export function people(meeting: Pick<MeetingInfo, 'attendees'>, shown = 3): string {
  const names = meeting.attendees.map((a) => a.name ?? a.email);
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** The longest attendee line a debrief carries: an all-hands invite is not a list of stakeholders. */
const ATTENDEES_MAX_CHARS = 600;

/**
 * What 'Debrief this meeting' fills in: the meeting's name, and who was invited from outside the
 * rep's company ('Dana Ortiz <dana@freightly.example>, lee@freightly.example'), which the follow-up
 * and the CRM note read as the people met.
 */
export function debriefSearch(
  meeting: Pick<MeetingInfo, 'title' | 'attendees'>,
  repEmail: string,
): { meeting: string; attendees?: string } {
  const attendees = meeting.attendees
    .filter((a) => !isColleague(a.email, repEmail))
    // A name's own comma ('Ortiz, Dana') would read as two people in the list.
    .map((a) => (a.name ? `${a.name.replaceAll(',', ' ').trim()} <${a.email}>` : a.email))
    .join(', ')
    .slice(0, ATTENDEES_MAX_CHARS);
  return attendees ? { meeting: meeting.title, attendees } : { meeting: meeting.title };
}
