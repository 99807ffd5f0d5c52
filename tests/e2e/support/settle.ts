import type { Page } from '@playwright/test';

/**
 * Waits until nothing on the page is moving: Ionic's overlays fade and slide in with the Web
 * Animations API, and a half-faded toast or popover would be measured at its passing opacity or
 * position. Endless animations (spinners, the typing dots) are left running.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}
