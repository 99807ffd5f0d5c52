/** The saved history list for screens: live from the local database, refreshed from the server. */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { SHORT_TOAST_DURATION_MS } from '../../../domain/limits';
import { CRM_NAMES, type CrmProvider } from '../../../domain/contract/crmBasics';
import type { PitchpadDb } from '../../data/db';
import { readPushes, type LocalPush } from '../crm/crmPushes';
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
  /** Where each item's result was saved in the rep's CRM ('In HubSpot'), by item id. */
  crmMarks: Readonly<Record<string, string>>;
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
  const pushes = useSafeLiveQuery(() => readPushes(db), [db], []);
  const crmMarks = useMemo(() => crmMarksOf(items ?? [], pushes ?? []), [items, pushes]);
  return { items, isSyncing: sync.isPending, rename, remove, crmMarks };
}

/** 'In HubSpot' (or 'In HubSpot and Salesforce') for each item whose chat has a push saved there. */
export function crmMarksOf(
  items: readonly HistoryItem[],
  pushes: readonly LocalPush[],
): Record<string, string> {
  const marks: Record<string, string> = {};
  for (const item of items) {
    const chatId = new URLSearchParams(item.path.split('?')[1] ?? '').get('chat');
    if (!chatId) continue;
    const where = new Set<CrmProvider>(
      pushes
        .filter((push) => push.state === 'saved' && push.input.source.ref === chatId)
        .map((push) => push.input.provider),
    );
    if (where.size > 0)
      marks[item.id] = `In ${[...where].map((provider) => CRM_NAMES[provider]).join(' and ')}`;
  }
  return marks;
}
