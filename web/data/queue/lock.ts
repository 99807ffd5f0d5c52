/**
 * Locks shared by every tab and the service worker of one user database: a Web Lock
 * (`navigator.locks`) where the page has one, else a lease row in the database. Every browser we
 * target has Web Locks, but only in a secure context: a Pitchpad served over plain http from a
 * LAN address (`HOST=0.0.0.0`, http://192.168.1.20:8080) has none, and its sends must still go.
 * Tests install an in-memory Web Locks stand-in (tests/support/webLocks.ts; jsdom and Node 20 have
 * none) and remove it to test the lease.
 */
import type { PitchpadDb } from '../db';

/** The Web Lock's name: scoped to the database, so two accounts on one device never share one. */
export function lockName(db: Pick<PitchpadDb, 'name'>, name: string): string {
  return `pitchpad-${name}:${db.name}`;
}

/**
 * Runs `fn` holding the lock `name` of `db`, waiting for it if another tab or the service worker
 * holds it. The lock is let go when `fn` settles, or when its holder's context dies (a closed tab;
 * a lease, after LEASE_MS unrenewed).
 */
export function withDbLock<T>(db: PitchpadDb, name: string, fn: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (locks?.request) return locks.request(lockName(db, name), () => fn());
  return withLease(db, `${name}Lease`, fn);
}

/** Who holds a lease: each open connection (one per tab, one in the service worker) is its own owner. */
const owners = new WeakMap<PitchpadDb, string>();
function ownerOf(db: PitchpadDb): string {
  let owner = owners.get(db);
  if (!owner) owners.set(db, (owner = Math.random().toString(36).slice(2)));
  return owner;
}

const LEASE_MS = 20_000;
const LEASE_RENEW_MS = 5000;
const LEASE_POLL_MS = 400;

interface Lease {
  owner: string;
  until: number;
}

/** Take (or renew) the lease unless another context holds a live one. */
function takeLease(db: PitchpadDb, key: string): Promise<boolean> {
  return db.transaction('rw', db.keyValues, async () => {
    const lease = (await db.keyValues.get(key))?.value as Lease | undefined;
    const now = Date.now();
    const owner = ownerOf(db);
    if (lease && lease.owner !== owner && lease.until > now) return false;
    await db.keyValues.put({ key, value: { owner, until: now + LEASE_MS } satisfies Lease });
    return true;
  });
}

/** The lock without Web Locks: a lease row, renewed while held, that expires if its holder dies. */
async function withLease<T>(db: PitchpadDb, key: string, fn: () => Promise<T>): Promise<T> {
  while (!(await takeLease(db, key)))
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
  const renew = setInterval(() => void takeLease(db, key).catch(() => {}), LEASE_RENEW_MS);
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    await db
      .transaction('rw', db.keyValues, async () => {
        const lease = (await db.keyValues.get(key))?.value as Lease | undefined;
        if (lease?.owner === ownerOf(db)) await db.keyValues.delete(key);
      })
      .catch(() => {});
  }
}
