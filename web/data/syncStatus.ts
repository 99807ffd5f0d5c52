/**
 * What the header shows about sync: whether the app is online, how many sends are
 * waiting, and how many of them are held up by a failure. A tiny store with no database code, so
 * the header (in the entry chunk) can read it; the sync engine (sync.ts, loaded once a user is
 * signed in) writes the counts and the server's reach.
 */

export interface SyncStatus {
  /** The browser says it has a network (navigator.onLine). */
  online: boolean;
  /** False after a send or a pull could not reach the server although the browser claims a network. */
  reachable: boolean;
  /** Sends the server has not stored yet; null while no sync engine runs (a guest). */
  waiting: number | null;
  /** Of those, the ones held up by a failure (outbox.ts `heldBack`): a send merely on its way is not. */
  held: number;
}

const initialOnline = () => globalThis.navigator?.onLine !== false;

let status: SyncStatus = { online: initialOnline(), reachable: true, waiting: null, held: 0 };
const listeners = new Set<() => void>();

function set(changes: Partial<SyncStatus>): void {
  const next = { ...status, ...changes };
  if (
    next.online === status.online &&
    next.reachable === status.reachable &&
    next.waiting === status.waiting &&
    next.held === status.held
  )
    return;
  status = next;
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  // Back online: assume the server is reachable until a call says otherwise.
  window.addEventListener('online', () => set({ online: true, reachable: true }));
  window.addEventListener('offline', () => set({ online: false }));
}

export const syncStatus = {
  get: (): SyncStatus => status,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setWaiting: (waiting: number | null, held: number) => set({ waiting, held }),
  setReachable: (reachable: boolean) => set({ reachable }),
};
