import { useEffect, useState } from 'react';

/**
 * True once `active` has held for `delayMs`, and false again as soon as it stops holding. A new
 * `restartKey` (e.g. another analysis) starts the wait over.
 */
export function useDelayedFlag(active: boolean, delayMs: number, restartKey?: unknown): boolean {
  const [elapsed, setElapsed] = useState<{ key: unknown } | null>(null);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setElapsed({ key: restartKey }), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs, restartKey]);
  return active && elapsed !== null && elapsed.key === restartKey;
}
