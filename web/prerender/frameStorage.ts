/**
 * The home screen frame's copies in localStorage: read, and forgotten at logout or when
 * another rep signs in. Apart from the copy's maker (frame.ts, in the chat's chunk), so the sign-in
 * code that forgets them carries none of it.
 */
import { FRAME_STORAGE_KEY, type StoredFrames } from '../../domain/contract/frameScript';

/** The build this page runs: the entry script's address, as the head script reads it. */
export function currentBuild(): string | null {
  return document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

/** The copies kept on this device, or null if there are none for this build. */
export function readFrames(build = currentBuild()): StoredFrames | null {
  try {
    const stored = JSON.parse(localStorage.getItem(FRAME_STORAGE_KEY) ?? 'null') as StoredFrames;
    return stored && stored.build === build && typeof stored.frames === 'object' ? stored : null;
  } catch {
    return null;
  }
}

/** Set by a logout: no copy is kept until the next sign-in, not even by a screen still closing. */
let signedOut = false;

/** Whether a copy may be kept now: not between a logout and the next sign-in. */
export function framesAllowed(): boolean {
  return !signedOut;
}

/**
 * Forgets every copy: at logout (`untilSignIn`: none is kept again before `allowFrames`), or when
 * another rep signs in on this device.
 */
export function clearFrames({ untilSignIn = false } = {}): void {
  if (untilSignIn) signedOut = true;
  try {
    localStorage.removeItem(FRAME_STORAGE_KEY);
  } catch {
    // Blocked storage holds no copy either.
  }
}

/** Someone signed in: copies are kept again. */
export function allowFrames(): void {
  signedOut = false;
}
