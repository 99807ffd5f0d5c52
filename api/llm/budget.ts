// The daily token allowance: what one payer (a signed-in user by plan, or a guest's address for the
// no-sign-up idea analysis) may have the model read and write per UTC day, counted in Postgres
// (token_usage) so every instance sees the same count. A call reserves its largest possible cost
// before it starts, atomically, and is refused once the day's count has reached the allowance: many
// calls opened at once cannot overrun it by more than one call. When the call ends the reservation is
// corrected to what it really cost (api/llm/metered.ts).
import type { SessionUser } from '../auth/lucia';
import { isPro } from '../billing/requirePro';
import type { Config } from '../config';
import type { Pool } from '../db';
import { AppError } from '../errors';
import type { Logger } from '../log';
import { TOKEN_BUDGET_CODE } from '../../domain/contract/usage';

/** Whose allowance a call counts against. */
export type TokenPayer =
  { kind: 'user'; userId: number; pro: boolean } | { kind: 'guest'; address: string };

/** Tokens counted against a payer's day before the call; `settle` sets them to what it cost. */
export interface TokenReservation {
  readonly reserved: number;
  /** Replace the reservation by `tokens` (0: the call cost nothing). Only the first call counts. */
  settle(tokens: number): Promise<void>;
}

type Deps = { pool: Pool; config: Config; log: Logger };

/** A call that costs nothing (the offline drafter): no count, nothing to settle. */
export const NO_CHARGE: TokenReservation = { reserved: 0, settle: async () => {} };

/** A signed-in user as a payer: their plan decides the allowance. */
export const userPayer = (user: SessionUser): TokenPayer => ({
  kind: 'user',
  userId: user.id,
  pro: isPro(user),
});

const payerKey = (payer: TokenPayer) =>
  payer.kind === 'user' ? `user:${payer.userId}` : `guest:${payer.address}`;

/** The payer's allowance a day, or null for no limit. */
export function dailyAllowance(config: Config, payer: TokenPayer): number | null {
  const { dailyTokens } = config.llm;
  if (payer.kind === 'guest') return dailyTokens.guest;
  return payer.pro ? dailyTokens.pro : dailyTokens.free;
}

/** Today (UTC) as the table keys it, and when it ends. */
export function utcDay(now = Date.now()): { day: string; resetsAt: Date } {
  const date = new Date(now);
  return {
    day: date.toISOString().slice(0, 10),
    resetsAt: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)),
  };
}

/** 'in 3 h 12 min', 'in 45 min', 'in 2 h': the wait until `at`, rounded up to the minute. */
export function formatWait(at: Date, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((at.getTime() - now) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `in ${h ? `${h} h` : ''}${h && m ? ' ' : ''}${m ? `${m} min` : ''}`;
}

/** 429 token_budget: the allowance is used up until `resetsAt` (Retry-After says the same in seconds). */
export function TokenBudgetExceeded(resetsAt: Date, now = Date.now()): AppError {
  const seconds = Math.max(1, Math.ceil((resetsAt.getTime() - now) / 1000));
  return new AppError(
    429,
    TOKEN_BUDGET_CODE,
    `You've used today's AI allowance. It resets at 00:00 UTC (${formatWait(resetsAt, now)}).`,
    { 'Retry-After': String(seconds) },
  );
}

/**
 * Count `tokens` against the payer's day, or throw 429 token_budget when the day's count has already
 * reached the allowance. One statement: concurrent reservations on any instance queue on the row.
 * `force` counts even then: for work that must go on (a reply its dead server left, taken over).
 */
export async function reserveTokens(
  deps: Deps,
  payer: TokenPayer,
  tokens: number,
  opts: { force?: boolean } = {},
): Promise<TokenReservation> {
  const ask = tokenAsk(deps.config, payer, tokens, opts);
  const { rows } = await deps.pool.query<{ tokens: string }>({
    name: 'token-usage-reserve',
    text: `INSERT INTO token_usage AS t (payer, day, tokens) VALUES ($1, $2, $3)
     ON CONFLICT (payer, day) DO UPDATE SET tokens = t.tokens + $3
       WHERE $4::bigint IS NULL OR t.tokens < $4::bigint
     RETURNING tokens`,
    values: [ask.key, ask.day, ask.tokens, ask.allowance],
  });
  if (!rows[0]) throw TokenBudgetExceeded(ask.resetsAt);
  return heldReservation(deps, ask);
}

/** A reservation of tokens as the table counts it: the payer's row today, and the bound it must stay under. */
export interface TokenAsk {
  key: string;
  day: string;
  resetsAt: Date;
  tokens: number;
  /** The payer's allowance a day; null counts without one (none, or `force`). */
  allowance: number | null;
}

/** What reserving `tokens` for `payer` asks of the table today. */
export function tokenAsk(
  config: Config,
  payer: TokenPayer,
  tokens: number,
  opts: { force?: boolean } = {},
): TokenAsk {
  const { day, resetsAt } = utcDay();
  return {
    key: payerKey(payer),
    day,
    resetsAt,
    tokens: Math.max(0, Math.ceil(tokens)),
    allowance: opts.force ? null : dailyAllowance(config, payer),
  };
}

/** The reservation `ask` holds once counted; its settle corrects the count once. */
export function heldReservation(deps: Omit<Deps, 'config'>, ask: TokenAsk): TokenReservation {
  const { key, day, tokens } = ask;
  let settled = false;
  return {
    reserved: tokens,
    async settle(actual) {
      if (settled) return;
      settled = true;
      const delta = Math.max(0, Math.ceil(actual)) - tokens;
      if (delta === 0) return;
      await deps.pool
        .query({
          name: 'token-usage-settle',
          text: 'UPDATE token_usage SET tokens = greatest(tokens + $3, 0) WHERE payer = $1 AND day = $2',
          values: [key, day, delta],
        })
        .catch((err: Error) =>
          deps.log.warn(
            `token usage of ${key}: settling a call's cost failed (its reservation stands): ${err.message}`,
          ),
        );
    },
  };
}

/** The payer's count today, the allowance (null: none) and when the count starts again. */
export async function tokenUsageToday(
  deps: Omit<Deps, 'log'>,
  payer: TokenPayer,
): Promise<{ used: number; limit: number | null; resetsAt: Date }> {
  const { day, resetsAt } = utcDay();
  const { rows } = await deps.pool.query<{ tokens: string }>(
    'SELECT tokens FROM token_usage WHERE payer = $1 AND day = $2',
    [payerKey(payer), day],
  );
  return {
    used: Number(rows[0]?.tokens ?? 0),
    limit: dailyAllowance(deps.config, payer),
    resetsAt,
  };
}
