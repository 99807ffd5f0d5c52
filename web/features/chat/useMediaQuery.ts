import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes (rotation, window resizes). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => globalThis.matchMedia?.(query).matches ?? false,
    // The build draws the phone's layout (a signed-in shell, web/prerender/render.tsx).
    () => false,
  );
}

/** The workspace shows the sidebar as a fixed column from this width (Ionic's 'lg' breakpoint). */
export const DESKTOP_QUERY = '(min-width: 992px)';
