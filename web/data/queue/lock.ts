/**
 * Locks shared by every tab and the service worker of one user database: a Web Lock
 * (`navigator.locks`), which every browser Pitchpad targets has, in pages and in workers alike
 * (Chromium 69, Safari 15.4, Firefox 96). There is no fallback: a browser without it could not run
 * the outbox safely, and none we support lacks it. Tests install an in-memory stand-in
 * (tests/support/webLocks.ts), since jsdom and Node 20 have none.
 */
import type { PitchpadDb } from '../db';

/** The Web Lock's name: scoped to the database, so two accounts on one device never share one. */
export function lockName(db: Pick<PitchpadDb, 'name'>, name: string): string {
  return `pitchpad-${name}:${db.name}`;
}

/**
 * Runs `fn` holding the lock `name` of `db`, waiting for it if another tab or the service worker
 * holds it. The lock is let go when `fn` settles, or when its holder's context dies (a closed tab).
 */
export function withDbLock<T>(db: PitchpadDb, name: string, fn: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) throw new Error('This browser has no Web Locks (navigator.locks).');
  return locks.request(lockName(db, name), () => fn());
}
