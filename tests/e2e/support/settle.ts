import type { Page } from '@playwright/test';

/** How long nothing may move before the page counts as still: a toast presented just after a tap starts within it. */
const STILL_FOR_MS = 250;

/**
 * Waits until nothing on the page has moved for a moment: Ionic's overlays fade and slide in with the
 * Web Animations API, and a half-faded toast or popover would be measured at its passing opacity or
 * position. Endless animations (spinners, the typing dots) are left running.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => delete (window as unknown as { pitchpadStillSince?: number }).pitchpadStillSince,
  );
  await page.waitForFunction(
    (stillFor) => {
      const moving = document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      const w = window as unknown as { pitchpadStillSince?: number };
      if (moving) w.pitchpadStillSince = undefined;
      else w.pitchpadStillSince ??= performance.now();
      return (
        w.pitchpadStillSince !== undefined && performance.now() - w.pitchpadStillSince >= stillFor
      );
    },
    STILL_FOR_MS,
    { polling: 50 },
  );
}
