/**
 * The registry of every kind of work queued on this device, and the one place that combines them:
 * each feature exports how its own work reaches the server (its outbox handlers, or work it keeps
 * outside the outbox), and this file hands the lot to the pages' sync engine (sync.ts) and the
 * service worker's Background Sync (web/sw.ts) alike, so both deliver every kind. web/data knows
 * none of them: it is given this registry.
 *
 * Order: saved history's changes and edited emails are handed over before the outbox flushes. In
 * the outbox every line goes on its own, but a chat send in the chat of a GTM plan drafted offline
 * delivers that plan first (deliverPlanFirst), so the server's chat holds the plan before the message.
 */
import type { PitchpadDb } from '../data/db';
import { flushOutbox, type FlushReport } from '../data/outbox';
import { sessionGone as sessionGoneOf } from '../data/queue/answers';
import { combineQueuedWork, type Leftover } from '../data/queue/registry';
import {
  CHAT_SEND,
  chatHandlers,
  isAllowanceSpent,
  type ChatSendEntry,
  type DeliveryOutcome,
} from '../features/chat/engine/chatDelivery';
import { deliverChatSend } from '../features/chat/engine/sendMessage';
import { crmQueue } from '../features/crm/crmPushes';
import { recordingsQueue } from '../features/debrief/recordingStore';
import { historyQueue } from '../features/history/workflowStore';
import { kitQueue } from '../features/kit/kitUploads';
import { fileExportsQueue } from '../features/links/fileExports';
import { emailEditsQueue } from '../features/playbooks/emailEdits';
import { deliverOfflinePlan, offlinePlansQueue } from '../features/playbooks/flowResults';
import { profileQueue } from '../features/profile/profileStore';

export type { Leftover };

/** A chat send, after the plan drafted offline in its chat, if any: the server's chat holds the plan first. */
export async function deliverPlanFirst(
  db: PitchpadDb,
  entry: ChatSendEntry,
): Promise<DeliveryOutcome> {
  await deliverOfflinePlan(db, entry.chatId);
  return deliverChatSend(db, entry);
}

/** Every feature's queued work: what the sync engine and the service worker deliver. */
export const queuedWork = combineQueuedWork(
  historyQueue,
  offlinePlansQueue,
  emailEditsQueue,
  profileQueue,
  kitQueue,
  recordingsQueue,
  crmQueue,
  fileExportsQueue,
  { handlers: chatHandlers(deliverPlanFirst) },
);

/** The outbox's handlers of every kind, by kind. */
export const queuedSends = queuedWork.handlers;

/**
 * Whether work other than the outbox's waits here for `pushOtherWork`: the sync engine asks the
 * server nothing otherwise.
 */
export const hasOtherWork = (db: PitchpadDb): Promise<boolean> => queuedWork.other.has(db);

/**
 * Everything but the outbox's work, in the registry's order. Answers whether what is left is worth
 * another try soon: not an email edit of a message the server has not stored yet (it waits for
 * that message).
 */
export const pushOtherWork = (db: PitchpadDb): Promise<Leftover> => queuedWork.other.push(db);

/**
 * Deliver every kind of queued work of `db` now (the service worker's `sync` event, with no page on
 * screen): the other work, then every outbox entry. Answers what the sends did (for 'Your draft is
 * ready') and whether the browser should try again later.
 */
export async function deliverQueuedWork(
  db: PitchpadDb,
): Promise<{ report: FlushReport; left: Leftover }> {
  const other = await pushOtherWork(db).catch((error: unknown): Leftover => {
    console.warn('Could not push local work', error);
    return 'retry';
  });
  const report = await flushOutbox(db, queuedSends, { force: true });
  // The session is not this user's (signed out, or someone else signed in): another try will not
  // change that, for any kind of work. Their next sign-in delivers it from the page.
  if (sessionGone(report)) return { report, left: 'settled' };
  return { report, left: other === 'retry' || sendsToRetry(report) ? 'retry' : 'settled' };
}

/** Whether some work of this flush found the session gone or someone else's. */
export function sessionGone(report: FlushReport): boolean {
  return sessionGoneOf(report, queuedSends);
}

/**
 * Whether a send stopped on the way that another try soon may deliver: the browser was offline, the
 * network or the server failed. Not one held until a time of its own (a GTM plan waiting out its
 * backoff, the server's Retry-After), nor one refused for the day's allowance: it waits for the reset.
 */
function sendsToRetry(report: FlushReport): boolean {
  if (!report.blocked) return false;
  const stopped = [...report.outcomes.values()].filter(({ state }) => state === 'queued');
  return (
    stopped.length === 0 ||
    stopped.some(({ kind, detail, heldUntil }) => {
      if (heldUntil !== undefined) return false;
      const outcome = kind === CHAT_SEND ? (detail as DeliveryOutcome) : undefined;
      return !(outcome?.kind === 'not-sent' && isAllowanceSpent(outcome.error));
    })
  );
}
