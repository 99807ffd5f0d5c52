/**
 * Starts the sync engine for the signed-in user (loaded lazily by the shell): it delivers chat
 * sends, and hands the server what else was made here while offline: saved history items and GTM
 * plans drafted on this device. A plan goes before any message typed into its chat meanwhile, so
 * the server's chat holds the plan first (the service worker, delivering with the app closed, sends
 * the message alone; the plan then stays on this device).
 */
import { openUserDb, type OutboxEntry, type PitchpadDb } from '../../data/db';
import { startSync, type SyncEngine } from '../../data/sync';
import { pushPendingWorkflows } from '../history/workflowStore';
import { deliverOfflinePlan, deliverOfflinePlans } from '../playbooks/flowResults';
import { deliverChatSend } from './sendMessage';

async function deliverPlanFirst(db: PitchpadDb, entry: OutboxEntry) {
  await deliverOfflinePlan(db, entry.chatId);
  return deliverChatSend(db, entry);
}

export function startChatSync(userId: number, onSessionLost?: () => void): SyncEngine {
  const db = openUserDb(userId);
  return startSync({
    db,
    userId,
    onSessionLost,
    deliver: deliverPlanFirst,
    // History first: an offline plan's workflow item then reaches the server before its plan does.
    pushOther: async () => {
      await pushPendingWorkflows(db);
      await deliverOfflinePlans(db);
    },
  });
}
