import { useSyncExternalStore } from 'react';
import { syncStatus } from '../data/syncStatus';

/** Whether the browser is online now, as the sync engine sees it; redraws when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(syncStatus.subscribe, isOnline, isOnline);
}

const isOnline = () => syncStatus.get().online;
