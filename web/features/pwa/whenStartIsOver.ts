/** How long the main thread must go without a long task before the app's start counts as over. */
export const START_QUIET_MS = 500;
/** The longest the wait lasts, whatever the main thread does. */
export const START_MAX_MS = 5000;

/** A quiet timer that fires this much late was held up by a busy main thread. */
const LATE_MS = 50;

/**
 * A promise kept once the app's own start is over: the main thread has gone START_QUIET_MS without a
 * task over 50 ms, or START_MAX_MS have passed. Where the browser reports long tasks, a report
 * starts the quiet wait again; everywhere, so does a quiet timer that fires late (a long task held
 * it up, and its report may not be in yet). Work that can wait (the service worker's first install)
 * then does not slow the start it would follow on a phone's two cores.
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
      const due = performance.now() + START_QUIET_MS;
      quiet = setTimeout(() => {
        const held = performance.now() - due > LATE_MS || (watch?.takeRecords().length ?? 0) > 0;
        if (held) wait();
        else over();
      }, START_QUIET_MS);
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
