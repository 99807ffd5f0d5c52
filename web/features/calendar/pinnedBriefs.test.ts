// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeetingBrief } from '../../../domain/contract/calendar';
import { clearUserData, openUserDb } from '../../data/db';
import {
  deliveredBrief,
  keepDeliveredBrief,
  keepPinnedUpToDate,
  pinBrief,
  pinnedBrief,
  pinnedBriefs,
  unpinBrief,
} from './pinnedBriefs';

let userId = 5100;

const briefOf = (meetingId: string, start: string, madeAt: string, outcome = 'A pilot date.') =>
  ({
    meetingId,
    title: `Meeting ${meetingId}`,
    start,
    madeAt,
    byModel: false,
    who: [{ email: 'dana.ortiz@freightly.example', company: 'Freightly' }],
    known: [{ text: 'Freightly runs 40 depots.', source: 1 }],
    openPoints: [],
    questions: ['Who signs off?'],
    objections: [],
    outcome,
    sources: [
      { kind: 'chat', label: 'Chat: Freightly pricing', text: 'Freightly runs 40 depots.' },
    ],
  }) satisfies MeetingBrief;

afterEach(() => clearUserData());

describe('briefs pinned to the phone', () => {
  it('keeps a pinned brief whole until it is unpinned', async () => {
    const db = openUserDb(++userId);
    const brief = briefOf('evt-1', '2026-12-01T14:00:00.000Z', '2026-11-30T18:00:00.000Z');
    expect(await pinnedBrief(db, 'evt-1')).toBeUndefined();

    await pinBrief(db, brief);
    expect(await pinnedBrief(db, 'evt-1')).toEqual(brief);
    expect(await pinnedBriefs(db)).toEqual([brief]);

    await unpinBrief(db, 'evt-1');
    expect(await pinnedBrief(db, 'evt-1')).toBeUndefined();
    expect(await pinnedBriefs(db)).toEqual([]);
  });

  it('lists the pinned briefs soonest meeting first, and only the pinned ones', async () => {
    const db = openUserDb(++userId);
    const later = briefOf('evt-later', '2026-12-03T09:00:00.000Z', '2026-12-02T18:00:00.000Z');
    const past = briefOf('evt-past', '2026-11-20T10:00:00.000Z', '2026-11-19T18:00:00.000Z');
    const soon = briefOf('evt-soon', '2026-12-01T14:00:00.000Z', '2026-11-30T18:00:00.000Z');
    await pinBrief(db, later);
    await pinBrief(db, past);
    await pinBrief(db, soon);
    // A brief a reminder brought is kept apart: it is not pinned.
    await keepDeliveredBrief(
      db,
      briefOf('evt-reminded', '2026-11-25T10:00:00.000Z', '2026-11-25T08:00:00.000Z'),
      Date.parse('2026-11-25T09:00:00.000Z'),
    );

    expect((await pinnedBriefs(db)).map((b) => b.meetingId)).toEqual([
      'evt-past',
      'evt-soon',
      'evt-later',
    ]);

    await unpinBrief(db, 'evt-soon');
    expect((await pinnedBriefs(db)).map((b) => b.meetingId)).toEqual(['evt-past', 'evt-later']);
    expect(await deliveredBrief(db, 'evt-reminded')).toBeDefined();
  });

  it('keeps a pinned brief up to date with a newer copy, and never with an older one', async () => {
    const db = openUserDb(++userId);
    const first = briefOf('evt-1', '2026-12-01T14:00:00.000Z', '2026-11-30T18:00:00.000Z');
    await pinBrief(db, first);

    const older = briefOf('evt-1', first.start, '2026-11-30T09:00:00.000Z', 'An older outcome.');
    await keepPinnedUpToDate(db, older);
    expect(await pinnedBrief(db, 'evt-1')).toEqual(first);

    // The same copy again (the screen reads it once more) changes nothing.
    await keepPinnedUpToDate(db, { ...first, outcome: 'The same moment, another copy.' });
    expect((await pinnedBrief(db, 'evt-1'))?.outcome).toBe('A pilot date.');

    const newer = briefOf(
      'evt-1',
      first.start,
      '2026-12-01T12:00:00.000Z',
      'A pilot at two depots.',
    );
    await keepPinnedUpToDate(db, newer);
    expect(await pinnedBrief(db, 'evt-1')).toEqual(newer);
    expect(await pinnedBriefs(db)).toEqual([newer]);
  });

  it('never pins a brief the rep did not pin, nor one unpinned since', async () => {
    const db = openUserDb(++userId);
    const brief = briefOf('evt-1', '2026-12-01T14:00:00.000Z', '2026-11-30T18:00:00.000Z');
    await keepPinnedUpToDate(db, brief);
    expect(await pinnedBrief(db, 'evt-1')).toBeUndefined();

    await pinBrief(db, brief);
    await unpinBrief(db, 'evt-1');
    await keepPinnedUpToDate(db, { ...brief, madeAt: '2026-12-01T12:00:00.000Z' });
    expect(await pinnedBriefs(db)).toEqual([]);
  });

  it('keeps each rep’s pins on their own database', async () => {
    const rep = ++userId;
    const other = ++userId;
    const brief = briefOf('evt-1', '2026-12-01T14:00:00.000Z', '2026-11-30T18:00:00.000Z');
    await pinBrief(openUserDb(rep), brief);
    // Another account signs in on this phone: its database holds no pin.
    expect(await pinnedBriefs(openUserDb(other))).toEqual([]);
    expect(await pinnedBriefs(openUserDb(rep))).toEqual([brief]);
    await clearUserData(other);
  });
});
