import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (a reply is streaming): a phone that dims and locks mid-reply
 * would cut the stream. Where the Wake Lock API is missing (older iOS) this does nothing. The browser
 * drops the lock whenever the page is hidden, so it is asked for again on return.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let released = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const next = await navigator.wakeLock.request('screen');
        if (released) void next.release();
        else sentinel = next;
      } catch {
        // Refused (battery saver, no permission): the reply streams on regardless.
      }
    };
    void acquire();
    const handleVisibility = () => void acquire();
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', handleVisibility);
      void sentinel?.release().catch(() => {});
    };
  }, [active]);
}
