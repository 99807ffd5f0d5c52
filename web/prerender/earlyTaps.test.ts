// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EARLY_TAP_GLOBAL,
  EARLY_TAP_SCRIPT,
  SHELL_TAP_GLOBAL,
} from '../../domain/contract/earlyTapScript';
import type { FrameTap } from '../../domain/contract/frameScript';
import { replayEarlyTap, takeShellTap } from './earlyTaps';
import { replayFrameTap } from './frameTakeover';

// The page's inline early-tap script, run as the page runs it (once, first in the head), on a
// prerendered public page and on a signed-in screen's shell; then the app's side of the takeover.

type TapWindow = Window & { [EARLY_TAP_GLOBAL]?: string | null; [SHELL_TAP_GLOBAL]?: FrameTap };
const scope = window as TapWindow;

beforeAll(() => {
  // oxlint-disable-next-line no-new-func -- the inline script's exact text, as the page runs it
  new Function(EARLY_TAP_SCRIPT)();
});

afterEach(() => {
  delete scope[EARLY_TAP_GLOBAL];
  delete scope[SHELL_TAP_GLOBAL];
  document.body.innerHTML = '';
});

/** A click as a finger's: answers whether the page's default action was stopped. */
function tap(element: Element): boolean {
  return !element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

function submit(form: HTMLFormElement): boolean {
  return !form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

const SHELL = `
  <header><button type="button" aria-label="Open menu" data-early-tap="menu">≡</button>
    <button type="button" aria-label="Account menu"></button></header>
  <button type="button">Record</button>
  <p>Your recordings</p>
  <button type="button">Record</button>
  <form data-early-tap="chat-send"><input name="message">
    <button type="submit" disabled>Send</button></form>
  <form class="unmarked"><input name="q"><button type="submit">Search</button></form>`;

function page(takeover: 'hydrate' | 'replace'): HTMLElement {
  document.body.innerHTML = `<div id="root" data-prerendered="${takeover}">${SHELL}</div>`;
  return document.getElementById('root')!;
}

describe('on a public page', () => {
  it('keeps a marked control, and leaves every other button and form to the page', () => {
    const root = page('hydrate');
    const [record] = root.querySelectorAll('button:not([data-early-tap])');
    expect(tap(record!)).toBe(false);
    expect(submit(root.querySelector('form.unmarked')!)).toBe(false);
    expect(scope[SHELL_TAP_GLOBAL]).toBeUndefined();

    expect(tap(root.querySelector('[data-early-tap="menu"]')!)).toBe(true);
    expect(scope[EARLY_TAP_GLOBAL]).toBe('menu');
  });
});

describe("on a signed-in screen's shell", () => {
  it('turns Send on as the rep types, and keeps the send for the app, unsent by the browser', () => {
    const root = page('replace');
    const input = root.querySelector<HTMLInputElement>('input[name="message"]')!;
    const send = root.querySelector<HTMLButtonElement>('form[data-early-tap] button')!;
    input.value = 'Who should I call first?';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(send.disabled).toBe(false);
    input.value = '  ';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(send.disabled).toBe(true);

    expect(submit(input.form!)).toBe(true);
    expect(scope[EARLY_TAP_GLOBAL]).toBe('chat-send');
    // A form of the shell that carries no mark is never sent by the browser (a reload with its text).
    expect(submit(root.querySelector('form.unmarked')!)).toBe(true);
    // Send itself is left to the form's submit, kept above.
    expect(tap(input.form!.querySelector('button')!)).toBe(false);
    expect(scope[SHELL_TAP_GLOBAL]).toBeUndefined();
  });

  it('keeps one tap in all: a marked one after a kept tap is dropped, and the other way round', () => {
    const root = page('replace');
    tap(root.querySelector('[aria-label="Account menu"]')!);
    tap(root.querySelector('[data-early-tap="menu"]')!);
    expect(scope[SHELL_TAP_GLOBAL]).toEqual({ label: 'Account menu', index: 0 });
    expect(scope[EARLY_TAP_GLOBAL]).toBeUndefined();
    delete scope[SHELL_TAP_GLOBAL];
    tap(root.querySelector('[data-early-tap="menu"]')!);
    tap(root.querySelector('[aria-label="Account menu"]')!);
    expect(scope[EARLY_TAP_GLOBAL]).toBe('menu');
    expect(scope[SHELL_TAP_GLOBAL]).toBeUndefined();
  });

  it("keeps a tap on an unmarked form's submit button (Enter in its field taps it) as a tap", () => {
    const root = page('replace');
    expect(tap(root.querySelector('form.unmarked button')!)).toBe(true);
    expect(scope[SHELL_TAP_GLOBAL]).toEqual({ label: 'Search', index: 0 });
  });

  it("keeps the first tap on any button by its label and place, and the app's same button is tapped once it is drawn", async () => {
    const root = page('replace');
    const records = root.querySelectorAll('button:not([data-early-tap])');
    expect(tap(records[2]!)).toBe(true); // the second 'Record' (the first unmarked is the avatar)
    expect(tap(records[0]!)).toBe(true); // a later tap is dropped
    expect(scope[SHELL_TAP_GLOBAL]).toEqual({ label: 'Record', index: 1 });

    // The app draws its own screen in the shell's place.
    root.removeAttribute('data-prerendered');
    root.innerHTML = SHELL;
    const tapped: number[] = [];
    root
      .querySelectorAll('button')
      .forEach((button, i) => button.addEventListener('click', () => tapped.push(i)));
    const kept = takeShellTap();
    expect(takeShellTap()).toBeNull();
    expect(await replayFrameTap(root, kept!)).toBe(true);
    expect(tapped).toEqual([3]);
    expect(root.querySelectorAll('button')[3]!.textContent).toBe('Record');
  });

  it('keeps nothing once the app has taken the screen over', () => {
    const root = page('replace');
    root.removeAttribute('data-prerendered');
    expect(tap(root.querySelectorAll('button:not([data-early-tap])')[1]!)).toBe(false);
    expect(scope[SHELL_TAP_GLOBAL]).toBeUndefined();
    replayEarlyTap(root);
    expect(takeShellTap()).toBeNull();
  });
});
