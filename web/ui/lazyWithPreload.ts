import { lazy, type ComponentType } from 'react';

/**
 * React.lazy that can be loaded ahead (`preload()`), and once loaded renders at once: React.lazy
 * alone suspends on its first render even when its module is in memory (a promise's callbacks run
 * later), so a commit that must draw it whole (the home screen frame's takeover, boot.tsx) would
 * draw its fallback. Here the first render gets a thenable that has already settled.
 */
export function lazyWithPreload<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ReturnType<typeof lazy<ComponentType<Props>>> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy<ComponentType<Props>>(() => {
    const component = loaded;
    if (!component) return preload().then((c) => ({ default: c }));
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
