import { Router } from '@koa/router';
import {
  CalendarInput,
  type CalendarStatus,
  type MeetingsResponse,
} from '../../domain/contract/calendar';
import type { AppDeps, AppState } from '../context';
import { AppError, NotFound } from '../errors';
import { requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import {
  deleteCalendar,
  isInternal,
  readAddress,
  readCalendar,
  refreshCalendar,
  saveCalendar,
  type StoredCalendar,
} from './calendar';

const statusOf = (stored: StoredCalendar | null): CalendarStatus => ({
  connected: stored !== null,
  host: stored?.host ?? null,
  goodAt: stored?.goodAt?.toISOString() ?? null,
  problem: stored?.problem ?? null,
});

/**
 * The rep's calendar: GET /api/calendar (connected or not, which, the last problem), PUT
 * /api/calendar {url} (read once under the URL guard before it is kept: an address that is not a
 * calendar is refused with why), DELETE /api/calendar, and GET /api/meetings (the next days'
 * meetings, the calendar read again when its last read is 15 minutes old).
 */
export function calendarRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api' });
  router.use(['/calendar', '/meetings'], requireUser());

  router.get('/calendar', async (ctx) => {
    ctx.body = statusOf(await readCalendar(ctx.pool, ctx.config, userOf(ctx).id));
  });

  router.put('/calendar', validate(CalendarInput), async (ctx) => {
    const { url } = inputOf(ctx, CalendarInput);
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
    await saveCalendar(ctx.pool, ctx.config, userId, url, read);
    ctx.log.info(`user ${userId} connected a calendar at ${new URL(url).host}`);
    ctx.body = statusOf(await readCalendar(ctx.pool, ctx.config, userId));
  });

  router.delete('/calendar', async (ctx) => {
    if (!(await deleteCalendar(ctx.pool, userOf(ctx).id))) throw NotFound('Calendar');
    ctx.status = 204;
  });

  router.get('/meetings', async (ctx) => {
    const user = userOf(ctx);
    const stored = await refreshCalendar(ctx.pool, ctx.config, user.id);
    const now = Date.now();
    const body: MeetingsResponse = {
      calendar: statusOf(stored),
      meetings: (stored?.meetings ?? [])
        .filter((m) => m.end.getTime() > now)
        .map((m) => ({
          ...m,
          start: m.start.toISOString(),
          end: m.end.toISOString(),
          internal: isInternal(m, user.email),
        })),
    };
    ctx.body = body;
  });

  return router;
}
