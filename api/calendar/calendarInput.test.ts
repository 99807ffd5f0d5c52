import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeetingsResponse } from '../../domain/contract/calendar';
import { loggedInClient } from '../../tests/factories/users';
import { icsOf, startFakeCalendar, type FakeCalendar } from '../../tests/fakes/calendar';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { DAMAGED_CALENDAR, NOT_A_CALENDAR } from './ical';

/**
 * A calendar address that starts answering badly after it was connected: a sign-in page instead of
 * the file, or the file cut off halfway. The rep sees why on the Connections card and keeps the
 * meetings of the last good read; the next good answer clears the message.
 */
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);
const GOOD = icsOf([
  {
    uid: 'freightly',
    start: inHours(20),
    minutes: 30,
    summary: 'Freightly demo',
    attendees: ['dana@freightly.example'],
  },
]);
let fake: FakeCalendar;
let server: TestServer;

beforeAll(async () => {
  [fake, server] = await Promise.all([
    startFakeCalendar(GOOD),
    startTestServer({ FETCH_ALLOW_LOOPBACK: 'true' }),
  ]);
}, 60_000);
afterAll(() => Promise.all([server?.close(), fake?.close()]));

describe('a calendar address that answers badly later', () => {
  it('keeps the last good meetings through a sign-in page and a cut-off file, and says why', async () => {
    const { user, client } = await loggedInClient(server, {
      email: `rep_${randomBytes(4).toString('hex')}@pitchpad.test`,
    });
    expect((await client.put('/api/calendar', { url: fake.url })).status).toBe(200);
    const readAgain = async () => {
      await server.pool.query(
        "UPDATE calendar_connections SET fetched_at = now() - interval '1 hour' WHERE user_id = $1",
        [user.id],
      );
      return (await client.get<MeetingsResponse>('/api/meetings')).body;
    };

    fake.answer = 'sign-in';
    const signIn = await readAgain();
    expect(signIn.calendar.problem).toBe(NOT_A_CALENDAR);
    expect(signIn.meetings.map((m) => m.title)).toEqual(['Freightly demo']);

    fake.answer = 'calendar';
    fake.ics = GOOD.slice(0, GOOD.length / 2);
    const cutOff = await readAgain();
    expect(cutOff.calendar.problem).toBe(DAMAGED_CALENDAR);
    expect(cutOff.meetings.map((m) => m.title)).toEqual(['Freightly demo']);

    fake.ics = GOOD;
    const good = await readAgain();
    expect(good.calendar.problem).toBeNull();
    expect(good.meetings.map((m) => m.title)).toEqual(['Freightly demo']);
  });
});
