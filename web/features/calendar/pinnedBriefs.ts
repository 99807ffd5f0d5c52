/**
 * Briefs kept on this phone (the user's own database, gone at logout) beside the meetings list's:
 *
 *  - pinned by the rep: kept past the next day's window and past the meeting itself, until
 *    unpinned, and kept up to date when a newer one is read;
 *  - delivered with a meeting's reminder: the service worker fetches the brief as it shows the
 *    reminder (briefPush.ts), so the newest brief (remade 2 hours before) is on the phone even when
 *    the app was not opened since; one two days past its meeting is forgotten when the next
 *    reminder's brief arrives.
 */
import type { MeetingBrief } from '../../../domain/contract/calendar';
import type { PitchpadDb } from '../../data/db';

const PREFIX = 'pinned-brief:';
const keyOf = (meetingId: string) => `${PREFIX}${meetingId}`;

export async function pinBrief(db: PitchpadDb, brief: MeetingBrief): Promise<void> {
  await db.keyValues.put({ key: keyOf(brief.meetingId), value: brief });
}

export async function unpinBrief(db: PitchpadDb, meetingId: string): Promise<void> {
  await db.keyValues.delete(keyOf(meetingId));
}

export async function pinnedBrief(
  db: PitchpadDb,
  meetingId: string,
): Promise<MeetingBrief | undefined> {
  return (await db.keyValues.get(keyOf(meetingId)))?.value as MeetingBrief | undefined;
}

/** Every pinned brief, soonest meeting first. */
export async function pinnedBriefs(db: PitchpadDb): Promise<MeetingBrief[]> {
  const rows = await db.keyValues.where('key').startsWith(PREFIX).toArray();
  return rows
    .map((row) => row.value as MeetingBrief)
    .toSorted((a, b) => a.start.localeCompare(b.start));
}

/** A newer copy of a pinned brief replaces the kept one; an unpinned brief is not kept. */
export async function keepPinnedUpToDate(db: PitchpadDb, brief: MeetingBrief): Promise<void> {
  await db.transaction('rw', db.keyValues, async () => {
    const kept = await pinnedBrief(db, brief.meetingId);
    if (kept && kept.madeAt < brief.madeAt) await pinBrief(db, brief);
  });
}

const DELIVERED = 'delivered-brief:';
/** How long after its meeting a delivered brief is kept. */
const DELIVERED_KEPT_MS = 2 * 24 * 60 * 60 * 1000;

/** Keep a brief a reminder brought (unless the phone holds a newer copy); forget old ones. */
export async function keepDeliveredBrief(
  db: PitchpadDb,
  brief: MeetingBrief,
  now = Date.now(),
): Promise<void> {
  await db.transaction('rw', db.keyValues, async () => {
    const rows = await db.keyValues.where('key').startsWith(DELIVERED).toArray();
    const old = rows.filter(
      (row) => Date.parse((row.value as MeetingBrief).start) + DELIVERED_KEPT_MS < now,
    );
    await db.keyValues.bulkDelete(old.map((row) => row.key));
    const kept = rows.find((row) => row.key === `${DELIVERED}${brief.meetingId}`)?.value as
      MeetingBrief | undefined;
    if (!kept || kept.madeAt <= brief.madeAt)
      await db.keyValues.put({ key: `${DELIVERED}${brief.meetingId}`, value: brief });
  });
}

export async function deliveredBrief(
  db: PitchpadDb,
  meetingId: string,
): Promise<MeetingBrief | undefined> {
  return (await db.keyValues.get(`${DELIVERED}${meetingId}`))?.value as MeetingBrief | undefined;
}
