/**
 * Prep briefs: when a meeting's brief is due (when the meeting appears, the evening before at 18:00
 * in the rep's time zone, two hours before), made once across instances (the row's lease), by the
 * model within the rep's daily allowance, or assembled without it when there is no model, the
 * allowance is spent or the model fails: the rep gets a brief either way, and it says which.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { type MeetingBrief } from '../../domain/contract/calendar';
import {
  assembleBrief,
  BRIEF_SYSTEM_PROMPT,
  briefFromModel,
  briefUserPrompt,
  companiesOf,
  outsidePeople,
  type BriefInput,
} from '../../domain/briefs/prepBrief';
import { TOKEN_BUDGET_CODE } from '../../domain/contract/usage';
import type { Config } from '../config';
import type { Pool } from '../db';
import { AppError } from '../errors';
import type { Logger } from '../log';
import type { TokenPayer } from '../llm/budget';
import { completeJson } from '../llm/json';
import type { LlmGateway } from '../llm/types';
import { loadProfileValues } from '../profile/profileBlock';
import { briefPieces } from './briefPieces';
import type { Meeting } from './ical';

/**
 * How long one instance holds a brief it is making before another may take it over: the model's two
 * tries at their longest, and a minute for the rest.
 */
export const briefLeaseSeconds = (config: Pick<Config, 'llm'>) =>
  Math.ceil((2 * config.llm.timeoutMs) / 1000) + 60;
/** A brief whose last try failed is tried again after this long. */
const RETRY_AFTER_FAILURE_S = 10 * 60;
/** Briefs refreshed this long before the meeting. */
const REFRESH_BEFORE_MS = 2 * 3_600_000;
/** The evening before: 18:00 on the day before, in the rep's time zone. */
const EVENING_HOUR = 18;

export interface BriefDeps {
  pool: Pool;
  config: Config;
  log: Logger;
  /** The metered gateway: every call counts against the rep's daily allowance. */
  llm: LlmGateway;
}

/** The wall clock of `at` in `timeZone`, as if it were UTC: for the offset arithmetic below. */
function wallClock(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
}

/** 18:00 on the day before `start`, in `timeZone`. */
export function eveningBefore(start: Date, timeZone: string): Date {
  const local = new Date(wallClock(start, timeZone));
  const target = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate() - 1,
    EVENING_HOUR,
  );
  // The instant whose wall clock is `target`: its offset read at a first guess, then again there
  // (a daylight-saving change between the guess and the answer moves it by that hour).
  let at = target - (wallClock(new Date(target), timeZone) - target);
  at = target - (wallClock(new Date(at), timeZone) - at);
  return new Date(at);
}

/**
 * The latest moment at or before `now` by which the meeting's brief should have been made: a brief
 * made before it is made again. Before the evening before, any brief does (the epoch).
 */
export function briefDueAt(start: Date, timeZone: string, now: Date): Date {
  const due = [eveningBefore(start, timeZone), new Date(start.getTime() - REFRESH_BEFORE_MS)]
    .filter((at) => at <= now)
    .map((at) => at.getTime());
  return new Date(Math.max(0, ...due));
}

interface BriefRow {
  meeting_id: string;
  brief: MeetingBrief | null;
  made_at: Date | null;
  wanted: boolean;
  /** Why the last try failed, while it waits to be tried again. */
  problem: string | null;
}

/** The stored briefs of the rep's meetings, by meeting id. */
export async function storedBriefs(pool: Pool, userId: number): Promise<Map<string, BriefRow>> {
  const { rows } = await pool.query<BriefRow>(
    'SELECT meeting_id, brief, made_at, wanted, problem FROM meeting_briefs WHERE user_id = $1',
    [userId],
  );
  return new Map(rows.map((row) => [row.meeting_id, row]));
}

/**
 * This instance's claim on a brief due at `dueAt`: the row (made if missing) leased to a new token
 * when no one holds it and its brief is older than the moment due; null when the brief is fresh
 * or another instance is making it now.
 */
async function claimBrief(
  pool: Pool,
  config: Config,
  userId: number,
  meeting: Meeting,
  dueAt: Date,
  asked: boolean,
): Promise<string | null> {
  const token = randomBytes(12).toString('hex');
  await pool.query(
    `INSERT INTO meeting_briefs (user_id, meeting_id, meeting_start, wanted) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, meeting_id) DO UPDATE SET meeting_start = $3,
       wanted = meeting_briefs.wanted OR $4`,
    [userId, meeting.id, meeting.start, asked],
  );
  // A try that failed waits its turn, unless the rep asks.
  const { rowCount } = await pool.query(
    `UPDATE meeting_briefs SET lease_token = $3, lease_until = now() + make_interval(secs => $4),
       tried_at = now()
      WHERE user_id = $1 AND meeting_id = $2
        AND (lease_until IS NULL OR lease_until < now())
        AND (made_at IS NULL OR made_at < $5)
        AND ($6 OR problem IS NULL OR tried_at < now() - make_interval(secs => $7))`,
    [userId, meeting.id, token, briefLeaseSeconds(config), dueAt, asked, RETRY_AFTER_FAILURE_S],
  );
  return rowCount ? token : null;
}

/** What the model answers for a brief; a miss twice and the brief is assembled without it. */
const ModelBriefAnswer = z.object({
  known: z.array(z.object({ text: z.string(), source: z.number().nullish() })).default([]),
  openPoints: z.array(z.object({ text: z.string(), source: z.number().nullish() })).default([]),
  questions: z.array(z.string()).default([]),
  objections: z.array(z.object({ says: z.string(), answer: z.string() })).default([]),
  outcome: z.string().default(''),
});

const BRIEF_PARAMS = {
  temperature: 0.3,
  max_tokens: 1_200,
  top_p: 1,
  frequency_penalty: 0,
  presence_penalty: 0,
};

/** The brief of `input`: the model's when it can, else assembled from the same pieces. */
async function composeBrief(
  deps: BriefDeps,
  input: BriefInput,
  payer: TokenPayer,
): Promise<Omit<MeetingBrief, 'madeAt' | 'meetingId'>> {
  if (deps.llm.offline) return assembleBrief(input);
  try {
    const answer = await completeJson(
      deps.llm,
      deps.log,
      {
        model: deps.llm.defaultModel,
        budget: payer,
        params: BRIEF_PARAMS,
        messages: [
          { role: 'system', content: BRIEF_SYSTEM_PROMPT },
          { role: 'user', content: briefUserPrompt(input) },
        ],
      },
      ModelBriefAnswer,
      'The model did not answer with a brief.',
    );
    return briefFromModel(input, answer);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    deps.log.info(
      `brief for user ${payer.kind === 'user' ? payer.userId : '?'} made without the model: ${error.code === TOKEN_BUDGET_CODE ? 'the daily allowance is used up' : error.message}`,
    );
    return assembleBrief(input);
  }
}

export interface BriefOwner {
  id: number;
  email: string;
  pro: boolean;
}

/**
 * Make the meeting's brief if it is due and no other instance is making it; true when this call
 * made it. `force`: the rep asked (an internal meeting, or 'Make it again').
 */
export async function makeBriefIfDue(
  deps: BriefDeps,
  owner: BriefOwner,
  meeting: Meeting,
  opts: { timeZone: string; now?: Date; force?: boolean },
): Promise<boolean> {
  const now = opts.now ?? new Date();
  const dueAt = opts.force ? now : briefDueAt(meeting.start, opts.timeZone, now);
  const token = await claimBrief(
    deps.pool,
    deps.config,
    owner.id,
    meeting,
    dueAt,
    opts.force === true,
  );
  if (!token) return false;
  try {
    const people = outsidePeople({ ...meeting, start: meeting.start.toISOString() }, owner.email);
    const companies = companiesOf(people);
    const profile = await loadProfileValues(deps.pool, owner.id);
    const pieces = await briefPieces(deps.pool, owner.id, meeting, people, companies, profile);
    const input: BriefInput = {
      meeting: { ...meeting, start: meeting.start.toISOString() },
      people,
      companies,
      profile,
      pieces,
    };
    const made = await composeBrief(deps, input, {
      kind: 'user',
      userId: owner.id,
      pro: owner.pro,
    });
    const brief: MeetingBrief = {
      ...made,
      meetingId: meeting.id,
      madeAt: new Date().toISOString(),
    };
    const { rowCount } = await deps.pool.query(
      `UPDATE meeting_briefs SET brief = $4, made_at = $5, problem = NULL,
         lease_token = NULL, lease_until = NULL
        WHERE user_id = $1 AND meeting_id = $2 AND lease_token = $3`,
      [owner.id, meeting.id, token, JSON.stringify(brief), brief.madeAt],
    );
    return (rowCount ?? 0) > 0;
  } catch (error) {
    await deps.pool
      .query(
        `UPDATE meeting_briefs SET problem = $4, lease_token = NULL, lease_until = NULL
          WHERE user_id = $1 AND meeting_id = $2 AND lease_token = $3`,
        [owner.id, meeting.id, token, (error as Error).message.slice(0, 500)],
      )
      .catch(() => undefined);
    throw error;
  }
}

/** Briefs of meetings that are over (a day ago) go: the phone keeps the ones the rep pinned. */
// (The row of a meeting moved later keeps its start up to date: claimBrief writes it at each claim.)
export async function sweepOldBriefs(pool: Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM meeting_briefs WHERE meeting_start < now() - interval '1 day'`,
  );
  return rowCount ?? 0;
}
