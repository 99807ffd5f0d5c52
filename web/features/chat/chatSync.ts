/**
 * Starts the sync engine for the signed-in user (loaded lazily by the shell): it delivers chat
 * sends, and after each flush hands the server what else was made here while offline: saved
 * history items and GTM plans drafted on this device.
 */
import { openUserDb } from '../../data/db';
import { startSync, type SyncEngine } from '../../data/sync';
import { pushPendingWorkflows } from '../history/workflowStore';
import { deliverOfflinePlans } from '../playbooks/flowResults';
import { deliverChatSend } from './sendMessage';

export function startChatSync(userId: number): SyncEngine {
  const db = openUserDb(userId);
  return startSync({
    db,
    userId,
    deliver: deliverChatSend,
    // History first: an offline plan's workflow item then reaches the server before its plan does.
    pushOther: async () => {
      await pushPendingWorkflows(db);
      await deliverOfflinePlans(db);
    },
  });
}
