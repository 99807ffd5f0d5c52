// `npm run bench` (prep briefs part). Figures, not tests: what the brief job costs per meeting
// beyond the model (api/calendar/briefs.ts makeBriefIfDue with no model connected, so the brief is
// assembled: claiming the row, reading the profile, finding the earlier work that names the
// meeting's company or people, searching the kit, assembling and storing the brief). One rep with a
// realistic history: CHATS chats of a few messages, a fifth of them naming one of the meetings'
// companies, and N meetings, each brief made again (forced) one after another. Then one turn of the
// job over the rep's calendar as the timer runs it (nothing due: the cost of looking).
// On Postgres when TEST_DATABASE_URL (or DATABASE_URL) names one (a throwaway database: the bench
// adds a rep and their rows, and leaves them), else the embedded PGlite.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { makeBriefIfDue } from '../../api/calendar/briefs';
import { readCalendar } from '../../api/calendar/calendar';
import { liveGateway } from '../../api/llm/live';
import { loggerFor } from '../../api/log';
import type { MeetingsResponse } from '../../domain/contract/calendar';
import { icsOf, startFakeCalendar } from '../fakes/calendar';
import { loggedInClient } from '../factories/users';
import { startTestServer, testDatabaseUrl } from '../support/server';

const N = Number(process.env.BENCH_BRIEFS ?? 60);
const CHATS = Number(process.env.BENCH_BRIEF_CHATS ?? 1_000);
const COMPANIES = ['Freightly', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay'];
/** What a brief should cost beyond the model, at the median. */
const TARGET_P50_MS = 50;

const at = (xs: number[], p: number) =>
  xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const figures = (xs: number[]) =>
  `p50 ${at(xs, 0.5).toFixed(2).padStart(7)} ms  p95 ${at(xs, 0.95).toFixed(2).padStart(7)} ms`;

const start = (i: number) => new Date(Date.now() + (2 + (i * 150) / N) * 3_600_000);
const calendar = await startFakeCalendar(
  icsOf(
    Array.from({ length: N }, (_, i) => {
      const company = COMPANIES[i % COMPANIES.length]!.toLowerCase();
      return {
        uid: `bench-${i}`,
        start: start(i),
        minutes: 30,
        summary: `${COMPANIES[i % COMPANIES.length]} call ${i}`,
        attendees: [`dana.ortiz@${company}.example`, `lee.park@${company}.example`],
      };
    }),
  ),
);
const server = await startTestServer({ FETCH_ALLOW_LOOPBACK: 'true' });
const database = testDatabaseUrl() ? 'Postgres' : 'embedded PGlite';

let queries = 0;
const pool = server.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
const realQuery = pool.query.bind(pool);
pool.query = (...args: unknown[]) => {
  queries++;
  return realQuery(...args);
};

try {
  const { user, client } = await loggedInClient(server, {
    email: `bench_${randomUUID().slice(0, 8)}@pitchpad.test`,
  });
  // The rep's history: chats, one in five naming a company of the meetings.
  for (let i = 0; i < CHATS; i++) {
    const id = `bench-chat-${randomUUID()}`;
    const named = i % 5 === 0 ? ` ${COMPANIES[i % COMPANIES.length]} wants a pilot.` : '';
    await server.pool.query(
      `INSERT INTO chats (id, title, user_id, updated_at) VALUES ($1, $2, $3, now())`,
      [id, `Chat ${i}`, user.id],
    );
    await server.pool.query(
      `INSERT INTO messages (chat_id, role, content) VALUES ($1, 'user', $2), ($1, 'assistant', $3)`,
      [
        id,
        `How do I price a routing product for a mid-size carrier?${named}`,
        `Anchor the price to the empty miles it saves. We agreed to send the pilot plan next week.${named}`.repeat(
          4,
        ),
      ],
    );
  }
  const connected = await client.put('/api/calendar', { url: calendar.url, timeZone: 'UTC' });
  if (connected.status !== 200) throw new Error(`connect answered ${connected.status}`);
  // The briefs the connect started in the background settle before anything is timed.
  await server.calendarWork.forUser(user.id);

  const stored = await readCalendar(server.pool, server.config, user.id);
  const meetings = stored!.meetings;
  const log = loggerFor(server.config);
  const deps = {
    pool: server.pool,
    config: server.config,
    log,
    llm: liveGateway({ pool: server.pool, config: server.config, log }),
  };
  if (!deps.llm.offline) throw new Error('the bench needs a server with no model');
  const owner = { id: user.id, email: user.email, pro: true };

  const times: number[] = [];
  queries = 0;
  for (const meeting of meetings) {
    const began = performance.now();
    const made = await makeBriefIfDue(deps, owner, meeting, { timeZone: 'UTC', force: true });
    times.push(performance.now() - began);
    if (!made) throw new Error(`the brief of ${meeting.id} was not made`);
  }
  const perBriefQueries = queries / meetings.length;

  queries = 0;
  const turnBegan = performance.now();
  await server.calendarWork.forUser(user.id);
  const turnMs = performance.now() - turnBegan;
  const turnQueries = queries;

  const listed = await client.get<MeetingsResponse>('/api/meetings');
  const bytes = Buffer.byteLength(JSON.stringify(listed.body.briefs));
  const cited = listed.body.briefs.filter((b) => b.sources.some((s) => s.kind === 'chat')).length;

  console.log(
    `\nPrep briefs beyond the model (${database}, ${CHATS} chats, ${meetings.length} meetings)`,
  );
  console.log(
    `  a brief made (assembled):   ${figures(times)}  (target p50 ≤ ${TARGET_P50_MS} ms)`,
  );
  console.log(`  queries per brief:          ${perBriefQueries.toFixed(1)}`);
  console.log(
    `  a turn of the job, nothing due: ${turnMs.toFixed(1)} ms, ${turnQueries} queries (${meetings.length} meetings)`,
  );
  console.log(
    `  the next day's briefs sent whole: ${listed.body.briefs.length}, ${(bytes / 1024).toFixed(1)} kB of JSON; ${cited} cite a chat`,
  );
} finally {
  await server.close();
  await calendar.close();
}
