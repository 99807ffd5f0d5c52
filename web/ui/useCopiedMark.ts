import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a Copy button says 'Copied' after a copy. */
export const COPIED_MARK_MS = 2000;

/**
 * A Copy button's own confirmation: `copied` is true for two seconds after `copy` succeeds, so the
 * button itself says 'Copied' where the rep's finger is, instead of a toast that repeats it across
 * the screen. A failure is for the caller to tell (it is not on screen otherwise).
 */
export function useCopiedMark(copyText: () => Promise<boolean>): {
  copied: boolean;
  copy: () => Promise<void>;
} {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async () => {
    const ok = await copyText();
    if (!ok) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MARK_MS);
  }, [copyText]);
  return { copied, copy };
}
