import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarStatus, MeetingsResponse } from '../../domain/contract/calendar';
import { loggedInClient } from '../../tests/factories/users';
import { icsOf, startFakeCalendar, type FakeCalendar } from '../../tests/fakes/calendar';
import { TestClient } from '../../tests/support/client';
import { startTestServer, type TestServer } from '../../tests/support/server';

/**
 * The rep's calendar over HTTP, on both databases, against a fake calendar host on loopback (let
 * through only by the tests' FETCH_ALLOW_LOOPBACK); a production server refuses that same address
 * before any connection.
 */
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);
const minutesAfter = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);
/** The one meeting of a calendar whose host dates its changes. */
const datedEvent = (summary: string) => ({
  uid: 'dated',
  start: inHours(20),
  minutes: 30,
  summary,
  attendees: ['dana@freightly.example'],
});
let fake: FakeCalendar;
let production: TestServer;
const servers: Record<string, TestServer> = {};

beforeAll(async () => {
  fake = await startFakeCalendar(
    icsOf([
      {
        uid: 'freightly',
        start: inHours(20),
        minutes: 30,
        summary: 'Freightly demo',
        attendees: ['dana@freightly.example', 'rep@pitchpad.test'],
      },
      {
        uid: 'standup',
        start: inHours(26),
        minutes: 15,
        summary: 'Team standup',
        attendees: ['rep@pitchpad.test', 'sam@pitchpad.test'],
      },
      {
        uid: 'next-month',
        start: inHours(24 * 30),
        minutes: 60,
        summary: 'Far away',
        attendees: ['x@globex.example'],
      },
    ]),
  );
  const [shared, embedded, prod] = await Promise.all([
    startTestServer({ FETCH_ALLOW_LOOPBACK: 'true' }),
    startTestServer({ FETCH_ALLOW_LOOPBACK: 'true', DATABASE_URL: '' }),
    startTestServer({
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      APP_URL: 'https://pitchpad.example',
    }),
  ]);
  servers['the suite’s database'] = shared;
  servers['the embedded database'] = embedded;
  production = prod;
}, 60_000);
afterAll(() =>
  Promise.all([
    ...Object.values(servers).map((s) => s.close()),
    production?.close(),
    fake?.close(),
  ]),
);

const rep = (server: TestServer) =>
  loggedInClient(server, { email: `rep_${randomBytes(4).toString('hex')}@pitchpad.test` });

describe.each(['the suite’s database', 'the embedded database'])('on %s', (database) => {
  const server = () => servers[database]!;

  it('is the rep’s own: every route asks for a session', async () => {
    const guest = new TestClient(server().url);
    expect((await guest.get('/api/calendar')).status).toBe(401);
    expect((await guest.put('/api/calendar', { url: fake.url })).status).toBe(401);
    expect((await guest.delete('/api/calendar')).status).toBe(401);
    expect((await guest.get('/api/meetings')).status).toBe(401);
  });

  it('connects a calendar by its secret address, keeps it encrypted, and lists the next days’ meetings', async () => {
    const { user, client } = await rep(server());
    const connected = await client.put<CalendarStatus>('/api/calendar', { url: fake.url });
    expect(connected.status).toBe(200);
    expect(connected.body).toEqual({
      connected: true,
      host: new URL(fake.url).host,
      goodAt: expect.any(String),
      problem: null,
    });
    expect(JSON.stringify(connected.body)).not.toContain('secret-abc');
    const { rows } = await server().pool.query<{ url_encrypted: string }>(
      'SELECT url_encrypted FROM calendar_connections WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0]!.url_encrypted).toMatch(/^v1:/);
    expect(rows[0]!.url_encrypted).not.toContain('secret-abc');

    const listed = await client.get<MeetingsResponse>('/api/meetings');
    expect(listed.body.meetings.map((m) => [m.title, m.internal])).toEqual([
      ['Freightly demo', false],
      ['Team standup', true],
    ]);
    expect(listed.body.meetings[0]!.attendees).toContainEqual({
      email: 'dana@freightly.example',
    });
  });

  it('reads the calendar again only when stale, asking with its ETag, and keeps the last good meetings through a broken address', async () => {
    const { user, client } = await rep(server());
    await client.put('/api/calendar', { url: fake.url });
    const stale = () =>
      server().pool.query(
        "UPDATE calendar_connections SET fetched_at = now() - interval '1 hour' WHERE user_id = $1",
        [user.id],
      );
    const asked = fake.requests.length;
    await client.get('/api/meetings');
    expect(fake.requests.length).toBe(asked);

    await stale();
    const unchanged = await client.get<MeetingsResponse>('/api/meetings');
    expect(fake.requests.at(-1)!.ifNoneMatch).toBeTruthy();
    expect(unchanged.body.meetings).toHaveLength(2);

    fake.answer = 'not-found';
    try {
      await stale();
      const broken = await client.get<MeetingsResponse>('/api/meetings');
      expect(broken.body.calendar.problem).toMatch(/no calendar there any more/);
      expect(broken.body.meetings).toHaveLength(2);
    } finally {
      fake.answer = 'calendar';
    }
  });

  it('asks with If-Modified-Since a host that sends only Last-Modified, and keeps the meetings it answers unchanged', async () => {
    const host = await startFakeCalendar(icsOf([datedEvent('Freightly demo')]));
    host.etag = false;
    host.lastModified = new Date('2026-01-05T09:30:00Z');
    try {
      const { user, client } = await rep(server());
      expect((await client.put('/api/calendar', { url: host.url })).status).toBe(200);
      await server().calendarWork.forUser(user.id);
      const stored = await server().pool.query<{ etag: string | null; last_modified: string }>(
        'SELECT etag, last_modified FROM calendar_connections WHERE user_id = $1',
        [user.id],
      );
      expect(stored.rows[0]).toEqual({
        etag: null,
        last_modified: 'Mon, 05 Jan 2026 09:30:00 GMT',
      });
      /** The meetings the rep sees after the last read has gone stale, the read done. */
      const readAgain = async () => {
        await server().pool.query(
          "UPDATE calendar_connections SET fetched_at = now() - interval '1 hour' WHERE user_id = $1",
          [user.id],
        );
        const listed = await client.get<MeetingsResponse>('/api/meetings');
        await server().calendarWork.forUser(user.id);
        return listed.body;
      };

      // The host answers 304 by the date alone: the text it holds now is not what the rep sees.
      host.ics = icsOf([datedEvent('Freightly demo, moved room')]);
      const unchanged = await readAgain();
      expect(host.requests).toHaveLength(2);
      expect(host.requests[1]).toEqual({ ifModifiedSince: 'Mon, 05 Jan 2026 09:30:00 GMT' });
      expect(unchanged.meetings.map((m) => m.title)).toEqual(['Freightly demo']);
      expect(unchanged.calendar.problem).toBeNull();

      // Changed since: the new text, and its date asked with next time.
      host.lastModified = new Date('2026-01-06T10:00:00Z');
      const changed = await readAgain();
      expect(changed.meetings.map((m) => m.title)).toEqual(['Freightly demo, moved room']);
      await readAgain();
      expect(host.requests.slice(2)).toEqual([
        { ifModifiedSince: 'Mon, 05 Jan 2026 09:30:00 GMT' },
        { ifModifiedSince: 'Tue, 06 Jan 2026 10:00:00 GMT' },
      ]);
    } finally {
      await host.close();
    }
  });

  it('reads the calendar again every 15 minutes while the rep uses the app, and at most hourly otherwise', async () => {
    const host = await startFakeCalendar(
      icsOf([
        {
          uid: 'schedule',
          start: inHours(20),
          minutes: 30,
          summary: 'Freightly demo',
          attendees: ['dana@freightly.example'],
        },
      ]),
    );
    try {
      const { user, client } = await rep(server());
      expect((await client.put('/api/calendar', { url: host.url })).status).toBe(200);
      const work = server().calendarWork;
      // The turn the connection started finds the calendar just read.
      await work.forUser(user.id);
      expect(host.requests).toHaveLength(1);
      /** When the calendar was last read, by the database. */
      const lastRead = async () =>
        (
          await server().pool.query<{ fetched_at: Date }>(
            'SELECT fetched_at FROM calendar_connections WHERE user_id = $1',
            [user.id],
          )
        ).rows[0]!.fetched_at;

      // In use: the session was seen at sign-in, moments ago.
      let read = await lastRead();
      await work.forUser(user.id, minutesAfter(read, 10));
      expect(host.requests).toHaveLength(1);
      await work.forUser(user.id, minutesAfter(read, 16));
      expect(host.requests).toHaveLength(2);
      expect((await lastRead()).getTime()).toBeGreaterThan(read.getTime());

      // Not in use: the session last seen two hours ago.
      await server().pool.query(
        "UPDATE user_session SET last_seen_at = now() - interval '2 hours' WHERE user_id = $1",
        [user.id],
      );
      read = await lastRead();
      await work.forUser(user.id, minutesAfter(read, 16));
      await work.forUser(user.id, minutesAfter(read, 59));
      expect(host.requests).toHaveLength(2);
      await work.forUser(user.id, minutesAfter(read, 61));
      expect(host.requests).toHaveLength(3);
    } finally {
      await host.close();
    }
  });

  it('refuses an address that is no calendar or not on the public internet, and keeps nothing', async () => {
    const { client } = await rep(server());
    fake.answer = 'sign-in';
    try {
      const signIn = await client.put('/api/calendar', { url: fake.url });
      expect(signIn.status).toBe(422);
      expect(signIn.body.message).toBe(
        'That address did not answer with a calendar (an .ics file).',
      );
    } finally {
      fake.answer = 'calendar';
    }
    const cases: [string, string][] = [
      ['http://169.254.169.254/latest/meta-data', 'That address is not on the public internet.'],
      ['https://10.0.0.8/cal.ics', 'That address is not on the public internet.'],
      ['ftp://calendar.example/cal.ics', 'Only https:// addresses can be used.'],
    ];
    for (const [url, message] of cases) {
      const answer = await client.put('/api/calendar', { url });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(message);
    }
    expect((await client.put('/api/calendar', { url: '' })).body.message).toMatch(
      /Paste your calendar’s secret address/,
    );
    expect((await client.get<CalendarStatus>('/api/calendar')).body.connected).toBe(false);
  });

  it('Disconnect forgets the address; another rep has none to forget', async () => {
    const { client } = await rep(server());
    await client.put('/api/calendar', { url: fake.url });
    const other = await rep(server());
    expect((await other.client.delete('/api/calendar')).status).toBe(404);
    expect((await client.delete('/api/calendar')).status).toBe(204);
    const after = await client.get<MeetingsResponse>('/api/meetings');
    expect(after.body).toEqual({
      calendar: { connected: false, host: null, goodAt: null, problem: null },
      meetings: [],
      briefs: [],
    });
  });
});

describe('a production server', () => {
  it('refuses a calendar on its own machine before any connection', async () => {
    const { client } = await loggedInClient(production);
    const asked = fake.requests.length;
    const https = fake.url.replace('http://', 'https://');
    const answer = await client.put('/api/calendar', { url: https });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('That address is not on the public internet.');
    expect(fake.requests.length).toBe(asked);
  });
});
