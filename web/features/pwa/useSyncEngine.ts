import { useEffect } from 'react';
import type { User } from '../../../domain/contract/auth';

/**
 * Runs the sync engine (data/sync.ts) while a user is signed in: the outbox flushes on start and
 * whenever the network allows, whichever screen is open. Loaded after the first render, so the
 * database code stays out of the start-up chunk.
 */
export function useSyncEngine(user: User | null): void {
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    import('../chat/chatSync')
      .then(({ startChatSync }) => {
        if (!cancelled) stop = startChatSync(userId).stop;
      })
      .catch((error: unknown) => console.warn('Could not start syncing', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
}
