import type { Middleware } from 'koa';
import type { Pool } from '../db';
import { RateLimited } from '../errors';
import type { AppContext, AppDeps, AppState } from '../context';

export interface LimitRule {
  /** Names the counter, e.g. 'login:user'. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Count one hit against `rule` for `subject` in a fixed window kept in Postgres (shared by every
 * instance), and throw 429 once the count passes the limit. Atomic: one upsert per hit.
 */
export async function consume(pool: Pool, rule: LimitRule, subject: string): Promise<void> {
  const { rows } = await pool.query<{ count: number; reset_in: number }>({
    name: 'rate-limit-consume',
    text: `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE r.count + 1 END,
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END
     RETURNING count, extract(epoch FROM (window_start + make_interval(secs => $2) - now()))::float8 AS reset_in`,
    values: [`${rule.name}:${subject}`, rule.windowMs / 1000],
  });
  const row = rows[0]!;
  if (row.count > rule.limit) throw RateLimited(row.reset_in);
}

/** Forget the counter, e.g. a username's failed logins after a successful one. */
export async function resetLimit(pool: Pool, rule: LimitRule, subject: string): Promise<void> {
  await pool.query('DELETE FROM rate_limits WHERE key = $1', [`${rule.name}:${subject}`]);
}

/** Middleware form: one hit per request, keyed by what `subjectOf` returns (default: the client IP). */
export function rateLimit(rule: LimitRule, subjectOf: (ctx: AppContext) => string = (ctx) => ctx.ip): Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    await consume(ctx.pool, rule, subjectOf(ctx as AppContext));
    await next();
  };
}
