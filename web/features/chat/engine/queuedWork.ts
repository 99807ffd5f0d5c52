/**
 * How the work queued on this device is handed to the server, for the pages' sync engine
 * (chatSync.ts) and the service worker's Background Sync (web/sw.ts) alike, so both deliver every
 * kind: saved-history changes, GTM plans drafted offline, edited emails, and the chat sends.
 */
import type { PitchpadDb } from '../../../data/db';
import { flushOutbox, type FlushReport, type Handlers } from '../../../data/outbox';
import { stoppedForSession } from '../../../data/queue/answers';
import { countUnsentWork } from '../../../data/unsentWork';
import { pushPendingWorkflows } from '../../history/workflowStore';
import { RECORDING_UPLOAD, recordingUploadHandler } from '../../debrief/recordingStore';
import { KIT_UPLOAD, kitUploadHandler } from '../../kit/kitUploads';
import { PROFILE_EDIT, profileEditHandler } from '../../profile/profileStore';
import { hasEmailEditsToPush, pushPendingEmailEdits } from '../../playbooks/emailEdits';
import { deliverOfflinePlan, deliverOfflinePlans, hasPlansDue } from '../../playbooks/flowResults';
import {
  CHAT_SEND,
  chatHandlers,
  chatOutcomes,
  isAllowanceSpent,
  isSessionProblem,
  type ChatSendEntry,
  type DeliveryOutcome,
} from './chatDelivery';
import { deliverChatSend } from './sendMessage';

/**
 * What is left once a delivery is over: 'retry' when another try soon may deliver some of it (the
 * network or the server failed on the way); 'settled' when nothing is left that a retry would
 * deliver. Not retried: an email edit of a message the server has not stored yet (it waits for that
 * message), a GTM plan the server answered with a failure (asking again would spend the rep's daily
 * AI allowance again, or be refused the same: it waits out a backoff of its own, flowResults.ts),
 * a send held until the allowance resets.
 */
export type Leftover = 'settled' | 'retry';

/**
 * Whether work other than chat sends waits here for `pushOtherWork`: the sync engine asks the server
 * nothing otherwise. A plan waiting out its backoff, or refused for good, is not due.
 */
export async function hasOtherWork(db: PitchpadDb): Promise<boolean> {
  const { history } = await countUnsentWork(db);
  return history > 0 || (await hasPlansDue(db)) || (await hasEmailEditsToPush(db));
}

/**
 * Everything but the chat sends. History first: an offline plan's workflow item then reaches the
 * server before its plan does; the plans before the sends (see deliverPlanFirst). Answers whether
 * what is left is worth another try soon.
 */
export async function pushOtherWork(db: PitchpadDb): Promise<Leftover> {
  await pushPendingWorkflows(db);
  // Every change that failed stays pending, whatever the reason: trying again costs nothing.
  const history = await db.workflows.filter((record) => !record.synced).count();
  const plans = await deliverOfflinePlans(db);
  await pushPendingEmailEdits(db);
  // Edits still to push failed on the way (the network, the server); the rest are stored or wait for their message.
  const edits = await hasEmailEditsToPush(db);
  return history > 0 || plans.includes('unreachable') || edits ? 'retry' : 'settled';
}

/** A chat send, after the plan drafted offline in its chat, if any: the server's chat holds the plan first. */
export async function deliverPlanFirst(
  db: PitchpadDb,
  entry: ChatSendEntry,
): Promise<DeliveryOutcome> {
  await deliverOfflinePlan(db, entry.chatId);
  return deliverChatSend(db, entry);
}

/**
 * The outbox's handlers of the sync engine and the service worker: chat sends go by
 * `deliverPlanFirst`; profile edits by PATCH /api/profile; sales-kit files by PUT /api/kit/files;
 * voice debriefs by PUT /api/recordings.
 */
export const queuedSends: Handlers = {
  ...chatHandlers(deliverPlanFirst),
  [PROFILE_EDIT]: profileEditHandler,
  [KIT_UPLOAD]: kitUploadHandler,
  [RECORDING_UPLOAD]: recordingUploadHandler,
};

/**
 * Deliver every kind of queued work of `db` now (the service worker's `sync` event, with no page on
 * screen): the other work, then every chat send. Answers what the sends did (for 'Your draft is
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

/**
 * Whether some work of this flush found the session gone or someone else's: a chat send (its reply's
 * outcome), a profile edit or a kit file (the error of their one request).
 */
export function sessionGone(report: FlushReport): boolean {
  const chatSend = chatOutcomes(report).some(
    ([, { outcome }]) => outcome.kind === 'not-sent' && isSessionProblem(outcome.error),
  );
  return (
    chatSend ||
    [...report.outcomes.values()].some(
      (settled) => settled.kind !== CHAT_SEND && stoppedForSession(settled),
    )
  );
}

/**
 * Whether a send stopped on the way that another try soon may deliver: the browser was offline, the
 * network or the server failed. Not one refused for the day's allowance: it waits for the reset.
 */
function sendsToRetry(report: FlushReport): boolean {
  if (!report.blocked) return false;
  const stopped = [...report.outcomes.values()].filter(({ state }) => state === 'queued');
  return (
    stopped.length === 0 ||
    stopped.some(({ kind, detail }) => {
      const outcome = kind === CHAT_SEND ? (detail as DeliveryOutcome) : undefined;
      return !(outcome?.kind === 'not-sent' && isAllowanceSpent(outcome.error));
    })
  );
}
