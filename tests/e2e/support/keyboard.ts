import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** What a 390×844 phone leaves visible above its on-screen keyboard. */
export const KEYBOARD_UP_HEIGHT = 470;
const PHONE = { width: 390, height: 844 };

/**
 * The on-screen keyboard, simulated as Chrome on a phone shows it: the field takes the focus, then
 * the page (and its visual viewport) shrinks to what the keyboard leaves.
 */
export async function showKeyboard(page: Page, field: Locator): Promise<void> {
  await field.focus();
  await page.setViewportSize({ width: PHONE.width, height: KEYBOARD_UP_HEIGHT });
  await expect(field).toBeFocused();
}

export async function hideKeyboard(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
}

/**
 * Waits until the element's whole box lies inside the visual viewport and nothing is drawn over its
 * middle (a sticky bar, a toast): what a thumb can see and tap with the keyboard up.
 */
export async function expectOnScreen(element: Locator, what: string): Promise<void> {
  await expect
    .poll(
      () =>
        element.evaluate((el) => {
          const viewport = window.visualViewport;
          if (!viewport) return 'no visual viewport';
          const box = el.getBoundingClientRect();
          const top = viewport.offsetTop;
          const bottom = top + viewport.height;
          if (box.height === 0) return 'not drawn';
          if (box.top < top - 0.5 || box.bottom > bottom + 0.5)
            return `box ${Math.round(box.top)}–${Math.round(box.bottom)} outside the visible ${Math.round(top)}–${Math.round(bottom)}`;
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          // An Ionic button's native button sits in its shadow root: the document names its host (or the slotted label).
          const root = el.getRootNode();
          const owner = root instanceof ShadowRoot ? root.host : el;
          return hit && (owner === hit || owner.contains(hit) || el.contains(hit))
            ? 'on screen'
            : `covered by ${hit?.tagName.toLowerCase()}.${hit?.className}`;
        }),
      { message: `${what} is on screen` },
    )
    .toBe('on screen');
}
