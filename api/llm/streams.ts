// Fair use under load: at most MAX_CONCURRENT_STREAMS_PER_USER model streams per user at once,
// counted in Postgres (stream_leases) so every instance sees the same count. A lease is taken
// before anything is stored or asked, refreshed while the stream runs and given back when it ends;
// a lease whose process died stops counting once its heartbeat is stale, so nothing blocks forever.
import {
  MAX_CONCURRENT_STREAMS_PER_USER,
  STREAM_LEASE_HEARTBEAT_MS,
  STREAM_LEASE_MAX_MS,
  STREAM_LEASE_STALE_MS,
} from '../../domain/limits';
import type { Pool } from '../db';
import { RateLimited } from '../errors';
import type { Logger } from '../log';
import {
  heldReservation,
  TokenBudgetExceeded,
  type TokenAsk,
  type TokenReservation,
} from './budget';

/** What a lease is for: shows in the table while it runs. */
export type StreamKind =
  'chat' | 'regenerate' | 'competitor-analysis' | 'gtm-plan' | 'idea-analysis';

export interface StreamLease {
  /** Give the slot back. Safe to call more than once. */
  release(): Promise<void>;
}

/** When to try again: a stream usually finishes within seconds. */
const RETRY_AFTER_SECONDS = 5;

export const TOO_MANY_STREAMS_MESSAGE = `You already have ${MAX_CONCURRENT_STREAMS_PER_USER} answers being written. This one will start as soon as one of them finishes.`;

/** 429: every one of the user's stream slots is in use. */
export const TooManyStreams = () => RateLimited(RETRY_AFTER_SECONDS, TOO_MANY_STREAMS_MESSAGE);

/**
 * Take one of the user's stream slots, or throw 429 when all are in use. `force` takes a slot even
 * then: for work that must go on (a replayed send taking over a reply its dead server left behind).
 */
export async function acquireStreamLease(
  deps: { pool: Pool; log: Logger },
  userId: number,
  kind: StreamKind,
  opts: { force?: boolean } = {},
): Promise<StreamLease> {
  const id = await insertLease(deps.pool, userId, kind, opts.force ?? false);
  if (id === undefined) throw TooManyStreams();
  return heldLease(deps, id);
}

/**
 * A stream slot and the call's tokens (`ask`) in one round trip (the database's take_stream_slot):
 * the slot first, then the tokens against the payer's day; a refused reservation gives the slot back
 * in the same statement. Throws 429: too many streams, or the day's allowance used up.
 */
export async function acquireStreamLeaseWithTokens(
  deps: { pool: Pool; log: Logger },
  userId: number,
  kind: StreamKind,
  ask: TokenAsk,
): Promise<{ lease: StreamLease; reservation: TokenReservation }> {
  const { rows } = await deps.pool.query<{
    lease_id: string | null;
    refused_by: 'streams' | 'tokens' | null;
  }>({
    // Named: every send takes one.
    name: 'stream-slot-take',
    text: 'SELECT lease_id, refused_by FROM take_stream_slot($1, $2, $3, $4, $5, $6, $7, $8)',
    values: [
      userId,
      kind,
      MAX_CONCURRENT_STREAMS_PER_USER,
      STREAM_LEASE_STALE_MS / 1000,
      ask.key,
      ask.day,
      ask.tokens,
      ask.allowance,
    ],
  });
  const taken = rows[0];
  if (taken?.refused_by === 'tokens') throw TokenBudgetExceeded(ask.resetsAt);
  if (!taken?.lease_id) throw TooManyStreams();
  return { lease: heldLease(deps, taken.lease_id), reservation: heldReservation(deps, ask) };
}

/** The lease `id`, taken: kept alive by its heartbeat until released. */
export function heldLease(deps: { pool: Pool; log: Logger }, id: string): StreamLease {
  const givenUpAt = Date.now() + STREAM_LEASE_MAX_MS;
  const heartbeat = setInterval(() => {
    // A lease whose release was never reached (a bug, a hung upstream) stops counting in the end.
    if (Date.now() > givenUpAt) return clearInterval(heartbeat);
    deps.pool
      .query({
        name: 'stream-lease-heartbeat',
        text: 'UPDATE stream_leases SET heartbeat_at = now() WHERE id = $1',
        values: [id],
      })
      .catch((err: Error) => deps.log.warn(`stream lease ${id}: heartbeat failed: ${err.message}`));
  }, STREAM_LEASE_HEARTBEAT_MS);
  heartbeat.unref();
  let released: Promise<void> | undefined;
  return {
    release() {
      clearInterval(heartbeat);
      released ??= deps.pool
        .query({
          name: 'stream-lease-release',
          text: 'DELETE FROM stream_leases WHERE id = $1',
          values: [id],
        })
        .then(() => undefined)
        .catch((err: Error) =>
          deps.log.warn(
            `stream lease ${id}: release failed (it expires by itself): ${err.message}`,
          ),
        );
      return released;
    },
  };
}

/**
 * Clear the user's stale leases, count and insert, under a per-user lock and in one round trip
 * (the database's take_stream_lease), so two instances acquiring at once cannot both take the last
 * slot. Undefined when every slot is in use.
 */
async function insertLease(
  pool: Pool,
  userId: number,
  kind: StreamKind,
  force: boolean,
): Promise<string | undefined> {
  const { rows } = await pool.query<{ id: string | null }>({
    // Named: every send and stream takes one.
    name: 'stream-lease-take',
    text: 'SELECT take_stream_lease($1, $2, $3, $4, $5) AS id',
    values: [userId, kind, force, MAX_CONCURRENT_STREAMS_PER_USER, STREAM_LEASE_STALE_MS / 1000],
  });
  return rows[0]?.id ?? undefined;
}

/** Run `work` holding a stream slot of the user's, given back however it ends. */
export async function withStreamLease<T>(
  deps: { pool: Pool; log: Logger },
  userId: number,
  kind: StreamKind,
  work: () => Promise<T>,
): Promise<T> {
  const lease = await acquireStreamLease(deps, userId, kind);
  try {
    return await work();
  } finally {
    await lease.release();
  }
}
