import { useLiveQuery } from 'dexie-react-hooks';
import type { DependencyList } from 'react';

/**
 * useLiveQuery that never throws into render: a closed or deleted database (a logout in progress,
 * another tab upgrading it) or a browser without IndexedDB answers `fallback` instead of crashing
 * the screen. `undefined` still means "not read yet".
 */
export function useSafeLiveQuery<T>(
  querier: () => Promise<T>,
  deps: DependencyList,
  fallback: T,
): T | undefined {
  return useLiveQuery(async () => {
    try {
      return await querier();
    } catch (error) {
      console.warn('Local database read failed', error);
      return fallback;
    }
  }, [...deps]);
}
