import { useEffect } from 'react';
import { saveFrame, saveFrameInSlices } from '../../prerender/frame';
import { firstDrawnFromFrame } from '../../prerender/frameTakeover';

/** How long what the chat shows must stay still before a copy is made: not on every streamed word. */
const KEEP_AFTER_MS = 1500;
/** How many times a copy at rest is made again after the screen changed while it was being made. */
const KEEP_RETRIES = 2;

/**
 * Keeps a copy of the chat as drawn, for the home screen's frame (prerender/frame.ts):
 * KEEP_AFTER_MS after what it shows (`shown`) last changed, and when the app is hidden or closed, so
 * the next start paints what the rep last saw. Only while `enabled`: the screen whole and at rest
 * (read from the device, no reply streaming, no drawer open). Not at rest right after starting from
 * this address's frame: that copy shows what the screen first draws, and making another held a slow
 * phone's main thread for 100-200 ms just as the rep began; a change, or the app hidden, copies.
 */
export function useKeepFrame(enabled: boolean, shown: readonly unknown[]): void {
  useEffect(() => {
    if (!enabled) return;
    const startedHere = firstDrawnFromFrame(location.pathname + location.search);
    const copied = () => {
      const root = document.getElementById('root');
      return root && root.dataset.prerendered === undefined ? root : null;
    };
    // Leaving: at once, as there may be no later task.
    const keep = () => {
      const root = copied();
      if (root) saveFrame(root, location.pathname + location.search);
    };
    const keepWhenHidden = () => {
      if (document.visibilityState === 'hidden') keep();
    };
    // At rest: in slices, so a rep who starts typing then is not held up.
    const stop = new AbortController();
    let retries = KEEP_RETRIES;
    const keepAtRest = () => {
      const root = copied();
      if (!root) return;
      void saveFrameInSlices(root, location.pathname + location.search, {
        signal: stop.signal,
      }).then((result) => {
        if (result === 'moved' && !stop.signal.aborted && retries-- > 0)
          timer = setTimeout(keepAtRest, KEEP_AFTER_MS);
      });
    };
    let timer = startedHere ? undefined : setTimeout(keepAtRest, KEEP_AFTER_MS);
    document.addEventListener('visibilitychange', keepWhenHidden);
    window.addEventListener('pagehide', keep);
    return () => {
      stop.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', keepWhenHidden);
      window.removeEventListener('pagehide', keep);
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- `shown` is the list of what to follow
  }, [enabled, ...shown]);
}
