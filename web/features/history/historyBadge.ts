/**
 * The header's 'new history' dot: shown once the first workflow has been saved and until the
 * history is opened. Kept in localStorage (StorageKey.firstHistorySaved and historyBadgeClicked);
 * this tab hears its own changes through an event, other tabs through 'storage'.
 */
import { useSyncExternalStore } from 'react';
import { StorageKey, readString, writeString } from '../../data/storage';

const CHANGED = 'pitchpad:history-badge';

function notify(): void {
  globalThis.dispatchEvent?.(new Event(CHANGED));
}

/** The dot shows when the first item was saved and the badge has not been clicked yet. */
export function isHistoryBadgeShown(): boolean {
  return (
    readString(StorageKey.firstHistorySaved) === 'true' &&
    readString(StorageKey.historyBadgeClicked) !== 'true'
  );
}

/** A workflow was saved: the first time, the dot appears. */
export function markHistorySaved(): void {
  if (readString(StorageKey.firstHistorySaved) === 'true') return;
  writeString(StorageKey.firstHistorySaved, 'true');
  notify();
}

/** The history was opened: the dot goes for good. */
export function markHistoryOpened(): void {
  if (readString(StorageKey.historyBadgeClicked) === 'true') return;
  writeString(StorageKey.historyBadgeClicked, 'true');
  notify();
}

function subscribe(listener: () => void): () => void {
  globalThis.addEventListener?.(CHANGED, listener);
  globalThis.addEventListener?.('storage', listener);
  return () => {
    globalThis.removeEventListener?.(CHANGED, listener);
    globalThis.removeEventListener?.('storage', listener);
  };
}

export function useHistoryBadge(): boolean {
  return useSyncExternalStore(subscribe, isHistoryBadgeShown, () => false);
}
