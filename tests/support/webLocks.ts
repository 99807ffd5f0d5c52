/**
 * An in-memory stand-in for the Web Locks API (`navigator.locks`) where the tests run: jsdom and
 * Node 20 have none (the app's lease, for pages without Web Locks, is tested by removing it: see
 * web/data/queue/lock.ts). The tests' "tabs" are several database connections in one process, so one lock manager per process is what a browser
 * gives several tabs of one origin. Exclusive locks only, the one mode the app asks for.
 */
type Callback<T> = (lock: { name: string; mode: 'exclusive' }) => T | Promise<T>;

/** Waits for the lock `name`, runs `callback` holding it, lets it go when `callback` settles. */
function createLockManager() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(
      name: string,
      optionsOrCallback: { mode?: string } | Callback<T>,
      maybeCallback?: Callback<T>,
    ): Promise<T> {
      const callback = typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback!;
      if (
        typeof optionsOrCallback === 'object' &&
        (optionsOrCallback.mode ?? 'exclusive') !== 'exclusive'
      )
        throw new Error('The Web Locks stand-in has exclusive locks only.');
      const run = async () => callback({ name, mode: 'exclusive' });
      const before = tails.get(name) ?? Promise.resolve();
      const result = before.then(run, run);
      const tail = result.catch(() => undefined);
      tails.set(name, tail);
      // Forget a name once nothing waits on it any more.
      void tail.then(() => tails.get(name) === tail && tails.delete(name));
      return result;
    },
  };
}

/**
 * Gives `navigator` a `locks` of its own (an own, enumerable property, so a test's
 * `vi.stubGlobal('navigator', { ...navigator, onLine: false })` keeps it), unless it has one.
 */
export function installWebLocks(): void {
  const scope = globalThis as { navigator?: Navigator };
  if (scope.navigator?.locks) return;
  const locks = createLockManager();
  if (!scope.navigator)
    Object.defineProperty(globalThis, 'navigator', {
      value: { locks },
      configurable: true,
      writable: true,
    });
  else
    Object.defineProperty(scope.navigator, 'locks', {
      value: locks,
      configurable: true,
      enumerable: true,
    });
}
