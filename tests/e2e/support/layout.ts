// oxlint-disable unicorn/consistent-function-scoping -- the helpers run inside page.evaluate, which sends one function (and nothing around it) to the browser
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { settle } from './settle';

/**
 * Fails when the screen would scroll sideways (the document wider than the viewport) or when
 * something sticks out past its right edge. Ionic's scrolling content clips what overflows it
 * instead of scrolling, so the document's width alone misses a cut-off button. What sits inside a
 * region meant to scroll sideways (a wide table, a code block) may extend past the edge.
 */
export async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  await settle(page);
  const { scrollWidth, viewport, stickingOut } = await page.evaluate(() => {
    const width = window.innerWidth;
    const scrollsSideways = (el: Element) =>
      ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) &&
      el.scrollWidth > el.clientWidth;
    const insideSidewaysScroller = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement)
        if (scrollsSideways(up)) return true;
      return false;
    };
    const out: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1 || box.left >= width)
        continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
      if (insideSidewaysScroller(el)) continue;
      // Only the outermost element that sticks out is reported.
      if (
        el.parentElement &&
        el.parentElement.getBoundingClientRect().right > width + 1 &&
        !scrollsSideways(el.parentElement)
      )
        continue;
      const classes =
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
          : '';
      out.push(`<${el.tagName.toLowerCase()}${classes}> ends at ${Math.round(box.right)} px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, viewport: width, stickingOut: out };
  });
  expect(
    scrollWidth,
    `${screen} (${page.url()}) is ${scrollWidth} px wide on a ${viewport} px screen`,
  ).toBeLessThanOrEqual(viewport);
  expect(
    stickingOut,
    `${screen} (${page.url()}): past the right edge of a ${viewport} px screen`,
  ).toEqual([]);
}

/**
 * Waits until no scroll container on the page has moved between two looks 100 ms apart: a smooth
 * scroll (Ionic's scrollToPoint runs on animation frames, which `settle` does not see) is over.
 */
export async function scrollsAtRest(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const positions = [...document.querySelectorAll('*')]
        .filter((el) => el.scrollHeight > el.clientHeight)
        .map((el) => el.scrollTop)
        .join(',');
      const w = window as unknown as { pitchpadScrollPositions?: string };
      const still = w.pitchpadScrollPositions === positions;
      w.pitchpadScrollPositions = positions;
      return still;
    },
    undefined,
    { polling: 100 },
  );
}
