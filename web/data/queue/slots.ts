/**
 * How many deliveries one context (a tab, the service worker) runs at once for a user database.
 * The limiter is p-limit's: first come, first served.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import { MAX_CONCURRENT_STREAMS_PER_USER } from '../../../domain/limits';
import type { PitchpadDb } from '../db';

/**
 * Chats delivered at once by one context. One below the server's stream limit per user, so a
 * reconnect with many chats queued never spends the slot a regenerate (or another tab) needs, and
 * never runs into the limit's 429 (which would look like a failing send).
 */
export const MAX_PARALLEL_CHATS = MAX_CONCURRENT_STREAMS_PER_USER - 1;

const limits = new WeakMap<PitchpadDb, LimitFunction>();

/** Runs `fn` in one of this context's MAX_PARALLEL_CHATS delivery slots for `db`, waiting for one if need be. */
export function withSlot<T>(db: PitchpadDb, fn: () => Promise<T>): Promise<T> {
  let limit = limits.get(db);
  if (!limit) limits.set(db, (limit = pLimit(MAX_PARALLEL_CHATS)));
  return limit(fn);
}
