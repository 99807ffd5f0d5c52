import { startTransition, useEffect, useState } from 'react';

/**
 * When the app has taken a prerendered page over (boot.tsx): the commit that draws the app's first
 * screen. Not the root's first commit: when the app hydrates the page, React commits the header first
 * and hydrates the screen (inside the router's Suspense) in a later pass. Every screen draws through
 * ui/Screen.tsx, which reports here.
 */
let onScreenDrawn: (() => void) | null = null;
/** React is hydrating a prerendered page (boot.tsx), until its screen is drawn. */
let hydrating = false;

/**
 * At build time, whether the page drawn is one a first-time visitor gets (a public page, hydrated
 * when the app takes it over) or a signed-in screen's shell (replaced, web/prerender/render.tsx).
 */
let buildDrawsGuest = true;

/** True when the build draws this (no document): what the browser can do is not known yet. */
export function drawnAtBuild(): boolean {
  return typeof document === 'undefined';
}

/** The build draws a signed-in screen's shell next (true), or a public page (false). */
export function drawSignedInAtBuild(signedIn: boolean): void {
  buildDrawsGuest = !signedIn;
}

/** Calls `callback` once, in the commit that first draws a screen. */
export function whenScreenDrawn(callback: () => void): void {
  onScreenDrawn = callback;
}

/** A screen was drawn (called from its layout effect, before the browser paints it). */
export function screenDrawn(): void {
  hydrating = false;
  const callback = onScreenDrawn;
  onScreenDrawn = null;
  callback?.();
}

/** The app is about to hydrate the page: what mounts until its screen is drawn draws as the build did. */
export function startHydrating(): void {
  hydrating = true;
}

/** React is hydrating the page now: a component's first render must draw what the build drew. */
export function isHydrating(): boolean {
  return hydrating;
}

/**
 * True in a render that must draw what the build drew: a component's first, while React hydrates a
 * prerendered page, and when the build draws a public page. It turns false right after, in a transition: React then
 * draws the change in slices, where a plain update would make it finish hydrating the page at once,
 * in one long task.
 */
export function useHydrating(): boolean {
  const [value, setValue] = useState(() => isHydrating() || (drawnAtBuild() && buildDrawsGuest));
  useEffect(() => {
    if (value) startTransition(() => setValue(false));
  }, [value]);
  return value;
}
