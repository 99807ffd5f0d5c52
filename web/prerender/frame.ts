/**
 * The copies of the chat screen that the home screen's frame paints before the app has booted
 * (domain/contract/frameScript.ts draws them, boot.tsx takes them over). A copy is the
 * screen's markup as drawn, made to paint without any of the app's code:
 *
 *  - what lies more than a screen away (earlier messages, the closed drawer) is an empty box of
 *    its size, so a copy is about a screenful whatever the length of the chat;
 *  - an Ionic element's own shadow content goes along as declarative shadow DOM, with its styles,
 *    and an icon as its SVG: neither needs Ionic's script to draw;
 *  - what is passing or private to the moment (dialogs, toasts, scripts, media) is left out, and a
 *    field carries its value.
 *
 * Two copies at most (/chat and the last chat opened), each for this build and this window width.
 */
import {
  FRAME_SCROLL_ATTRIBUTE,
  FRAME_STORAGE_KEY,
  type StoredFrame,
  type StoredFrames,
} from '../../domain/contract/frameScript';
import { nextTask } from '../data/nextTask';
import { currentBuild, framesAllowed, readFrames } from './frameStorage';

/** A copy bigger than this is not kept: a screenful is about 40–80 kB. */
export const FRAME_MAX_CHARS = 250_000;
/** The addresses kept at most: /chat and the last chat opened. */
const FRAMES_KEPT = 2;

const LEFT_OUT = new Set([
  'SCRIPT',
  'NOSCRIPT',
  'TEMPLATE',
  'LINK',
  'ION-TOAST',
  'DIALOG',
  'CANVAS',
  'VIDEO',
  'AUDIO',
  'IFRAME',
  'OBJECT',
]);
const LEFT_OUT_ROLES = new Set(['dialog', 'alertdialog']);
const VOID = new Set([
  'AREA',
  'BR',
  'COL',
  'EMBED',
  'HR',
  'IMG',
  'INPUT',
  'SOURCE',
  'TRACK',
  'WBR',
]);
const RAW_TEXT = new Set(['STYLE']);

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * An icon's CSS rules: those its shadow root adopted and those of its style elements (an icon's
 * content is not walked, so its styles would be lost otherwise).
 */
function iconRules(root: ShadowRoot): CSSRule[] {
  const sheets: Array<CSSStyleSheet | null> = [
    ...(root.adoptedStyleSheets ?? []),
    ...Array.from(root.querySelectorAll('style'), (style) => style.sheet),
  ];
  return sheets.flatMap((sheet) => (sheet ? Array.from(sheet.cssRules) : []));
}

/**
 * A stylesheet's text, written once per sheet: Ionic's elements of one kind share one adopted sheet,
 * which they never change once made, so a screen with forty buttons would otherwise write the
 * buttons' CSS forty times over.
 */
const sheetTexts = new WeakMap<CSSStyleSheet, string>();
function sheetText(sheet: CSSStyleSheet): string {
  let text = sheetTexts.get(sheet);
  if (text === undefined) {
    text = Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
    sheetTexts.set(sheet, text);
  }
  return text;
}

/** A selector of an icon's shadow CSS, for the light DOM: `:host` is the icon, the rest inside it. */
const scopeToIcon = (selector: string) =>
  selector
    .split(',')
    .map((part) => part.trim())
    .map((part) =>
      part.startsWith(':host')
        ? part.replace(/^:host\(([^)]*)\)/, 'ion-icon$1').replace(/^:host/, 'ion-icon')
        : `ion-icon ${part}`,
    )
    .join(', ');

/**
 * An icon's shadow CSS written for the light DOM, where the copy puts the icon's SVG: `:host` is
 * the icon, and the rest applies inside an icon only (not to the page's other SVGs).
 */
function iconCssForLightDom(rules: CSSRule[]): string {
  return rules
    .map((rule) =>
      rule instanceof CSSStyleRule
        ? `${scopeToIcon(rule.selectorText)} { ${rule.style.cssText} }`
        : rule.cssText.replace(/:host/g, 'ion-icon'),
    )
    .join('\n');
}

class Serializer {
  private readonly out: string[] = [];
  private iconCss: string | null = null;

  constructor(
    private readonly top: number,
    private readonly bottom: number,
    private readonly width: number,
  ) {}

  get html(): string {
    return this.out.join('');
  }

  /** The icons' CSS, written once for all of them. */
  get css(): string {
    return this.iconCss ?? '';
  }

  /** Writes what `parent` holds, one element a step: a sliced copy may stop between two. */
  *children(parent: Node): Generator<void, void, undefined> {
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.textContent ?? '';
        this.out.push(RAW_TEXT.has(node.parentElement?.tagName ?? '') ? text : escapeText(text));
      } else if (node instanceof Element) {
        yield;
        yield* this.element(node);
      }
    }
  }

  private *element(el: Element): Generator<void, void, undefined> {
    const role = el.getAttribute('role');
    if (LEFT_OUT.has(el.tagName) || (role && LEFT_OUT_ROLES.has(role))) return;
    const tag = el.tagName.toLowerCase();
    const extra: Record<string, string> = {};
    if (el.scrollTop > 0) {
      const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < 2;
      extra[FRAME_SCROLL_ATTRIBUTE] = atEnd ? 'end' : String(Math.round(el.scrollTop));
    }
    const away = this.awayHeight(el);
    if (away !== null) {
      const style = `${el.getAttribute('style') ?? ''};height:${away}px;box-sizing:border-box`;
      this.out.push(`<${tag}${this.attributes(el, { ...extra, style })}></${tag}>`);
      return;
    }
    if (el instanceof HTMLOptionElement && el.selected) extra.selected = '';
    if (el instanceof HTMLInputElement) {
      if (el.type === 'checkbox' || el.type === 'radio') {
        if (el.checked) extra.checked = '';
      } else if (el.type !== 'password' && el.type !== 'file') extra.value = el.value;
    }
    this.out.push(`<${tag}${this.attributes(el, extra)}>`);
    if (VOID.has(el.tagName)) return;
    if (el instanceof HTMLTextAreaElement) this.out.push(escapeText(el.value));
    else if (tag === 'ion-icon') this.icon(el);
    else {
      if (el.shadowRoot) yield* this.shadow(el.shadowRoot);
      yield* this.children(el);
    }
    this.out.push(`</${tag}>`);
  }

  /** An icon's drawing, in the light DOM: an icon has no slots, and its CSS is written once for all. */
  private icon(el: Element): void {
    const root = el.shadowRoot;
    const drawing = root?.querySelector('.icon-inner') ?? root?.querySelector('svg');
    if (!root || !drawing) return;
    this.iconCss ??= iconCssForLightDom(iconRules(root));
    this.out.push(drawing.outerHTML);
  }

  private *shadow(root: ShadowRoot): Generator<void, void, undefined> {
    const adopted = (root.adoptedStyleSheets ?? []).map(sheetText).join('\n');
    this.out.push(`<template shadowrootmode="open">${adopted ? `<style>${adopted}</style>` : ''}`);
    yield* this.children(root);
    this.out.push('</template>');
  }

  /**
   * The height of a block more than a screen away (an earlier message, the closed drawer), drawn as
   * an empty box of that height; null for what is near the screen, inline, or not drawn as a box.
   */
  private awayHeight(el: Element): number | null {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return null;
    const away =
      box.bottom < this.top || box.top > this.bottom || box.right <= 0 || box.left >= this.width;
    if (!away || getComputedStyle(el).display.startsWith('inline')) return null;
    return Math.round(box.height);
  }

  private attributes(el: Element, extra: Record<string, string>): string {
    let text = '';
    for (const { name, value } of Array.from(el.attributes)) {
      if (name in extra || name.startsWith('on') || name === 'autofocus') continue;
      text += ` ${name}="${escapeAttribute(value)}"`;
    }
    for (const [name, value] of Object.entries(extra))
      text += value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`;
    return text;
  }
}

/**
 * The copy of what `root` draws: its markup as a shadow root's content (the page's stylesheets
 * linked first, its style elements and the icons' CSS inlined), and the stylesheets it links. Made
 * one element a step, so a copy made at rest can be spread over several tasks.
 */
function* copySteps(root: HTMLElement): Generator<void, Pick<StoredFrame, 'html' | 'styles'>> {
  const height = window.innerHeight;
  const serializer = new Serializer(-height, 2 * height, window.innerWidth);
  yield* serializer.children(root);
  // Our own stylesheets, by path: the shell's, and those the app's chunks added (full addresses).
  const styles = Array.from(
    document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
    (link) => new URL(link.href, location.href),
  )
    .filter((url) => url.origin === location.origin)
    .map((url) => url.pathname);
  const inlineCss = Array.from(
    document.head.querySelectorAll('style'),
    (style) => style.textContent ?? '',
  ).join('\n');
  const links = styles.map(
    (href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`,
  );
  const rootAttributes = Array.from(root.attributes)
    .filter(({ name }) => name !== 'style' && name !== 'data-prerendered')
    .map(({ name, value }) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return {
    html: `${links.join('')}<style>${inlineCss}\n${serializer.css}</style><div${rootAttributes}>${serializer.html}</div>`,
    styles,
  };
}

/** The copy of what `root` draws (copySteps), made at once. */
export function frameCopy(root: HTMLElement): Pick<StoredFrame, 'html' | 'styles'> {
  const steps = copySteps(root);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Keeps `copy` for `address` (path and query), with at most one other copy beside it. */
function keepCopy(
  address: string,
  copy: Pick<StoredFrame, 'html' | 'styles'>,
  now: number,
): boolean {
  const build = currentBuild();
  if (!build || !framesAllowed() || copy.html.length > FRAME_MAX_CHARS) return false;
  const kept = Object.entries(readFrames(build)?.frames ?? {})
    .filter(([path]) => path !== address)
    .toSorted(([, a], [, b]) => b.savedAt - a.savedAt)
    .slice(0, FRAMES_KEPT - 1);
  const frames: StoredFrames = {
    build,
    frames: Object.fromEntries([
      ...kept,
      [address, { ...copy, width: window.innerWidth, savedAt: now }],
    ]),
  };
  try {
    localStorage.setItem(FRAME_STORAGE_KEY, JSON.stringify(frames));
    return true;
  } catch {
    // Storage full or blocked: the next start paints as before, nothing is lost.
    return false;
  }
}

/**
 * Keeps the copy of `root` for `address`, made at once: for a page being hidden or closed, which
 * may have no later task.
 */
export function saveFrame(root: HTMLElement, address: string, now = Date.now()): boolean {
  if (!currentBuild() || !framesAllowed()) return false;
  return keepCopy(address, frameCopy(root), now);
}

/** How long one slice of a copy made at rest may hold the main thread, in ms. */
const SLICE_MS = 8;

/**
 * What became of a copy made in slices: kept; `moved`, when the screen changed while it was being
 * made (a copy would mix two states, so none is kept); or not kept at all (frames off, too big,
 * called off).
 */
export type SlicedSave = 'kept' | 'moved' | 'not-kept';

/**
 * Keeps the copy of `root` for `address`, made a slice of `sliceMs` at a time (at least one element
 * a slice) with other work let in between, so a rep who starts typing as it is made is not held up
 * (the whole copy is 100–200 ms on a slow phone). What is seen to change what the copy reads
 * between two slices ends it with nothing kept: the markup (not inside Ionic's shadow roots), a
 * typed value, a scroll, the window's size; so does `signal`. A value set by script alone, or a
 * change in a shadow root, is not seen: such a copy is put right by the next one.
 */
export async function saveFrameInSlices(
  root: HTMLElement,
  address: string,
  { signal, sliceMs = SLICE_MS }: { signal?: AbortSignal; sliceMs?: number } = {},
): Promise<SlicedSave> {
  if (!currentBuild() || !framesAllowed() || signal?.aborted) return 'not-kept';
  let moved = false;
  const move = () => {
    moved = true;
  };
  const watch = new MutationObserver(move);
  watch.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  const events = ['input', 'scroll', 'resize'] as const;
  for (const type of events) window.addEventListener(type, move, { capture: true, passive: true });
  const size = `${window.innerWidth}x${window.innerHeight}`;
  try {
    const steps = copySteps(root);
    for (;;) {
      const sliceEnds = performance.now() + sliceMs;
      let step = steps.next();
      while (!step.done && performance.now() < sliceEnds) step = steps.next();
      if (watch.takeRecords().length || size !== `${window.innerWidth}x${window.innerHeight}`)
        moved = true;
      if (moved) return 'moved';
      if (step.done) return keepCopy(address, step.value, Date.now()) ? 'kept' : 'not-kept';
      await nextTask();
      if (signal?.aborted) return 'not-kept';
    }
  } finally {
    watch.disconnect();
    for (const type of events) window.removeEventListener(type, move, { capture: true });
  }
}
