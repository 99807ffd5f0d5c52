/** How long the main thread must go without a long task before the app's start counts as over. */
export const START_QUIET_MS = 1000;
/** The longest the wait lasts, whatever the main thread does. */
export const START_MAX_MS = 10_000;

/**
 * A promise kept once the app's own start is over: the main thread has gone START_QUIET_MS without a
 * task over 50 ms (where the browser reports them; elsewhere START_QUIET_MS after the call), or
 * START_MAX_MS have passed. Work that can wait (the service worker's first install) then does not
 * slow the start it would follow on a phone's two cores.
 */
export function whenStartIsOver(): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let watch: PerformanceObserver | undefined;
    const over = () => {
      clearTimeout(quiet);
      clearTimeout(latest);
      watch?.disconnect();
      resolve();
    };
    const latest = setTimeout(over, START_MAX_MS);
    const wait = () => {
      clearTimeout(quiet);
      quiet = setTimeout(over, START_QUIET_MS);
    };
    if (
      typeof PerformanceObserver === 'function' &&
      PerformanceObserver.supportedEntryTypes?.includes('longtask')
    ) {
      watch = new PerformanceObserver(wait);
      watch.observe({ type: 'longtask' });
    }
    wait();
  });
}
