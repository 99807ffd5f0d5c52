// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_TAP_GLOBAL } from '../../domain/contract/earlyTapScript';
import {
  FRAME_BODY_SCRIPT,
  FRAME_GLOBAL,
  FRAME_HEAD_SCRIPT,
  FRAME_HOST_ID,
  FRAME_STORAGE_KEY,
  type FrameOnPage,
} from '../../domain/contract/frameScript';
import { clearAuthStorage, recordLoginSuccess } from '../features/auth/authStorage';
import { FRAME_MAX_CHARS, frameCopy, saveFrame, saveFrameInSlices } from './frame';
import { clearFrames, readFrames } from './frameStorage';
import { frameOnPage, removeFrame, replayFrameTap } from './frameTakeover';

// The home screen's frame in jsdom: the copy made from the app's markup, and the shell's
// two inline scripts run as the page runs them, on that copy. jsdom lays nothing out, so where a test
// needs an element a screen away, it says where the element is, as a browser's layout would.

const BUILD = '/assets/index-abc123.js';
type FrameWindow = Window & { [FRAME_GLOBAL]?: FrameOnPage; [EARLY_TAP_GLOBAL]?: string | null };
const scope = window as FrameWindow;

/** The shell as built: the entry script (the build's name), the stylesheet, an empty #root. */
function shell(): HTMLElement {
  document.head.innerHTML = `<script type="module" src="${BUILD}"></script><link rel="stylesheet" href="/assets/index.css">`;
  document.body.innerHTML = '<div id="root"></div>';
  return document.getElementById('root')!;
}

/** A chat as the app draws it: header, messages, the message box and Send. */
function drawChat(root: HTMLElement, messages = ['Hi', 'Hello! How can I help?']): void {
  root.innerHTML = `<div class="chat-workspace">
    <header class="chat-header"><button type="button" class="chat-header__tools-button">Tools</button><h1 class="chat-header__title">Pricing</h1></header>
    <div class="chat__scroller"><ol class="chat__messages">${messages
      .map(
        (text) =>
          `<li class="message"><p class="message__bubble">${text}</p><button type="button" aria-label="Copy">c</button></li>`,
      )
      .join('')}</ol></div>
    <form class="chat-input__form" data-early-tap="chat-send"><input name="message" class="chat-input__text"><button type="submit" class="chat-input__send" aria-label="Send" disabled>s</button></form>
  </div>`;
}

function runScripts(): void {
  // The scripts' own text, as the page runs it (the CSP allows exactly these by hash).
  new Function(FRAME_HEAD_SCRIPT)();
  new Function(FRAME_BODY_SCRIPT)();
}

/** The frame the body script drew: its shadow root (closed to the page; the script keeps it). */
function drawnFrame(): ShadowRoot {
  const frame = frameOnPage();
  if (!frame) throw new Error('no frame was drawn');
  return frame.root;
}

/** Styles a shadow root as Ionic does: with an adopted sheet. */
function adopt(shadow: ShadowRoot, css: string): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  Object.assign(shadow, { adoptedStyleSheets: [sheet] });
}

/** A chat drawn and kept for `path`, then the page started again: the shell, empty. */
function saveAndReload(path = '/chat?chat=c1'): HTMLElement {
  const root = shell();
  drawChat(root);
  saveFrame(root, path);
  return shell();
}

beforeEach(() => {
  localStorage.clear();
  delete scope[FRAME_GLOBAL];
  delete scope[EARLY_TAP_GLOBAL];
  window.history.replaceState(null, '', '/chat?chat=c1');
});
afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the copy of the chat', () => {
  it('keeps the screen as drawn, with the typed value, and leaves out what passes: toasts, dialogs, scripts', () => {
    const root = shell();
    drawChat(root);
    root.insertAdjacentHTML(
      'beforeend',
      '<ion-toast>Saved</ion-toast><div role="dialog">Account menu</div><script>1</script>',
    );
    root.querySelector<HTMLInputElement>('input[name="message"]')!.value = 'Draft <b>&';
    // The model picker: a select whose choice is a property, not an attribute.
    root.insertAdjacentHTML(
      'beforeend',
      '<select aria-label="Model"><option value="gpt-4o">GPT-4O</option><option value="mini">Mini</option></select>',
    );
    root.querySelector('select')!.value = 'mini';
    const { html, styles } = frameCopy(root);
    expect(styles).toEqual(['/assets/index.css']);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(html).toContain('Hello! How can I help?');
    expect(html).toContain('value="Draft <b>&amp;"');
    expect(html).toContain('<option value="mini" selected>Mini</option>');
    expect(html).not.toContain('Saved');
    expect(html).not.toContain('Account menu');
    expect(html).not.toContain('<script');
  });

  it("draws an icon as its SVG and an Ionic element's shadow content as declarative shadow DOM", () => {
    const root = shell();
    root.innerHTML = '<ion-button class="md">New<ion-icon class="start"></ion-icon></ion-button>';
    // As Ionic draws them: shadow content styled by adopted sheets.
    const button = root.querySelector('ion-button')!.attachShadow({ mode: 'open' });
    button.innerHTML = '<button class="button-native"><slot></slot></button>';
    adopt(button, '.button-native{padding:4px}');
    const icon = root.querySelector('ion-icon')!.attachShadow({ mode: 'open' });
    icon.innerHTML =
      '<div class="icon-inner"><svg viewBox="0 0 512 512"><path d="M1 1"></path></svg></div>';
    adopt(icon, ':host{width:1em} svg{fill:currentColor}');
    const { html } = frameCopy(root);
    expect(html).toContain(
      '<ion-button class="md"><template shadowrootmode="open"><style>.button-native { padding: 4px; }</style><button class="button-native"><slot></slot></button></template>New',
    );
    expect(html).toContain(
      '<ion-icon class="start"><div class="icon-inner"><svg viewBox="0 0 512 512"><path d="M1 1"></path></svg></div></ion-icon>',
    );
    // The icon's CSS, once, for icons only: `:host` is the icon, its `svg` rule no other SVG's.
    expect(html).toContain('ion-icon { width: 1em; }');
    expect(html).toContain('ion-icon svg { fill: currentcolor; }');
  });

  it('writes what lies more than a screen away as an empty box of its height: 40 huge messages are a screenful', () => {
    const root = shell();
    const huge = 'lorem ipsum '.repeat(400); // ~5 kB each, 200 kB in all
    drawChat(
      root,
      Array.from({ length: 40 }, (_, i) => `${i}: ${huge}`),
    );
    const items = Array.from(root.querySelectorAll('.message'));
    // Laid out as a browser would: 600 px each, the last one at the bottom of an 844 px screen.
    items.forEach((item, i) => {
      const top = 844 - (items.length - i) * 600;
      item.getBoundingClientRect = () => new DOMRect(0, top, 390, 600);
    });
    const { html } = frameCopy(root);
    expect(html.length).toBeLessThan(30_000);
    expect(html).toContain('39: lorem');
    expect(html).toContain('37: lorem'); // within a screen above
    expect(html).not.toContain('30: lorem');
    expect(html).toContain('<li class="message" style=";height:600px;box-sizing:border-box"></li>');
  });
});

const keptFor = (path: string) => readFrames()?.frames[path]?.html;

describe('the copy made at rest, in slices', () => {
  it('is the same copy as one made at once, spread over tasks', async () => {
    const root = shell();
    drawChat(root);
    const atOnce = frameCopy(root).html;
    // A slice of no time still takes one element, so each element is a slice of its own: nothing is
    // kept until the last one, a later task.
    const saving = saveFrameInSlices(root, '/chat', { sliceMs: 0 });
    expect(keptFor('/chat')).toBeUndefined();
    expect(await saving).toBe('kept');
    expect(keptFor('/chat')).toBe(atOnce);
  });

  it('keeps nothing when the screen changes, the rep types or scrolls while it is made', async () => {
    for (const change of [
      (root: HTMLElement) => root.querySelector('.message__bubble')!.append(' and more'),
      (root: HTMLElement) =>
        root.querySelector('input')!.dispatchEvent(new Event('input', { bubbles: true })),
      (root: HTMLElement) =>
        root.querySelector('.chat__scroller')!.dispatchEvent(new Event('scroll')),
    ]) {
      localStorage.clear();
      const root = shell();
      drawChat(root);
      const saving = saveFrameInSlices(root, '/chat', { sliceMs: 0 });
      change(root);
      expect(await saving).toBe('moved');
      expect(keptFor('/chat')).toBeUndefined();
    }
  });

  it('keeps nothing once called off', async () => {
    const root = shell();
    drawChat(root);
    const stop = new AbortController();
    const saving = saveFrameInSlices(root, '/chat', { signal: stop.signal, sliceMs: 0 });
    stop.abort();
    expect(await saving).toBe('not-kept');
    expect(keptFor('/chat')).toBeUndefined();
  });
});

describe('the copies kept', () => {
  it('keeps /chat and the last chat opened, for this build; none over the cap', () => {
    const root = shell();
    drawChat(root);
    expect(saveFrame(root, '/chat', 1)).toBe(true);
    expect(saveFrame(root, '/chat?chat=c1', 2)).toBe(true);
    expect(saveFrame(root, '/chat?chat=c2', 3)).toBe(true);
    expect(Object.keys(readFrames()!.frames).toSorted()).toEqual([
      '/chat?chat=c1',
      '/chat?chat=c2',
    ]);
    expect(readFrames('/assets/index-other.js')).toBeNull();

    drawChat(root, ['x'.repeat(FRAME_MAX_CHARS)]);
    expect(saveFrame(root, '/chat?chat=c3', 4)).toBe(false);
    expect(readFrames()!.frames['/chat?chat=c3']).toBeUndefined();
  });

  it('are forgotten at logout, and when another rep signs in on this device', () => {
    const root = shell();
    drawChat(root);
    recordLoginSuccess(7);
    saveFrame(root, '/chat');
    recordLoginSuccess(7);
    expect(readFrames()).not.toBeNull();
    recordLoginSuccess(8);
    expect(readFrames()).toBeNull();
    saveFrame(root, '/chat');
    clearAuthStorage();
    expect(localStorage.getItem(FRAME_STORAGE_KEY)).toBeNull();
    // A screen still closing after the logout keeps no copy; the next sign-in's screens do.
    expect(saveFrame(root, '/chat')).toBe(false);
    expect(localStorage.getItem(FRAME_STORAGE_KEY)).toBeNull();
    recordLoginSuccess(8);
    expect(saveFrame(root, '/chat')).toBe(true);
  });
});

describe("the shell's frame scripts", () => {
  it('paint the copy for this address over an empty, hidden #root, with its stylesheets render-blocking', () => {
    const root = saveAndReload();
    runScripts();
    const frame = drawnFrame();
    expect(document.getElementById(FRAME_HOST_ID)).not.toBeNull();
    expect(frame.querySelector('.chat-header__title')?.textContent).toBe('Pricing');
    expect(root.childElementCount).toBe(0);
    expect(root.dataset.prerendered).toBe('frame');
    expect(root.style.visibility).toBe('hidden');
    // Nothing outside the frame's shadow root finds the copy.
    expect(document.querySelector('.chat-header__title')).toBeNull();
    const blocking = document.head.querySelectorAll('link[blocking="render"]');
    expect(blocking).toHaveLength(0); // index.css is the shell's own link already
  });

  it('paint nothing at another address, for another build or width, after logout, or from unreadable storage', () => {
    saveAndReload('/chat?chat=c2');
    runScripts();
    expect(frameOnPage()).toBeNull();

    const stored = JSON.parse(localStorage.getItem(FRAME_STORAGE_KEY)!);
    localStorage.setItem(FRAME_STORAGE_KEY, JSON.stringify({ ...stored, build: '/assets/x.js' }));
    window.history.replaceState(null, '', '/chat?chat=c2');
    runScripts();
    expect(frameOnPage()).toBeNull();

    stored.frames['/chat?chat=c2'].width = window.innerWidth + 1;
    localStorage.setItem(FRAME_STORAGE_KEY, JSON.stringify(stored));
    runScripts();
    expect(frameOnPage()).toBeNull();

    localStorage.setItem(FRAME_STORAGE_KEY, '{not json');
    runScripts();
    expect(frameOnPage()).toBeNull();

    saveAndReload('/chat?chat=c2');
    clearFrames();
    runScripts();
    expect(frameOnPage()).toBeNull();
    expect(document.getElementById('root')!.dataset.prerendered).toBeUndefined();
  });

  it('turn Send on as the rep types, and keep a send for the app', () => {
    saveAndReload();
    runScripts();
    const frame = drawnFrame();
    const input = frame.querySelector<HTMLInputElement>('input[name="message"]')!;
    const send = frame.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(send.disabled).toBe(true);
    input.value = 'Price it per seat';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    expect(send.disabled).toBe(false);
    input.form!.requestSubmit();
    expect(scope[EARLY_TAP_GLOBAL]).toBe('chat-send');
  });

  it("keep the first other button tapped, by its label and place, and the app's same button is tapped once", async () => {
    saveAndReload();
    runScripts();
    const frame = drawnFrame();
    frame.querySelectorAll<HTMLButtonElement>('button[aria-label="Copy"]')[1]!.click();
    frame.querySelector<HTMLButtonElement>('.chat-header__tools-button')!.click();
    const page = frameOnPage()!;
    expect(page.tap).toEqual({ label: 'Copy', index: 1 });

    // The app draws the chat, and the frame goes.
    const root = document.getElementById('root')!;
    drawChat(root);
    const tapped: string[] = [];
    root
      .querySelectorAll('button')
      .forEach((button, i) =>
        button.addEventListener('click', () =>
          tapped.push(`${button.getAttribute('aria-label') ?? button.textContent}#${i}`),
        ),
      );
    const tap = removeFrame(page, root);
    expect(document.getElementById(FRAME_HOST_ID)).toBeNull();
    expect(root.dataset.prerendered).toBeUndefined();
    expect(root.style.visibility).toBe('');
    expect(await replayFrameTap(root, tap!)).toBe(true);
    expect(tapped).toEqual(['Copy#2']);
    expect(document.activeElement).toBe(root.querySelectorAll('button')[2]);
  });

  it('wait for a tapped button the app draws a moment later, and tap nothing if it never comes', async () => {
    const root = shell();
    const later = replayFrameTap(root, { label: 'History', index: 0 }, 1000);
    let tapped = 0;
    setTimeout(() => {
      root.innerHTML = '<button type="button" aria-label="History">h</button>';
      root.querySelector('button')!.addEventListener('click', () => tapped++);
    }, 20);
    expect(await later).toBe(true);
    expect(tapped).toBe(1);
    expect(await replayFrameTap(root, { label: 'Settings', index: 0 }, 50)).toBe(false);
  });
});
