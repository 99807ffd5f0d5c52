/**
 * A tap on a prerendered page before the app took it over, carried out once the app has drawn the
 * page (boot.tsx). The page's inline script (earlyTapScript.ts) kept it; the app's own handlers do it
 * now, with what the rep typed already handed to the app's fields (typedValues.ts).
 */
import {
  EARLY_TAP_ATTRIBUTE,
  EARLY_TAP_GLOBAL,
  SHELL_TAP_GLOBAL,
} from '../../domain/contract/earlyTapScript';
import type { FrameTap } from '../../domain/contract/frameScript';

type WithEarlyTap = Window & {
  [EARLY_TAP_GLOBAL]?: string | null;
  [SHELL_TAP_GLOBAL]?: FrameTap;
};

/** Carries out the kept tap, if any, once: a form is submitted, a button clicked. */
export function replayEarlyTap(container: HTMLElement): void {
  const scope = window as WithEarlyTap;
  const kept = scope[EARLY_TAP_GLOBAL];
  delete scope[EARLY_TAP_GLOBAL];
  if (!kept) return;
  const target = container.querySelector(`[${EARLY_TAP_ATTRIBUTE}="${CSS.escape(kept)}"]`);
  if (target instanceof HTMLFormElement) target.requestSubmit();
  else if (target instanceof HTMLElement) target.click();
}

/**
 * The first tap on an unmarked button of a signed-in screen's shell (its label and its place among
 * the buttons so labelled), taken once: frameTakeover.ts `replayFrameTap` taps the app's own.
 */
export function takeShellTap(): FrameTap | null {
  const scope = window as WithEarlyTap;
  const tap = scope[SHELL_TAP_GLOBAL] ?? null;
  delete scope[SHELL_TAP_GLOBAL];
  return tap;
}
