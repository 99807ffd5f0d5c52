import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { User } from '../../../domain/contract/auth';
import { nextTask } from '../../data/nextTask';
import { clearApiCache } from '../../data/swShared';
import { authKeys } from '../auth/auth.queries';

/**
 * Runs the sync engine (data/sync.ts) while a user is signed in: the outbox flushes on start and
 * whenever the network allows, whichever screen is open. Loaded after the first render, so the
 * database code stays out of the start-up chunk. When the server says the browser's session is no
 * longer this user's (it expired, or another account signed in on this device), the app asks who is
 * signed in now, and follows: the engine of the user that was stops, their work stays queued.
 */
export function useSyncEngine(user: User | null): void {
  const userId = user?.id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    const handleSessionLost = () => {
      // The worker's cached chat reads are this user's: never an answer for whoever holds the session now.
      void clearApiCache();
      void queryClient.invalidateQueries({ queryKey: authKeys.user, exact: true });
    };
    // In a task of its own, not in the one that mounts the screen: the engine's start reads the
    // device's database and sets up its watches, and asking for its code adds a preload link for
    // each chunk it imports; each is a task's worth on a slow phone.
    nextTask()
      .then(() => import('../../app/sync'))
      .then(({ startChatSync }) => {
        if (!cancelled) stop = startChatSync(userId, handleSessionLost).stop;
      })
      .catch((error: unknown) => console.warn('Could not start syncing', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, queryClient]);
}
