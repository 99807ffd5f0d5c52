// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MeetingBrief } from '../../../domain/contract/calendar';
import { clearUserData, openUserDb, userDbName } from '../../data/db';
import { keepBriefOfReminder, remindedMeeting } from './briefPush';
import { deliveredBrief, keepDeliveredBrief } from './pinnedBriefs';

const USER = 4242;
const MEETING = 'evt-42@calendar.example';
const reminder = {
  title: 'Freightly at 14:00: your brief is ready',
  body: 'Freightly pricing call',
  url: `/meetings/${encodeURIComponent(MEETING)}`,
  tag: 'meeting:abc',
  user: USER,
};

const briefOf = (madeAt: string, meetingId = MEETING, start = '2026-12-01T14:00:00.000Z') =>
  ({
    meetingId,
    title: 'Freightly pricing call',
    start,
    madeAt,
    byModel: false,
    who: [],
    known: [],
    openPoints: [],
    questions: [],
    objections: [],
    outcome: 'A pilot date.',
    sources: [],
  }) satisfies MeetingBrief;

/** The server as the worker's fetch meets it: the brief, or a status. */
function serverAnswering(status: number, body: unknown) {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  const fetcher = (async (url: string, init?: RequestInit) => {
    asked.push({ url, headers: init?.headers as Record<string, string> });
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  return { fetcher, asked };
}

// The rep's phone holds their database, as it does once they have opened the app here.
beforeEach(() => openUserDb(USER).open());
afterEach(() => clearUserData());

describe("a meeting's reminder, as the service worker shows it", () => {
  it('fetches the brief naming the rep and keeps it on the phone, for a tap with no signal', async () => {
    const server = serverAnswering(200, briefOf('2026-12-01T12:00:00.000Z'));
    expect(await keepBriefOfReminder(reminder, server.fetcher)).toBe(true);
    expect(server.asked).toEqual([
      {
        url: `/api/meetings/${encodeURIComponent(MEETING)}/brief`,
        headers: { 'x-pitchpad-user': String(USER) },
      },
    ]);
    expect((await deliveredBrief(openUserDb(USER), MEETING))?.madeAt).toBe(
      '2026-12-01T12:00:00.000Z',
    );
  });

  it('keeps nothing when the server refuses (another account signed in) or sends no brief', async () => {
    expect(await keepBriefOfReminder(reminder, serverAnswering(409, {}).fetcher)).toBe(false);
    expect(await keepBriefOfReminder(reminder, serverAnswering(404, {}).fetcher)).toBe(false);
    const other = serverAnswering(200, briefOf('2026-12-01T12:00:00.000Z', 'another-meeting'));
    expect(await keepBriefOfReminder(reminder, other.fetcher)).toBe(false);
    expect(await deliveredBrief(openUserDb(USER), MEETING)).toBeUndefined();
  });

  it('keeps nothing, and makes no database, for a rep logged out on this phone since', async () => {
    await clearUserData();
    const server = serverAnswering(200, briefOf('2026-12-01T12:00:00.000Z'));
    expect(await keepBriefOfReminder(reminder, server.fetcher)).toBe(false);
    expect(server.asked).toEqual([]);
    expect(await Dexie.exists(userDbName(USER))).toBe(false);
  });

  it('fetches nothing for a message that is no meeting’s, or names no rep', async () => {
    const server = serverAnswering(200, briefOf('2026-12-01T12:00:00.000Z'));
    expect(await keepBriefOfReminder({ ...reminder, url: '/chat' }, server.fetcher)).toBe(false);
    expect(await keepBriefOfReminder({ ...reminder, user: undefined }, server.fetcher)).toBe(false);
    expect(await keepBriefOfReminder(null, server.fetcher)).toBe(false);
    expect(server.asked).toEqual([]);
    expect(remindedMeeting('/meetings/a%ZZ')).toBeNull();
  });

  it('keeps the newest copy, and forgets briefs of meetings two days past', async () => {
    const db = openUserDb(USER);
    await keepDeliveredBrief(db, briefOf('2026-12-01T12:00:00.000Z'));
    await keepDeliveredBrief(db, briefOf('2026-12-01T10:00:00.000Z'));
    expect((await deliveredBrief(db, MEETING))?.madeAt).toBe('2026-12-01T12:00:00.000Z');
    const later = Date.parse('2026-12-04T00:00:00.000Z');
    await keepDeliveredBrief(
      db,
      briefOf('2026-12-03T20:00:00.000Z', 'next', '2026-12-04T09:00:00.000Z'),
      later,
    );
    expect(await deliveredBrief(db, MEETING)).toBeUndefined();
    expect(await deliveredBrief(db, 'next')).toBeDefined();
  });
});
