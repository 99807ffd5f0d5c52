// oxlint-disable unicorn/consistent-function-scoping -- the helpers run inside page.evaluate, which sends one function (and nothing around it) to the browser
/**
 * Two rules every screen keeps, checked on the page as the rep sees it rendered:
 *
 * - No setting's name. A rep cannot set an environment variable, so a screen that names one
 *   (OPENAI_API_KEY, TRANSCRIBE_BASE_URL...) talks to someone who is not there. The names are read
 *   when the tests run, from every `NAME=` line of .env.example (commented out or not) and every key
 *   of the environment schema in api/config.ts, so a variable added there is covered at once. The
 *   text searched is what a person can read or hear: the page's rendered text, the text rendered
 *   inside open shadow roots (an Ionic toast draws its message there), the document's title, and the
 *   title, aria-label, alt and placeholder attributes and the values of the rendered elements. A name
 *   counts as a whole word, in capitals (so 'Port' or 'PORTS' are not 'PORT').
 *
 * - No disabled button without its reason beside it. A disabled button is a visible `<button>` that
 *   is disabled (itself or by its fieldset), an `<ion-button>` with `disabled`, or an element with
 *   role button (or a button or ion-button) carrying aria-disabled="true"; a button inside a
 *   component's shadow root counts as its host. It is explained when its `aria-describedby` (on the
 *   host or on the native button inside it) names an element that is rendered, at least 2×2 px (a
 *   visually hidden text is not beside anything), and holds text, or is the empty field the button
 *   waits for, showing its placeholder (the chat's Send beside 'Type your message...'). That is the
 *   rule a screen reader and a sighted rep share: the reason is read with the button and shown next
 *   to it.
 *
 * Both helpers record what they find with `expect.soft`, so one walk lists every finding of every
 * screen instead of stopping at the first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The names of every environment variable the server reads, from .env.example and api/config.ts. */
export function settingNames(): string[] {
  const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
  const fromExample = [...example.matchAll(/^[ \t]*#?[ \t]*([A-Z][A-Z0-9_]*)=/gm)].map(
    (m) => m[1]!,
  );
  const config = readFileSync(join(ROOT, 'api', 'config.ts'), 'utf8');
  const schema = /const EnvSchema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(config)?.[1];
  if (!schema) throw new Error('api/config.ts: no `const EnvSchema = z.object({ ... });` found');
  const fromSchema = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
  if (fromExample.length < 10 || fromSchema.length < 10)
    throw new Error(
      `too few setting names read (.env.example: ${fromExample.length}, EnvSchema: ${fromSchema.length}): has their layout changed?`,
    );
  return [...new Set([...fromExample, ...fromSchema])].toSorted();
}

const NAMES = settingNames();

/** Each setting name the page shows or says, with where it is and the words around it. */
export function findSettingNames(page: Page): Promise<string[]> {
  return page.evaluate((variables) => {
    const pattern = new RegExp(`(?<![A-Za-z0-9_])(${variables.join('|')})(?![A-Za-z0-9_])`, 'g');
    const texts: { from: string; text: string }[] = [
      { from: 'the page', text: document.body.innerText },
      { from: 'the title', text: document.title },
    ];
    const rendered = (el: Element) =>
      el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : ''}>`;
    const visit = (root: Document | ShadowRoot, inShadow: boolean) => {
      for (const el of root.querySelectorAll('*')) {
        if (inShadow && el instanceof HTMLElement && el.parentNode === root && rendered(el))
          texts.push({
            from: `the shadow root of ${describe((root as ShadowRoot).host)}`,
            text: el.innerText,
          });
        if (rendered(el)) {
          for (const attribute of ['title', 'aria-label', 'alt', 'placeholder']) {
            const value = el.getAttribute(attribute);
            if (value) texts.push({ from: `${attribute} of ${describe(el)}`, text: value });
          }
          if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.value)
            texts.push({ from: `the value of ${describe(el)}`, text: el.value });
        }
        if (el.shadowRoot) visit(el.shadowRoot, true);
      }
    };
    visit(document, false);
    const hits: string[] = [];
    for (const { from, text } of texts)
      for (const match of text.matchAll(pattern)) {
        const at = match.index;
        const context = text
          .slice(Math.max(0, at - 60), at + match[0].length + 60)
          .replace(/\s+/g, ' ');
        hits.push(`${match[0]} in ${from}: “…${context}…”`);
      }
    return [...new Set(hits)];
  }, NAMES);
}

/** Fails (softly) when the page shows, or says to a screen reader, the name of a setting. */
export async function expectNoSettingNames(page: Page, where: string): Promise<void> {
  const found = await findSettingNames(page);
  expect.soft(found, `${where} (${page.url()}): a setting's name in front of the rep`).toEqual([]);
}

/** Each visible disabled button whose aria-describedby names no visible text, described. */
export function findUnexplainedDisabledButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const isButton = (el: Element) =>
      el.tagName === 'BUTTON' ||
      el.tagName === 'ION-BUTTON' ||
      el.getAttribute('role') === 'button';
    const disabled = new Set<Element>();
    const visit = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        const isDisabled =
          (el instanceof HTMLButtonElement && el.matches(':disabled')) ||
          (el.tagName === 'ION-BUTTON' &&
            el.hasAttribute('disabled') &&
            el.getAttribute('disabled') !== 'false') ||
          (isButton(el) && el.getAttribute('aria-disabled') === 'true');
        if (isDisabled) disabled.add(root instanceof ShadowRoot ? root.host : el);
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    const shown = (el: Element | null) => {
      if (!el || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
        return false;
      const box = el.getBoundingClientRect();
      return box.width >= 2 && box.height >= 2;
    };
    const reasonOf = (el: Element) => {
      const inner = el.shadowRoot?.querySelector('button');
      for (const holder of inner ? [el, inner] : [el]) {
        const ids = (holder.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
        const root = holder.getRootNode() as Document | ShadowRoot;
        for (const id of ids) {
          const target = root.getElementById?.(id) ?? document.getElementById(id);
          if (!shown(target)) continue;
          if ((target as HTMLElement).innerText.trim()) return true;
          // The empty field the button waits for, saying what to type in it.
          const field = target as HTMLInputElement;
          if (/^(INPUT|TEXTAREA)$/.test(field.tagName) && !field.value && field.placeholder.trim())
            return true;
        }
      }
      return false;
    };
    const name = (el: Element) =>
      (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim();
    return [...disabled]
      .filter((el) => shown(el) && !reasonOf(el))
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : ''}> “${name(el)}”`,
      );
  });
}

/** Fails (softly) when a visible disabled button has no visible reason its aria-describedby names. */
export async function expectDisabledButtonsExplained(page: Page, where: string): Promise<void> {
  // A button disabled for a moment (while its request is on its way) is not what this is about:
  // it is counted only when it stays disabled for two seconds.
  await expect
    .configure({ soft: true })
    .poll(() => findUnexplainedDisabledButtons(page), {
      message: `${where} (${page.url()}): a disabled button with no reason beside it (aria-describedby to visible text)`,
      timeout: 2_000,
    })
    .toEqual([]);
}
