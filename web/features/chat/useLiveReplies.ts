import { useSyncExternalStore } from 'react';
import { liveReplies } from './liveReplies';

/** The replies streaming into this tab, re-rendering on change. */
export function useLiveReplies() {
  return useSyncExternalStore(liveReplies.subscribe, liveReplies.snapshot);
}
