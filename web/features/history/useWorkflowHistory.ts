/** The saved history list for screens: live from the local database, refreshed from the server. */
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { SHORT_TOAST_DURATION_MS } from '../../../domain/limits';
import type { PitchpadDb } from '../../data/db';
import { useToast } from '../../ui/ToastProvider';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import {
  deleteWorkflow,
  listHistory,
  renameWorkflow,
  syncWorkflows,
  type HistoryItem,
} from './workflowStore';

export const historyKeys = { list: (userId: number) => ['workflows', userId] as const };

// One line each: the list under them already shows the new name or the item gone, and a one-line
// toast ends above the sheet's top even on a 568 px tall phone.
export const RENAMED_TOAST = {
  header: 'Renamed',
  color: 'success',
  duration: SHORT_TOAST_DURATION_MS,
} as const;
export const DELETED_TOAST = {
  header: 'Deleted',
  color: 'medium',
  duration: SHORT_TOAST_DURATION_MS,
} as const;

export interface WorkflowHistory {
  /** Undefined while the local database is read. */
  items: HistoryItem[] | undefined;
  /** True while the server's list is being fetched for the first time. */
  isSyncing: boolean;
  rename: (id: string, name: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

export function useWorkflowHistory(db: PitchpadDb, userId: number): WorkflowHistory {
  const toast = useToast();
  const items = useSafeLiveQuery(() => listHistory(db), [db], []);
  // The query writes the server's list into the database; the screen reads from there. Offline it
  // fails quietly: the local list is what there is.
  const sync = useQuery({
    queryKey: historyKeys.list(userId),
    queryFn: ({ signal }) => syncWorkflows(db, signal),
    staleTime: 0,
    retry: 1,
  });

  const rename = useCallback(
    async (id: string, name: string) => {
      if (await renameWorkflow(db, id, name)) toast(RENAMED_TOAST);
    },
    [db, toast],
  );
  const remove = useCallback(
    async (id: string) => {
      await deleteWorkflow(db, id);
      toast(DELETED_TOAST);
    },
    [db, toast],
  );
  return { items, isSyncing: sync.isPending, rename, remove };
}
