import { useSyncExternalStore } from 'react';
import { liveReplies } from './engine/liveReplies';

// The words of a streaming reply reach the screen on its animation frames (engine/liveReplies.ts).
liveReplies.drawOnFrames((draw) => requestAnimationFrame(draw));

/** The replies streaming into this tab, with their text, re-rendering as words arrive (the message list). */
export function useLiveReplies() {
  // The third: what the build reads when it draws the chat's shell (web/prerender/render.tsx), none.
  return useSyncExternalStore(liveReplies.subscribe, liveReplies.snapshot, liveReplies.snapshot);
}

/** Which replies stream into this tab, re-rendering only when one starts or ends. */
export function useLiveShape() {
  return useSyncExternalStore(liveReplies.subscribe, liveReplies.shape, liveReplies.shape);
}
