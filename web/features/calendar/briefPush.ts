/**
 * In the service worker, as a meeting's reminder is shown: fetch that meeting's brief for the rep
 * the reminder is for and keep it on the phone (pinnedBriefs.ts `keepDeliveredBrief`), so a tap on
 * the reminder opens the newest brief with no signal, even when the app was not opened since it was
 * made. The request names the rep (`x-pitchpad-user`): a browser signed in as someone else since
 * gets a refusal and keeps nothing. No signal, no brief yet, a refusal: nothing kept, nothing thrown.
 * A rep logged out on this phone since has no database here, and none is made again for them (the
 * server's session lives on until an offline logout reaches it, so it may still answer).
 */
import { MeetingBrief } from '../../../domain/contract/calendar';
import type { PushMessage } from '../../../domain/contract/push';
import { EXPECTED_USER_HEADER } from '../../../domain/contract/session';
import { Dexie } from 'dexie';
import { openUserDb, userDbName } from '../../data/db';
import { keepDeliveredBrief } from './pinnedBriefs';

/** The meeting a reminder's page is the brief of ('/meetings/<id>'), or null. */
export function remindedMeeting(url: string): string | null {
  const match = /^\/meetings\/([^/?#]+)$/.exec(url);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export async function keepBriefOfReminder(
  message: PushMessage | null,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const meetingId = message && remindedMeeting(message.url);
  if (!meetingId || message.user === undefined) return false;
  try {
    if (!(await Dexie.exists(userDbName(message.user)))) return false;
    const answer = await fetcher(`/api/meetings/${encodeURIComponent(meetingId)}/brief`, {
      credentials: 'same-origin',
      headers: { [EXPECTED_USER_HEADER]: String(message.user) },
    });
    if (!answer.ok) return false;
    const brief = MeetingBrief.safeParse(await answer.json());
    if (!brief.success || brief.data.meetingId !== meetingId) return false;
    await keepDeliveredBrief(openUserDb(message.user), brief.data);
    return true;
  } catch (error) {
    console.warn('Could not keep the reminded brief', error);
    return false;
  }
}
