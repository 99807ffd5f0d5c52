import { lazy, type ComponentType } from 'react';
import { fetchedOnline, isCodeFetchFailure } from './fetchedOnline';

/**
 * React.lazy that can be loaded ahead (`preload()`), and once loaded renders at once: React.lazy
 * alone suspends on its first render even when its module is in memory (a promise's callbacks run
 * later), so a commit that must draw it whole (the home screen frame's takeover, boot.tsx) would
 * draw its fallback. Here the first render gets a thenable that has already settled.
 *
 * For a piece a screen can go without (the header's marks): if its code cannot be fetched, the
 * screen around it stays as it was and the piece is left out, rather than the screen failing. With
 * the phone offline (a first visit, before the service worker kept the app) it is fetched again
 * when the signal returns (fetchedOnline.ts); where that fails too, it comes with the next start. A
 * failed `preload()` may be called again.
 */
export function lazyWithPreload<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ReturnType<typeof lazy<ComponentType<Props>>> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy<ComponentType<Props>>(() => {
    const component = loaded;
    if (!component) return fetchedOnline(preload).then((c) => ({ default: c }), leftOut);
    // Settled already: React reads it in this render, with no suspension.
    const settled = {
      // oxlint-disable-next-line unicorn/no-thenable -- React.lazy reads a thenable; a settled one is the point
      then(resolve: (module: { default: ComponentType<Props> }) => void) {
        resolve({ default: component });
      },
    };
    return settled as Promise<{ default: ComponentType<Props> }>;
  });
  return Object.assign(Lazy, { preload });
}

/** A piece whose code could not be fetched: drawn as nothing. Any other error is the screen's. */
function leftOut(error: unknown) {
  if (!isCodeFetchFailure(error)) throw error;
  console.warn('Left out a piece of the screen whose code could not be fetched', error);
  return { default: Nothing };
}
const Nothing = () => null;
