import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { START_MAX_MS, START_QUIET_MS, whenStartIsOver } from './whenStartIsOver';

// The browser's reports of long tasks, as Chromium makes them: an observer of 'longtask' entries,
// called back for each task over 50 ms.
let reportLongTask: (() => void) | null = null;
class LongTaskReports {
  static readonly supportedEntryTypes = ['longtask'];
  constructor(private readonly callback: () => void) {}
  observe() {
    reportLongTask = this.callback;
  }
  takeRecords() {
    return [];
  }
  disconnect() {
    reportLongTask = null;
  }
}

/** Whether the promise has been kept, after the timers due by now have run. */
async function isKept(promise: Promise<void>): Promise<boolean> {
  let kept = false;
  void promise.then(() => (kept = true));
  await vi.advanceTimersByTimeAsync(0);
  return kept;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  reportLongTask = null;
});

it('is over once the main thread has gone half a second with no long task', async () => {
  vi.stubGlobal('PerformanceObserver', LongTaskReports);
  const over = whenStartIsOver();
  await vi.advanceTimersByTimeAsync(START_QUIET_MS - 100);
  reportLongTask!(); // the start's work goes on: the quiet wait starts again
  await vi.advanceTimersByTimeAsync(START_QUIET_MS - 100);
  expect(await isKept(over)).toBe(false);
  await vi.advanceTimersByTimeAsync(100);
  expect(await isKept(over)).toBe(true);
  // It stops listening once it is over.
  expect(reportLongTask).toBeNull();
});

it('is over after five seconds however busy the main thread stays', async () => {
  vi.stubGlobal('PerformanceObserver', LongTaskReports);
  const over = whenStartIsOver();
  // A long task every quarter second, the last one a quarter second before the five are up: only
  // the cap can end the wait then.
  for (let waited = 0; waited < START_MAX_MS; waited += 250) {
    reportLongTask!();
    await vi.advanceTimersByTimeAsync(250);
    if (waited + 250 < START_MAX_MS) expect(await isKept(over)).toBe(false);
  }
  expect(await isKept(over)).toBe(true);
});

it('waits the quiet half second where the browser reports no long tasks', async () => {
  vi.stubGlobal('PerformanceObserver', undefined);
  const over = whenStartIsOver();
  await vi.advanceTimersByTimeAsync(START_QUIET_MS - 1);
  expect(await isKept(over)).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await isKept(over)).toBe(true);
});
