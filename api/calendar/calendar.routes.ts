import { Router } from '@koa/router';
import {
  CalendarInput,
  MeetingsQuery,
  type CalendarStatus,
  type MeetingBrief,
  type MeetingsResponse,
} from '../../domain/contract/calendar';
import type { AppDeps, AppState } from '../context';
import { AppError, NotFound } from '../errors';
import { isPro } from '../billing/requirePro';
import type { LlmGateway } from '../llm/types';
import { expectedUser } from '../middleware/expectedUser';
import { rateLimit } from '../middleware/rateLimit';
import { requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { makeBriefIfDue, storedBriefs } from './briefs';
import {
  CALENDAR_PAST_MS,
  deleteCalendar,
  isInternal,
  readAddress,
  readCalendar,
  refreshCalendar,
  saveCalendar,
  setCalendarTimeZone,
  type StoredCalendar,
} from './calendar';
import type { CalendarJobs } from './calendarJobs';

/** Briefs a rep may ask for by hand: each is a model call, counted against their allowance too. */
const briefsAskedPerUser = rateLimit(
  { name: 'brief:user', limit: 30, windowMs: 60 * 60 * 1000 },
  (ctx) => String(userOf(ctx).id),
);

/** Briefs sent whole with the meetings: those of the next day, for the phone to keep offline. */
const BRIEFS_AHEAD_MS = 24 * 3_600_000;

const statusOf = (stored: StoredCalendar | null): CalendarStatus => ({
  connected: stored !== null,
  host: stored?.host ?? null,
  goodAt: stored?.goodAt?.toISOString() ?? null,
  problem: stored?.problem ?? null,
});

/**
 * The rep's calendar: GET /api/calendar (connected or not, which, the last problem), PUT
 * /api/calendar {url, timeZone} (read once under the URL guard before it is kept: an address that
 * is not a calendar is refused with why), DELETE /api/calendar, GET /api/meetings (the next days'
 * meetings, read again when the last read is 15 minutes old, with the next day's briefs whole), and
 * a meeting's brief: GET /api/meetings/:id/brief, POST to make it now (an internal meeting's, or
 * again). The background job (calendarJobs.ts) makes the briefs that are due; a read here also
 * starts this rep's turn of it, so a meeting just added has its brief in moments.
 */
export function calendarRoutes(llm: LlmGateway, jobs: CalendarJobs) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api' });
  router.use(['/calendar', '/meetings', '/meetings/:id/brief'], requireUser());
  // The service worker fetches a reminded brief naming the rep: another account's session gets none.
  router.use(['/meetings/:id/brief'], expectedUser());

  router.get('/calendar', async (ctx) => {
    ctx.body = statusOf(await readCalendar(ctx.pool, ctx.config, userOf(ctx).id));
  });

  router.put('/calendar', validate(CalendarInput), async (ctx) => {
    const { url, timeZone } = inputOf(ctx, CalendarInput);
    const read = await readAddress(ctx.config, url, { etag: null, lastModified: null });
    if (read.kind !== 'meetings')
      throw new AppError(
        422,
        'calendar_unreadable',
        read.kind === 'problem' ? read.problem : 'The calendar address gave no calendar.',
        {},
        { url: read.kind === 'problem' ? read.problem : 'No calendar there.' },
      );
    const userId = userOf(ctx).id;
    await saveCalendar(ctx.pool, ctx.config, userId, url, read, timeZone);
    ctx.log.info(`user ${userId} connected a calendar at ${new URL(url).host}`);
    void jobs.forUser(userId);
    ctx.body = statusOf(await readCalendar(ctx.pool, ctx.config, userId));
  });

  router.delete('/calendar', async (ctx) => {
    if (!(await deleteCalendar(ctx.pool, userOf(ctx).id))) throw NotFound('Calendar');
    ctx.status = 204;
  });

  router.get('/meetings', validate(MeetingsQuery, 'query'), async (ctx) => {
    const user = userOf(ctx);
    const { timeZone } = inputOf(ctx, MeetingsQuery);
    if (timeZone) await setCalendarTimeZone(ctx.pool, user.id, timeZone);
    const stored = await refreshCalendar(ctx.pool, ctx.config, user.id);
    const briefs = await storedBriefs(ctx.pool, user.id);
    const now = Date.now();
    const upcoming = (stored?.meetings ?? []).filter(
      (m) => m.end.getTime() > now - CALENDAR_PAST_MS,
    );
    const body: MeetingsResponse = {
      calendar: statusOf(stored),
      meetings: upcoming.map((m) => ({
        ...m,
        start: m.start.toISOString(),
        end: m.end.toISOString(),
        internal: isInternal(m, user.email),
        briefMadeAt: briefs.get(m.id)?.brief?.madeAt ?? null,
        briefProblem: briefs.get(m.id)?.problem ?? null,
      })),
      briefs: upcoming
        .filter((m) => m.start.getTime() - now < BRIEFS_AHEAD_MS)
        .map((m) => briefs.get(m.id)?.brief)
        .filter((b): b is MeetingBrief => Boolean(b)),
    };
    if (stored) void jobs.forUser(user.id);
    ctx.body = body;
  });

  router.get('/meetings/:id/brief', async (ctx) => {
    const brief = (await storedBriefs(ctx.pool, userOf(ctx).id)).get(ctx.params.id ?? '')?.brief;
    if (!brief) throw NotFound('Brief');
    ctx.body = brief;
  });

  router.post('/meetings/:id/brief', briefsAskedPerUser, async (ctx) => {
    const user = userOf(ctx);
    const stored = await readCalendar(ctx.pool, ctx.config, user.id);
    const meeting = stored?.meetings.find((m) => m.id === ctx.params.id);
    if (!stored || !meeting) throw NotFound('Meeting');
    const { rows } = await ctx.pool.query<{ time_zone: string }>(
      'SELECT time_zone FROM calendar_connections WHERE user_id = $1',
      [user.id],
    );
    const made = await makeBriefIfDue(
      { pool: ctx.pool, config: ctx.config, log: ctx.log, llm },
      { id: user.id, email: user.email, pro: isPro(user) },
      meeting,
      { timeZone: rows[0]?.time_zone ?? 'UTC', force: true },
    );
    if (!made)
      throw new AppError(
        409,
        'brief_in_progress',
        'This brief is being made now: it comes shortly.',
        {
          'Retry-After': '5',
        },
      );
    ctx.body = (await storedBriefs(ctx.pool, user.id)).get(meeting.id)!.brief;
  });

  return router;
}
