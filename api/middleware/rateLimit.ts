import { isIPv6 } from 'node:net';
import type { Middleware } from 'koa';
import * as limits from '../../domain/limits';
import type { Pool } from '../db';
import { RateLimited } from '../errors';
import type { AppContext, AppDeps, AppState } from '../context';

export interface LimitRule {
  /** Names the counter, e.g. 'login:user'. */
  name: string;
  limit: number;
  windowMs: number;
}

/** A rule of `limit` hits per `windowMs`, counted under `name` (e.g. 'login:user'). */
export const limitRule = (name: string, limit: number, windowMs: number): LimitRule => ({
  name,
  limit,
  windowMs,
});

/**
 * A rule in the login window, by default as many hits as one address may try passwords: for
 * anything that can be guessed as a password is (a setup token, a passkey challenge, a proof).
 */
export const loginWindowRule = (name: string, limit: number = limits.LOGIN_ATTEMPTS_PER_IP) =>
  limitRule(name, limit, limits.LOGIN_WINDOW_MS);

/** The counter `rule` keeps for `subject` (rate_limits.key). */
export const hitKey = (rule: LimitRule, subject: string) => `${rule.name}:${subject}`;

/**
 * Count one hit against `rule` for `subject` in a fixed window kept in Postgres (shared by every
 * instance), and throw 429 once the count passes the limit (with `message`, else the usual words).
 * Atomic: one upsert per hit (the database's count_hit, which a chat send also counts with).
 */
export async function consume(
  pool: Pool,
  rule: LimitRule,
  subject: string,
  message?: string,
): Promise<void> {
  const { rows } = await pool.query<{ hits: number; reset_in: number }>({
    name: 'rate-limit-consume',
    text: 'SELECT hits, reset_in FROM count_hit($1, $2)',
    values: [hitKey(rule, subject), rule.windowMs / 1000],
  });
  const row = rows[0]!;
  if (row.hits > rule.limit) throw RateLimited(row.reset_in, message);
}

/** Forget the counter, e.g. a username's failed logins after a successful one. */
export async function resetLimit(pool: Pool, rule: LimitRule, subject: string): Promise<void> {
  await pool.query('DELETE FROM rate_limits WHERE key = $1', [hitKey(rule, subject)]);
}

/**
 * The client a per-address limit counts: the IP, except that an IPv6 address counts by its /64 (one
 * home or phone is given a whole /64, so counting single addresses would give one client billions
 * of allowances). An IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function clientAddress(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Middleware form: one hit per request, keyed by what `subjectOf` returns (default: the client's
 * address); `message` says why when over the limit.
 */
export function rateLimit(
  rule: LimitRule,
  subjectOf: (ctx: AppContext) => string = (ctx) => clientAddress(ctx.ip),
  message?: string,
): Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    await consume(ctx.pool, rule, subjectOf(ctx as AppContext), message);
    await next();
  };
}
