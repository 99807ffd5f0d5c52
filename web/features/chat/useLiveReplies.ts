import { useSyncExternalStore } from 'react';
import { liveReplies } from './liveReplies';

/** The replies streaming into this tab, with their text, re-rendering as words arrive (the message list). */
export function useLiveReplies() {
  return useSyncExternalStore(liveReplies.subscribe, liveReplies.snapshot);
}

/** Which replies stream into this tab, re-rendering only when one starts or ends. */
export function useLiveShape() {
  return useSyncExternalStore(liveReplies.subscribe, liveReplies.shape);
}
