import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_USER_HEADER, SESSION_MISMATCH } from '../../domain/contract/session';
import type { MeetingBrief, MeetingsResponse } from '../../domain/contract/calendar';
import { BRIEF_SYSTEM_PROMPT } from '../../domain/briefs/prepBrief';
import { loggedInClient } from '../../tests/factories/users';
import { icsOf, startFakeCalendar, type FakeCalendar } from '../../tests/fakes/calendar';
import type { FakeOpenAI } from '../../tests/fakes/openai';
import { TestClient } from '../../tests/support/client';
import {
  startAppInstances,
  startTestServer,
  type AppInstance,
  type TestServer,
} from '../../tests/support/server';
import type { PushKeyResponse } from '../../domain/contract/push';
import { startFakePushService } from '../../tests/fakes/pushService';
import { briefDueAt, eveningBefore } from './briefs';
import { readAddress, saveCalendar } from './calendar';

/**
 * Prep briefs over HTTP on both databases: made by the background work once per meeting however
 * many instances run it, from the rep's earlier work that names the company (cited), by the model
 * within the rep's allowance or assembled without it, and the rep's own.
 */
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);
const minutesAfter = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);
const tag = () => randomBytes(4).toString('hex');

/** A calendar of one external meeting (named `title`) and one internal one, for a rep at pitchpad.test. */
async function calendarFor(title: string): Promise<FakeCalendar> {
  return startFakeCalendar(
    icsOf([
      {
        uid: `ext-${title}`,
        start: inHours(20),
        minutes: 30,
        summary: title,
        attendees: ['dana.ortiz@freightly.example', 'lee@freightly.example'],
      },
      {
        uid: `int-${title}`,
        start: inHours(26),
        minutes: 15,
        summary: 'Team standup',
        attendees: ['sam@pitchpad.test'],
      },
    ]),
  );
}

/** A chat of the rep's that names the company: what the brief should know and cite. */
async function earlierChat(pool: TestServer['pool'], userId: number, text: string) {
  const id = `chat-${tag()}`;
  await pool.query(
    `INSERT INTO chats (id, title, user_id, updated_at) VALUES ($1, 'Freightly pricing', $2, now())`,
    [id, userId],
  );
  await pool.query(
    `INSERT INTO messages (chat_id, role, content, timestamp) VALUES ($1, 'user', $2, now())`,
    [id, text],
  );
  return id;
}

/** A rep of pitchpad.test: its addresses are the rep's own company. */
const rep = (server: TestServer) => loggedInClient(server, { email: `rep_${tag()}@pitchpad.test` });

const briefRequests = (fake: FakeOpenAI, title: string) =>
  fake.requests.filter(
    (r) => r.messages[0]?.content === BRIEF_SYSTEM_PROMPT && r.messages[1]?.content.includes(title),
  );

describe('when a brief is due', () => {
  it.each([
    // A meeting on the morning the clocks go forward: the evening before is still winter time.
    ['Europe/Berlin', '2026-03-29T07:00:00Z', '2026-03-28T17:00:00.000Z'],
    // The morning they go back: the evening before is still summer time.
    ['Europe/Berlin', '2026-10-25T08:00:00Z', '2026-10-24T16:00:00.000Z'],
    ['America/New_York', '2026-03-08T13:00:00Z', '2026-03-07T23:00:00.000Z'],
    // Santiago's clocks go back at midnight, into the day of the meeting.
    ['America/Santiago', '2026-04-05T15:00:00Z', '2026-04-04T21:00:00.000Z'],
    ['UTC', '2026-03-30T07:00:00Z', '2026-03-29T18:00:00.000Z'],
  ])(
    'is 18:00 the evening before in the rep’s zone across a daylight-saving change (%s, %s)',
    (zone, start, evening) => {
      expect(eveningBefore(new Date(start), zone).toISOString()).toBe(evening);
    },
  );

  it('asks for a brief made after the latest of the evening before and two hours before', () => {
    const start = new Date('2026-03-30T07:00:00Z');
    expect(briefDueAt(start, 'UTC', new Date('2026-03-28T12:00:00Z')).getTime()).toBe(0);
    expect(briefDueAt(start, 'UTC', new Date('2026-03-29T20:00:00Z')).toISOString()).toBe(
      '2026-03-29T18:00:00.000Z',
    );
    expect(briefDueAt(start, 'UTC', new Date('2026-03-30T06:00:00Z')).toISOString()).toBe(
      '2026-03-30T05:00:00.000Z',
    );
  });
});

describe.each([
  ['the suite’s database', {}],
  ['the embedded database', { DATABASE_URL: '' }],
])('on %s', (_name, dbEnv) => {
  let app: Awaited<ReturnType<typeof startAppInstances>>;
  let a: AppInstance;
  let b: AppInstance;
  let offline: TestServer;
  beforeAll(async () => {
    app = await startAppInstances(2, { FETCH_ALLOW_LOOPBACK: 'true', ...dbEnv });
    [a, b] = app.instances as [AppInstance, AppInstance];
    offline = await startTestServer({ FETCH_ALLOW_LOOPBACK: 'true', ...dbEnv });
  }, 60_000);
  afterAll(() => Promise.all([app?.close(), offline?.close()]));

  it('makes one brief per external meeting, once across two instances, citing the rep’s earlier work', async () => {
    const title = `Freightly demo ${tag()}`;
    const calendar = await calendarFor(title);
    try {
      const { user, client } = await rep(a);
      await earlierChat(a.pool, user.id, 'Freightly runs 40 depots and is worried about price.');
      app.fake.enqueue({
        reply: JSON.stringify({
          known: [
            { text: 'Freightly runs 40 depots.', source: 1 },
            { text: 'Freightly was bought by Globex last week.', source: 7 },
          ],
          openPoints: [],
          questions: ['How do the depots share loads today?', 'Who signs off?', 'By when?'],
          objections: [{ says: 'Too expensive.', answer: 'Start with one depot.' }],
          outcome: 'A pilot at two depots agreed.',
        }),
      });
      expect((await client.put('/api/calendar', { url: calendar.url })).status).toBe(200);
      await Promise.all([a.calendarWork.forUser(user.id), b.calendarWork.forUser(user.id)]);
      await Promise.all([a.calendarWork.forUser(user.id), b.calendarWork.forUser(user.id)]);

      expect(briefRequests(app.fake, title)).toHaveLength(1);
      expect(briefRequests(app.fake, 'Team standup')).toHaveLength(0);
      const listed = await client.at(b.url).get<MeetingsResponse>('/api/meetings');
      const [external, internal] = listed.body.meetings;
      expect(external!.briefMadeAt).toEqual(expect.any(String));
      expect(internal!.briefMadeAt).toBeNull();
      expect(listed.body.briefs).toHaveLength(1);
      const brief = listed.body.briefs[0]!;
      expect(brief).toMatchObject({
        meetingId: external!.id,
        title,
        byModel: true,
        who: [
          { email: 'dana.ortiz@freightly.example', company: 'Freightly' },
          { email: 'lee@freightly.example', company: 'Freightly' },
        ],
        // A fact citing a source that does not exist is left out: cite it or don't claim it.
        known: [{ text: 'Freightly runs 40 depots.', source: 1 }],
        questions: ['How do the depots share loads today?', 'Who signs off?', 'By when?'],
        outcome: 'A pilot at two depots agreed.',
      });
      expect(brief.sources[0]).toMatchObject({
        kind: 'chat',
        label: 'Chat: Freightly pricing',
        text: 'Freightly runs 40 depots and is worried about price.',
      });
      // What the model was told: the people and the numbered piece.
      const prompt = briefRequests(app.fake, title)[0]!.messages[1]!.content;
      expect(prompt).toContain('dana.ortiz@freightly.example (Freightly)');
      expect(prompt).toContain('[1] Chat: Freightly pricing\nFreightly runs 40 depots');
    } finally {
      await calendar.close();
    }
  });

  it('makes an internal meeting’s brief only when asked, and a brief only for the rep', async () => {
    const title = `Freightly call ${tag()}`;
    const calendar = await calendarFor(title);
    try {
      const { user, client } = await rep(offline);
      await client.put('/api/calendar', { url: calendar.url });
      await offline.calendarWork.forUser(user.id);
      const { meetings } = (await client.get<MeetingsResponse>('/api/meetings')).body;
      const internal = meetings.find((m) => m.internal)!;
      const path = `/api/meetings/${encodeURIComponent(internal.id)}/brief`;
      expect((await client.get(path)).status).toBe(404);

      const asked = await client.post<MeetingBrief>(path, {});
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ title: 'Team standup', byModel: false, who: [] });
      expect((await client.get<MeetingBrief>(path)).body.madeAt).toBe(asked.body.madeAt);

      const other = await rep(offline);
      expect((await other.client.get(path)).status).toBe(404);
      expect((await other.client.post(path, {})).status).toBe(404);
      const guest = new TestClient(offline.url);
      expect((await guest.get(path)).status).toBe(401);
      expect((await guest.post(path, {})).status).toBe(401);
      expect((await client.post('/api/meetings/no-such-meeting/brief', {})).status).toBe(404);
      expect((await client.get('/api/meetings?timeZone=Mars/Olympus')).status).toBe(400);

      expect((await client.delete('/api/calendar')).status).toBe(204);
      const { rows } = await offline.pool.query('SELECT 1 FROM meeting_briefs WHERE user_id = $1', [
        user.id,
      ]);
      expect(rows).toHaveLength(0);
    } finally {
      await calendar.close();
    }
  });

  it('lets a rep ask for 30 briefs an hour, then answers 429 with when to try again and makes none; another rep still asks', async () => {
    const title = `Freightly sync ${tag()}`;
    const calendar = await calendarFor(title);
    try {
      /** A rep with the calendar connected, and the path of its internal meeting's brief. */
      const connected = async () => {
        const who = await rep(offline);
        expect((await who.client.put('/api/calendar', { url: calendar.url })).status).toBe(200);
        await offline.calendarWork.forUser(who.user.id);
        const { meetings } = (await who.client.get<MeetingsResponse>('/api/meetings')).body;
        const internal = meetings.find((m) => m.internal)!;
        return { ...who, path: `/api/meetings/${encodeURIComponent(internal.id)}/brief` };
      };
      const alice = await connected();
      expect((await alice.client.post(alice.path, {})).status).toBe(200);
      // As if she had asked 28 times more this hour, without 28 requests: her counter in the
      // limiter's table goes from 1 (the ask above) to 29.
      const counted = await offline.pool.query(
        'UPDATE rate_limits SET count = 29 WHERE key = $1 AND count = 1',
        [`brief:user:${alice.user.id}`],
      );
      expect(counted.rowCount).toBe(1);
      const last = await alice.client.post<MeetingBrief>(alice.path, {});
      expect(last.status).toBe(200);

      const over = await alice.client.post(alice.path, {});
      expect(over.status).toBe(429);
      expect(over.body).toEqual({
        code: 'rate_limited',
        message: 'Too many attempts. Please try again later.',
      });
      const retryAfter = Number(over.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect((await alice.client.get<MeetingBrief>(alice.path)).body.madeAt).toBe(last.body.madeAt);

      const bob = await connected();
      expect((await bob.client.post(bob.path, {})).status).toBe(200);
    } finally {
      await calendar.close();
    }
  });

  it('makes a brief again at 18:00 the evening before and two hours before the meeting, and not in between', async () => {
    // A meeting three hours away, on a whole minute: its evening before is over, two hours before is not.
    const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3 * 3_600_000);
    const calendar = await startFakeCalendar(
      icsOf([
        {
          uid: `due-${tag()}`,
          start,
          minutes: 30,
          summary: 'Freightly pilot review',
          attendees: ['dana.ortiz@freightly.example'],
        },
      ]),
    );
    try {
      const { user, client } = await rep(offline);
      await client.put('/api/calendar', { url: calendar.url, timeZone: 'Europe/Berlin' });
      const work = offline.calendarWork;
      // The turn the connection started makes the first brief.
      await work.forUser(user.id);
      const madeAt = async () => {
        const { rows } = await offline.pool.query<{ made_at: Date | null }>(
          'SELECT made_at FROM meeting_briefs WHERE user_id = $1',
          [user.id],
        );
        expect(rows).toHaveLength(1);
        return rows[0]!.made_at?.toISOString() ?? null;
      };
      expect(await madeAt()).not.toBeNull();
      const evening = eveningBefore(start, 'Europe/Berlin');
      const twoHoursBefore = new Date(start.getTime() - 2 * 3_600_000);
      // As if that brief had been made the day before, when the meeting appeared (a brief carries
      // the clock's time, whatever moment the test gives the turn).
      await offline.pool.query('UPDATE meeting_briefs SET made_at = $2 WHERE user_id = $1', [
        user.id,
        minutesAfter(evening, -120),
      ]);
      const dayBefore = await madeAt();
      await work.forUser(user.id, minutesAfter(evening, -60));
      expect(await madeAt()).toBe(dayBefore);

      await work.forUser(user.id, minutesAfter(evening, 1));
      const eveningBrief = await madeAt();
      expect(eveningBrief).not.toBe(dayBefore);
      await work.forUser(user.id, minutesAfter(evening, 2));
      await work.forUser(user.id, minutesAfter(twoHoursBefore, -1));
      expect(await madeAt()).toBe(eveningBrief);

      await work.forUser(user.id, minutesAfter(twoHoursBefore, 1));
      const lastBrief = await madeAt();
      expect(lastBrief).not.toBe(eveningBrief);
      // What the rep sees is the last one made.
      const { briefs } = (await client.get<MeetingsResponse>('/api/meetings')).body;
      await work.forUser(user.id);
      expect(briefs.map((brief) => [brief.title, brief.madeAt])).toEqual([
        ['Freightly pilot review', lastBrief],
      ]);
    } finally {
      await calendar.close();
    }
  });

  it('takes over a brief whose maker stopped mid-way once its lease is over, and leaves one still leased alone', async () => {
    const title = `Freightly kickoff ${tag()}`;
    const calendar = await calendarFor(title);
    try {
      const { user, client } = await rep(b);
      // Connected as PUT /api/calendar does, without the turn it starts: no instance has made a brief.
      const read = await readAddress(a.config, calendar.url, { etag: null, lastModified: null });
      if (read.kind !== 'meetings') throw new Error(`the fake calendar gave ${read.kind}`);
      await saveCalendar(a.pool, a.config, user.id, calendar.url, read);
      const meeting = read.meetings.find((m) => m.title === title)!;
      // Instance a claimed it as claimBrief does, its lease good for a while yet, and stopped.
      await a.pool.query(
        `INSERT INTO meeting_briefs (user_id, meeting_id, meeting_start, lease_token, lease_until, tried_at)
         VALUES ($1, $2, $3, 'stopped-maker', now() + interval '5 minutes', now())`,
        [user.id, meeting.id, meeting.start],
      );
      const row = async () =>
        (
          await a.pool.query<{ made_at: Date | null; lease_token: string | null }>(
            'SELECT made_at, lease_token FROM meeting_briefs WHERE user_id = $1 AND meeting_id = $2',
            [user.id, meeting.id],
          )
        ).rows[0];

      await b.calendarWork.forUser(user.id);
      expect(await row()).toEqual({ made_at: null, lease_token: 'stopped-maker' });
      expect(briefRequests(app.fake, title)).toHaveLength(0);

      // The lease runs out with no brief made: b's next turn makes it.
      await a.pool.query(
        `UPDATE meeting_briefs SET lease_until = now() - interval '1 second'
          WHERE user_id = $1 AND meeting_id = $2`,
        [user.id, meeting.id],
      );
      app.fake.enqueue({
        reply: JSON.stringify({
          known: [],
          openPoints: [],
          questions: ['What does a delayed load cost you today?'],
          objections: [],
          outcome: 'A first call with their operations lead booked.',
        }),
      });
      await b.calendarWork.forUser(user.id);
      expect(await row()).toEqual({ made_at: expect.any(Date), lease_token: null });
      expect(briefRequests(app.fake, title)).toHaveLength(1);
      const { briefs } = (await client.get<MeetingsResponse>('/api/meetings')).body;
      await b.calendarWork.forUser(user.id);
      expect(briefs).toHaveLength(1);
      expect(briefs[0]).toMatchObject({
        title,
        byModel: true,
        outcome: 'A first call with their operations lead booked.',
      });
    } finally {
      await calendar.close();
    }
  });

  it('with no model, assembles the brief from the same pieces: who, what is known and open, three questions, objections, the outcome', async () => {
    const title = `Freightly review ${tag()}`;
    const calendar = await calendarFor(title);
    try {
      const { user, client } = await rep(offline);
      await earlierChat(
        offline.pool,
        user.id,
        'Dana Ortiz from Freightly said the budget is tight. We will send the pilot plan by Friday.',
      );
      await client.put('/api/calendar', { url: calendar.url });
      await offline.calendarWork.forUser(user.id);
      const { briefs } = (await client.get<MeetingsResponse>('/api/meetings')).body;
      expect(briefs).toHaveLength(1);
      const brief = briefs[0]!;
      expect(brief.byModel).toBe(false);
      expect(brief.known).toContainEqual({
        text: 'Dana Ortiz from Freightly said the budget is tight.',
        source: 1,
      });
      expect(brief.openPoints).toEqual([
        { text: 'We will send the pilot plan by Friday.', source: 1 },
      ]);
      expect(brief.questions).toHaveLength(3);
      // The budget came up: the price objection first, answered.
      expect(brief.objections[0]!.says).toBe("It's too expensive.");
      expect(brief.objections[0]!.answer.length).toBeGreaterThan(40);
      expect(brief.outcome).toMatch(/next step/);
    } finally {
      await calendar.close();
    }
  });

  it('keeps to the rep’s daily allowance: with it spent, the brief is assembled and the model is not asked', async () => {
    const title = `Freightly budget ${tag()}`;
    const calendar = await calendarFor(title);
    try {
      const { user, client } = await rep(a);
      // Every account is Pro on a server that sells nothing: the Pro allowance, spent for today.
      await a.pool.query(
        `INSERT INTO token_usage (payer, day, tokens) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 100000000)
         ON CONFLICT (payer, day) DO UPDATE SET tokens = 100000000`,
        [`user:${user.id}`],
      );
      await client.put('/api/calendar', { url: calendar.url });
      await a.calendarWork.forUser(user.id);
      expect(briefRequests(app.fake, title)).toHaveLength(0);
      const { briefs } = (await client.get<MeetingsResponse>('/api/meetings')).body;
      expect(briefs.map((brief) => [brief.title, brief.byModel])).toEqual([[title, false]]);
    } finally {
      await calendar.close();
    }
  });

  it('reminds the rep 30 minutes before an external meeting, once across instances, opening its brief', async () => {
    const push = await startFakePushService();
    const soon = new Date(Date.now() + 20 * 60_000);
    const calendar = await startFakeCalendar(
      icsOf([
        {
          uid: `soon-${tag()}`,
          start: soon,
          minutes: 30,
          summary: 'Freightly pricing call',
          attendees: ['dana.ortiz@freightly.example'],
        },
        {
          uid: `later-${tag()}`,
          start: inHours(5),
          minutes: 30,
          summary: 'Globex intro',
          attendees: ['kim@globex.example'],
        },
      ]),
    );
    try {
      const { user, client } = await rep(a);
      const { publicKey } = (await client.get<PushKeyResponse>('/api/push/key')).body;
      const browser = push.newSubscription({ applicationServerKey: publicKey });
      expect((await client.put('/api/push/subscription', browser)).status).toBe(204);
      await client.put('/api/calendar', { url: calendar.url, timeZone: 'Europe/Berlin' });
      await Promise.all([a.calendarWork.forUser(user.id), b.calendarWork.forUser(user.id)]);
      await Promise.all([a.calendarWork.forUser(user.id), b.calendarWork.forUser(user.id)]);

      const [reminder] = await push.waitFor(1);
      const time = new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Europe/Berlin',
      }).format(soon);
      const { meetings } = (await client.get<MeetingsResponse>('/api/meetings')).body;
      expect(reminder!.payload).toMatchObject({
        title: `Freightly at ${time}: your brief is ready`,
        body: 'Freightly pricing call',
        url: `/meetings/${encodeURIComponent(meetings[0]!.id)}`,
        user: user.id,
      });
      expect(push.received).toHaveLength(1);
      // The phone's worker fetches the brief naming the rep; another account signed in since gets none.
      const briefPath = `/api/meetings/${encodeURIComponent(meetings[0]!.id)}/brief`;
      const asRep = { [EXPECTED_USER_HEADER]: String(user.id) };
      expect(
        (await client.request<MeetingBrief>('GET', briefPath, undefined, { headers: asRep })).body
          .title,
      ).toBe('Freightly pricing call');
      const someoneElse = await rep(a);
      const refused = await someoneElse.client.request<{ code: string }>(
        'GET',
        briefPath,
        undefined,
        {
          headers: asRep,
        },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe(SESSION_MISMATCH);
    } finally {
      await Promise.all([calendar.close(), push.close()]);
    }
  });

  it('reminds again when the meeting moves to another time, and not for a meeting moved away', async () => {
    const push = await startFakePushService();
    const uid = `moved-${tag()}`;
    const event = (start: Date) => ({
      uid,
      start,
      minutes: 30,
      summary: 'Freightly follow-up',
      attendees: ['dana.ortiz@freightly.example'],
    });
    const calendar = await startFakeCalendar(icsOf([event(new Date(Date.now() + 20 * 60_000))]));
    try {
      const { user, client } = await rep(offline);
      const { publicKey } = (await client.get<PushKeyResponse>('/api/push/key')).body;
      await client.put(
        '/api/push/subscription',
        push.newSubscription({ applicationServerKey: publicKey }),
      );
      await client.put('/api/calendar', { url: calendar.url });
      await offline.calendarWork.forUser(user.id);
      await push.waitFor(1);

      const stale = () =>
        offline.pool.query(
          "UPDATE calendar_connections SET fetched_at = now() - interval '2 hours' WHERE user_id = $1",
          [user.id],
        );
      // Moved five minutes later: still within the half hour, a new time, a new reminder.
      calendar.ics = icsOf([event(new Date(Date.now() + 25 * 60_000))]);
      await stale();
      await offline.calendarWork.forUser(user.id);
      await push.waitFor(2);
      // Moved to tomorrow: nothing now.
      calendar.ics = icsOf([event(inHours(26))]);
      await stale();
      await offline.calendarWork.forUser(user.id);
      expect(push.received.map((r) => (r.payload as { body: string }).body)).toEqual([
        'Freightly follow-up',
        'Freightly follow-up',
      ]);
    } finally {
      await Promise.all([calendar.close(), push.close()]);
    }
  });
});
