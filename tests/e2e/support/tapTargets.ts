// oxlint-disable unicorn/consistent-function-scoping -- the helpers run inside page.evaluate, which sends one function (and nothing around it) to the browser
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { settle } from './settle';

/** The smallest tap target, in CSS px each way (WCAG 2.5.5 and Apple's and Google's guidance). */
export const MIN_TAP = 44;

/** What a finger can tap. Ionic's buttons, items and segment buttons count as their host element. */
const TAPPABLE = [
  'a[href]',
  'button',
  'select',
  'summary',
  '[role="button"]',
  '[role="tab"]',
  '[role="menuitem"]',
  'ion-button',
  'ion-item[button]',
  'ion-segment-button',
  'ion-back-button',
].join(', ');

interface TooSmall {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible control on the page that is smaller than 44×44 CSS px, in the page and in the open
 * shadow roots of elements that are not controls themselves (a toast's buttons live in its shadow
 * root; an ion-button's inner native button is its host's size and is measured as the host).
 *
 * Not counted: controls hidden from everyone (no size, `visibility: hidden`, inside
 * `aria-hidden="true"` or `inert`: the visually hidden submit buttons forms keep for Enter), and
 * links inside a sentence. WCAG 2.5.8's inline exception: a link that is part of a line of text
 * (displayed inline, with text of its own block around it) is sized by the text it sits in.
 */
export async function findSmallTapTargets(page: Page): Promise<TooSmall[]> {
  await settle(page);
  return page.evaluate(
    ({ selector, min }) => {
      const found: TooSmall[] = [];
      const isControl = (el: Element) => el.matches(selector);

      const hiddenFromEveryone = (el: Element): boolean => {
        if (el.closest('[aria-hidden="true"], [inert]')) return true;
        const style = getComputedStyle(el);
        return style.visibility === 'hidden' || style.display === 'none';
      };

      /** A link in a line of text: inline, and its block holds text outside it. */
      const isInlineLink = (el: Element): boolean => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
        let block = el.parentElement;
        while (block && getComputedStyle(block).display.startsWith('inline'))
          block = block.parentElement;
        if (!block) return false;
        const own = (block.textContent ?? '').replace(el.textContent ?? '', '');
        return own.trim().length > 0;
      };

      const describe = (el: Element): string => {
        const name =
          el.getAttribute('aria-label') ??
          (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        const classes =
          typeof el.className === 'string' && el.className
            ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
            : '';
        const host =
          el.getRootNode() instanceof ShadowRoot
            ? ` in <${((el.getRootNode() as ShadowRoot).host.tagName ?? '').toLowerCase()}>`
            : '';
        return `<${el.tagName.toLowerCase()}${classes}> "${name}"${host}`;
      };

      const visit = (root: Document | ShadowRoot) => {
        for (const el of root.querySelectorAll(selector)) {
          // A control nested in a control (a native button inside a link-styled wrapper) is one target: the outer one.
          if (el.parentElement?.closest(selector)) continue;
          if (hiddenFromEveryone(el) || isInlineLink(el)) continue;
          const box = el.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) continue;
          // Visually hidden helpers (1×1, clipped) are not drawn.
          if (box.width <= 1 && box.height <= 1) continue;
          // Half a pixel of rounding is not a smaller target.
          if (box.width < min - 0.5 || box.height < min - 0.5)
            found.push({
              what: describe(el),
              width: Math.round(box.width),
              height: Math.round(box.height),
            });
        }
        for (const el of root.querySelectorAll('*'))
          if (el.shadowRoot && !isControl(el)) visit(el.shadowRoot);
      };
      visit(document);
      return found;
    },
    { selector: TAPPABLE, min: MIN_TAP },
  );
}

/** Fails listing every control under 44×44 on the screen. */
export async function expectTapTargetsLargeEnough(page: Page, screen: string): Promise<void> {
  const small = await findSmallTapTargets(page);
  expect(
    small.map((s) => `${s.what}: ${s.width}×${s.height}`),
    `controls under ${MIN_TAP}×${MIN_TAP} px on ${screen} (${page.url()})`,
  ).toEqual([]);
}
