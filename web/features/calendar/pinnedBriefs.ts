/**
 * Briefs the rep pinned: kept on this phone (the user's own database, gone at logout) past the next
 * day's window and past the meeting itself, until unpinned. A pinned brief is kept up to date when a
 * newer one is read.
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
