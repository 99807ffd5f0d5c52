/**
 * The app taking over the home screen's frame: the copy of the chat that the shell's
 * inline scripts painted (domain/contract/frameScript.ts) stays on screen while the app renders under
 * it, and goes in the commit that has drawn the same screen (boot.tsx). What the rep did meanwhile
 * is carried over: the typing (typedValues.ts), a send (the early tap 'chat-send') and the first
 * other button tapped (below).
 */
import { FRAME_GLOBAL, type FrameOnPage, type FrameTap } from '../../domain/contract/frameScript';

type WithFrame = Window & { [FRAME_GLOBAL]?: FrameOnPage };

/** The frame the body script drew, or null. */
export function frameOnPage(): Required<FrameOnPage> | null {
  const frame = (window as WithFrame)[FRAME_GLOBAL];
  return frame?.host && frame.root ? (frame as Required<FrameOnPage>) : null;
}

/** The address (path and query) whose frame the app took over, if it started from one. */
let takenOver: string | null = null;

/**
 * Whether the app started from the frame kept for `address` (path and query), asked once: what the
 * screen first draws at rest is what that frame showed; after that, whatever it draws is new.
 */
export function firstDrawnFromFrame(address: string): boolean {
  const answer = takenOver === address;
  takenOver = null;
  return answer;
}

/** The frame goes and the app's own screen shows, in the same task: nothing is painted between. */
export function removeFrame(frame: FrameOnPage | null, container: HTMLElement): FrameTap | null {
  if (frame?.host) takenOver = location.pathname + location.search;
  frame?.host?.remove();
  delete (window as WithFrame)[FRAME_GLOBAL];
  container.style.removeProperty('visibility');
  delete container.dataset.prerendered;
  return frame?.tap ?? null;
}

/** The longest a tapped button is waited for: a part of the screen the app draws a moment later. */
const TAP_WAIT_MS = 3000;

const labelOf = (element: Element) =>
  (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
const BUTTONS = 'button,ion-button,[role=button]';

/**
 * Taps the app's button that the rep tapped in the frame: the one with the same label at the same
 * place among the buttons so labelled. Focused first, as a finger's tap focuses it (a dialog it
 * opens gives the focus back to it). Nothing is tapped if the app draws a different set of them.
 */
export function replayFrameTap(
  container: HTMLElement,
  tap: FrameTap,
  waitMs = TAP_WAIT_MS,
): Promise<boolean> {
  const find = () => {
    const same = Array.from(container.querySelectorAll<HTMLElement>(BUTTONS)).filter(
      (button) => labelOf(button) === tap.label,
    );
    return same[tap.index] ?? null;
  };
  return new Promise((resolve) => {
    const tapIt = (button: HTMLElement) => {
      button.focus();
      button.click();
      resolve(true);
    };
    const now = find();
    if (now) return tapIt(now);
    const observer = new MutationObserver(() => {
      const button = find();
      if (!button) return;
      stop();
      tapIt(button);
    });
    const timer = setTimeout(() => {
      stop();
      resolve(false);
    }, waitMs);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(container, { childList: true, subtree: true, attributes: true });
  });
}
