/**
 * How the work queued on this device is handed to the server, for the pages' sync engine
 * (chatSync.ts) and the service worker's Background Sync (web/sw.ts) alike, so both deliver every
 * kind: saved-history changes, GTM plans drafted offline, edited emails, and the chat sends.
 */
import type { OutboxEntry, PitchpadDb } from '../../data/db';
import type { DeliveryOutcome } from '../../data/outbox';
import { pushPendingWorkflows } from '../history/workflowStore';
import { pushPendingEmailEdits } from '../playbooks/emailEdits';
import { deliverOfflinePlan, deliverOfflinePlans } from '../playbooks/flowResults';
import { deliverChatSend } from './sendMessage';

/**
 * Everything but the chat sends. History first: an offline plan's workflow item then reaches the
 * server before its plan does; the plans before the sends (see deliverPlanFirst).
 */
export async function pushOtherWork(db: PitchpadDb): Promise<void> {
  await pushPendingWorkflows(db);
  await deliverOfflinePlans(db);
  await pushPendingEmailEdits(db);
}

/** A chat send, after the plan drafted offline in its chat, if any: the server's chat holds the plan first. */
export async function deliverPlanFirst(db: PitchpadDb, entry: OutboxEntry): Promise<DeliveryOutcome> {
  await deliverOfflinePlan(db, entry.chatId);
  return deliverChatSend(db, entry);
}
