/**
 * The calendar's background work, on every instance: each rep's calendar read again (every 15
 * minutes while they use the app, at most hourly otherwise), the briefs of their external meetings
 * made when due (api/calendar/briefs.ts: a lease row per brief, so two instances never make the same
 * one), and a reminder 30 minutes before each, sent once whichever instance sees it first.
 */
import { createHash } from 'node:crypto';
import {
  reminderTitle,
  companiesOf,
  outsidePeople,
  meetingName,
} from '../../domain/briefs/prepBrief';
import { proAccessOf } from '../../domain/subscription';
import { paymentsEnabled } from '../config';
import { briefDueAt, makeBriefIfDue, sweepOldBriefs, storedBriefs, type BriefDeps } from './briefs';
import { CALENDAR_FRESH_MS, isInternal, readCalendar, refreshCalendar } from './calendar';
import type { Meeting } from './ical';

/** How often the job looks at every calendar. */
export const CALENDAR_JOB_EVERY_MS = 60_000;
/** A rep seen within this long is using the app: their calendar is read every 15 minutes. */
const ACTIVE_WITHIN_MS = 60 * 60 * 1000;
/** Otherwise at most this often. */
const IDLE_REFRESH_MS = 60 * 60 * 1000;
/** The reminder goes this long before the meeting. */
export const REMIND_BEFORE_MS = 30 * 60 * 1000;
/** Briefs one rep's turn of the job makes at most, soonest meeting first: the rest at the next turn. */
const BRIEFS_PER_TURN = 5;

/** A notification to the rep's phones (api/push): what it says and where a tap goes. */
export type Notify = (
  userId: number,
  message: { title: string; body: string; url: string; tag: string },
) => Promise<unknown>;

export interface CalendarJobDeps extends BriefDeps {
  notify?: Notify;
  /** Reads the model settings again (an operator may have changed them on another instance). */
  freshen?: () => Promise<void>;
}

interface Rep {
  user_id: number;
  email: string;
  time_zone: string;
  fetched_at: Date | null;
  seen_at: Date | null;
  subscription_tier: string | null;
  subscription_active: string | null;
  pro_granted_at: Date | null;
  every_account_pro: boolean | null;
}

const REPS_SQL = `SELECT c.user_id, u.email, c.time_zone, c.fetched_at,
       (SELECT max(s.last_seen_at) FROM user_session s WHERE s.user_id = c.user_id) AS seen_at,
       u.subscription_tier, u.subscription_active, u.pro_granted_at,
       (SELECT every_account_pro FROM plan_settings) AS every_account_pro
  FROM calendar_connections c JOIN users u ON u.id = c.user_id`;

/** The longest meeting address a reminder carries; a longer id opens the list instead. */
const PATH_MAX = 1_000;

/** A meeting's page in the app, where its brief opens (offline too). */
export function meetingPath(meetingId: string): string {
  const path = `/meetings/${encodeURIComponent(meetingId)}`;
  return path.length <= PATH_MAX ? path : '/meetings';
}

export function calendarJobs(deps: CalendarJobDeps) {
  const running = new Map<number, Promise<void>>();

  /** The rep's meetings that get a brief and a reminder: external (or asked for), not started. */
  async function briefedMeetings(rep: Rep, meetings: Meeting[], now: Date) {
    const briefs = await storedBriefs(deps.pool, rep.user_id);
    const wanted = meetings.filter(
      (m) =>
        !m.allDay &&
        m.start > now &&
        (!isInternal(m, rep.email) || briefs.get(m.id)?.wanted === true),
    );
    return { briefs, wanted };
  }

  /**
   * The reminders due now; `briefedOnly`: only those of meetings whose brief is made (the job's
   * first pass over every rep, so that no reminder waits on another rep's model calls).
   */
  async function remindAll(
    rep: Rep,
    meetings: Meeting[],
    now: Date,
    briefedOnly = false,
  ): Promise<void> {
    if (!deps.notify) return;
    const { briefs, wanted } = await briefedMeetings(rep, meetings, now);
    for (const meeting of wanted)
      if (
        meeting.start.getTime() - now.getTime() <= REMIND_BEFORE_MS &&
        (!briefedOnly || briefs.get(meeting.id)?.made_at)
      )
        await remind(rep, meeting);
  }

  async function turn(rep: Rep, now: Date): Promise<void> {
    const active = rep.seen_at !== null && now.getTime() - rep.seen_at.getTime() < ACTIVE_WITHIN_MS;
    const age = rep.fetched_at ? now.getTime() - rep.fetched_at.getTime() : Infinity;
    const stale = age >= (active ? CALENDAR_FRESH_MS : IDLE_REFRESH_MS);
    const calendar = stale
      ? await refreshCalendar(deps.pool, deps.config, rep.user_id, now)
      : await readCalendar(deps.pool, deps.config, rep.user_id);
    if (!calendar) return;
    const { briefs, wanted } = await briefedMeetings(rep, calendar.meetings, now);
    const owner = {
      id: rep.user_id,
      email: rep.email,
      pro:
        proAccessOf({
          paid: rep.subscription_tier === 'pro' && rep.subscription_active === 'true',
          granted: rep.pro_granted_at !== null,
          paymentsEnabled: paymentsEnabled(deps.config),
          everyAccountPro: rep.every_account_pro,
        }) !== 'none',
    };
    // The meetings about to start first: their brief, then their reminder, then the rest.
    const soon = (m: Meeting) => m.start.getTime() - now.getTime() <= REMIND_BEFORE_MS;
    let made = 0;
    const makeBriefs = async (meetings: Meeting[]) => {
      for (const meeting of meetings) {
        if (made >= BRIEFS_PER_TURN) return;
        // A brief made since it was last due needs no claim: most turns end here for every meeting.
        const madeAt = briefs.get(meeting.id)?.made_at;
        if (madeAt && madeAt >= briefDueAt(meeting.start, rep.time_zone, now)) continue;
        try {
          if (await makeBriefIfDue(deps, owner, meeting, { timeZone: rep.time_zone, now })) made++;
        } catch (error) {
          deps.log.warn(`brief for user ${rep.user_id} failed: ${(error as Error).message}`);
        }
      }
    };
    await makeBriefs(wanted.filter(soon));
    await remindAll(rep, calendar.meetings, now);
    await makeBriefs(wanted.filter((m) => !soon(m)));
  }

  /**
   * The meeting's reminder, once for its start time: the instance that marks it sends it (a meeting
   * moved to another time is reminded again). A send that throws is unmarked, to be tried again.
   */
  async function remind(rep: Rep, meeting: Meeting): Promise<void> {
    await deps.pool.query(
      `INSERT INTO meeting_briefs (user_id, meeting_id, meeting_start) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, meeting_id) DO NOTHING`,
      [rep.user_id, meeting.id, meeting.start],
    );
    const { rows } = await deps.pool.query<{ made_at: Date | null }>(
      `UPDATE meeting_briefs SET reminded_for = $3
        WHERE user_id = $1 AND meeting_id = $2 AND reminded_for IS DISTINCT FROM $3
          -- While another instance makes the brief, it reminds once the brief is there.
          AND (made_at IS NOT NULL OR lease_until IS NULL OR lease_until < now())
        RETURNING made_at`,
      [rep.user_id, meeting.id, meeting.start],
    );
    if (!rows[0]) return;
    const people = outsidePeople({ ...meeting, start: meeting.start.toISOString() }, rep.email);
    const name = meetingName({
      companies: companiesOf(people),
      meeting: { ...meeting, start: meeting.start.toISOString() },
    });
    try {
      await deps.notify!(rep.user_id, {
        title: reminderTitle(name, meeting.start, rep.time_zone, rows[0].made_at !== null),
        body: meeting.title,
        url: meetingPath(meeting.id),
        tag: `meeting:${createHash('sha256').update(meeting.id).digest('base64url').slice(0, 16)}`,
      });
    } catch (error) {
      deps.log.warn(`reminder for user ${rep.user_id} not sent: ${(error as Error).message}`);
      await deps.pool.query(
        `UPDATE meeting_briefs SET reminded_for = NULL
          WHERE user_id = $1 AND meeting_id = $2 AND reminded_for = $3`,
        [rep.user_id, meeting.id, meeting.start],
      );
    }
  }

  async function reps(userId?: number): Promise<Rep[]> {
    const { rows } = await deps.pool.query<Rep>(
      userId === undefined ? REPS_SQL : `${REPS_SQL} WHERE c.user_id = $1`,
      userId === undefined ? [] : [userId],
    );
    return rows;
  }

  /**
   * One rep's turn, at most one at a time per rep on this instance (a second call waits for it),
   * judged by the clock when it starts (`now` only in tests).
   */
  function forUser(userId: number, now?: Date): Promise<void> {
    const current = running.get(userId);
    if (current) return current;
    const next = (async () => {
      for (const rep of await reps(userId)) await turn(rep, now ?? new Date());
    })()
      .catch((error: Error) => deps.log.warn(`calendar work for user ${userId}: ${error.message}`))
      .finally(() => running.delete(userId));
    running.set(userId, next);
    return next;
  }

  /**
   * Every rep's reminders first (no model call, so none waits on another rep's briefs), then every
   * rep's turn, one after another, and the briefs of past meetings swept.
   */
  async function runOnce(now?: Date): Promise<void> {
    await deps.freshen?.();
    const all = await reps();
    for (const rep of all) {
      const calendar = await readCalendar(deps.pool, deps.config, rep.user_id);
      if (calendar)
        await remindAll(rep, calendar.meetings, now ?? new Date(), true).catch((error: Error) =>
          deps.log.warn(`reminders for user ${rep.user_id}: ${error.message}`),
        );
    }
    for (const rep of all) await forUser(rep.user_id, now);
    await sweepOldBriefs(deps.pool);
  }

  /** The job every `everyMs` until stopped; a turn still running when the next is due is not doubled. */
  function start(everyMs = CALENDAR_JOB_EVERY_MS): () => void {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      runOnce()
        .catch((error: Error) => deps.log.warn(`calendar job: ${error.message}`))
        .finally(() => (busy = false));
    };
    const timer = setInterval(tick, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { forUser, runOnce, start };
}

export type CalendarJobs = ReturnType<typeof calendarJobs>;
