/**
 * Results of finished flows that did not come from a chat reply, kept with their chat in the local
 * database: the GTM plan document as the assistant's message of a new chat (as the server stored
 * it, or drafted here offline), the pitch-deck card's time, and the offline drafter's email.
 */
import type { ChatWithMessages, EmailEdit } from '../../../domain/contract/chat';
import { ErrorCode } from '../../../domain/contract/errors';
import { GtmPlanResponse } from '../../../domain/contract/playbooks';
import type { EmailDraft } from '../../../domain/drafts/coldEmail';
import { draftFlowEmail } from '../../../domain/drafts/flowEmail';
import type { EmailFlowType } from '../../../domain/playbooks/emailFlows';
import type { Answers } from '../../../domain/playbooks/flow';
import { OFFLINE_DRAFTER_MODEL } from '../../../domain/limits';
import { GTM_INVALID_RESPONSE, buildStartupInfo } from '../../../domain/playbooks/gtmPlan';
import {
  ApiError,
  OfflineError,
  RateLimitedError,
  SessionMismatchError,
  UnauthorizedError,
  api,
  type ApiClient,
} from '../../data/api';
import { syncWhenStored } from '../../data/backgroundSync';
import { isDocument, isLocalDocument } from '../../data/chatMerge';
import { applyChat } from '../../data/chatStore';
import {
  userIdOfDb,
  type LocalMessage,
  type PitchpadDb,
  type PlanDeliveryState,
} from '../../data/db';
import { withDbLock } from '../../data/queue/lock';
import type { QueuedFeature } from '../../data/queue/registry';
import { pullChat } from '../../data/sync';
import { uuidv7 } from '../../data/ids';
import { answersOfChat } from '../history/workflowStore';
import { profileValues, readLocalProfile } from '../profile/profileStore';

/**
 * The key prefix of a plan drafted on this device, and of no other message: a user message's key is
 * `u:`/`s:`, a reply's `r:`, a server document's `s:` (chatMerge.ts). So the drafts are a range of the
 * primary key, read without a scan of every message (the sync engine asks at each tick).
 */
const LOCAL_PLAN_KEY_PREFIX = 'a:';

/** The model recorded on the plan's message when a model (not the offline drafter) wrote it. */
export const GTM_PLAN_MODEL = 'gtm-plan';

const offlineDraftKey = (chatId: string) => `flows.offlineDraft:${chatId}`;
const pitchDeckKey = (chatId: string) => `flows.pitchDeck:${chatId}`;
/** Where an offline draft's edit is kept, by chat (emailEdits.ts adopts it onto the flow's answer). */
export const OFFLINE_DRAFT_EDIT_PREFIX = 'flows.offlineDraftEdit:';
const offlineDraftEditKey = (chatId: string) => `${OFFLINE_DRAFT_EDIT_PREFIX}${chatId}`;

export interface GtmPlanChat {
  chatId: string;
  title: string;
  markdown: string;
  byOfflineDrafter: boolean;
  at: number;
  /** When the pitch-deck card appears: 3 seconds after the plan, once the rep is reading it. */
  pitchDeckAt: number;
}

/**
 * A new chat holding a plan drafted on this device (offline) as its first (assistant) message. The
 * chat is this device's until the user writes in it: the first send takes the plan along as context.
 */
export async function saveGtmPlanChat(db: PitchpadDb, plan: GtmPlanChat): Promise<void> {
  const iso = new Date(plan.at).toISOString();
  await db.transaction('rw', db.chats, db.messages, db.keyValues, async () => {
    await db.chats.put({
      id: plan.chatId,
      title: plan.title,
      createdAt: iso,
      updatedAt: iso,
      isPlaybook: true,
      playbookType: 'gtmplan',
      synced: false,
      touchedAt: plan.at,
    });
    await db.messages.put({
      key: `${LOCAL_PLAN_KEY_PREFIX}${uuidv7(plan.at)}`,
      chatId: plan.chatId,
      role: 'assistant',
      content: plan.markdown,
      status: 'complete',
      sortAt: plan.at,
      timestamp: iso,
      clientId: null,
      replyToKey: null,
      serverId: null,
      model: plan.byOfflineDrafter ? OFFLINE_DRAFTER_MODEL : GTM_PLAN_MODEL,
      touchedAt: plan.at,
    });
    await db.keyValues.put({ key: pitchDeckKey(plan.chatId), value: plan.pitchDeckAt });
  });
  // The server is to write it for real (deliverOfflinePlans), with the app closed too.
  syncWhenStored(db);
}

/** The plan the server kept in a new chat: that chat, as the server holds it, and the pitch-deck card's time. */
export async function saveStoredGtmPlanChat(
  db: PitchpadDb,
  stored: ChatWithMessages,
  pitchDeckAt: number,
): Promise<void> {
  await applyChat(db, stored, Date.now());
  await db.keyValues.put({ key: pitchDeckKey(stored.chat.id), value: pitchDeckAt });
}

/**
 * Plans drafted on this device while offline, made for real once the server can be reached (the
 * real generation is queued): the server writes the plan from the saved answers into the same chat,
 * which then replaces the local draft here and follows the user to every device. Stops at the first
 * chat whose call cannot reach the server. A plan the server answered with a failure waits out its
 * backoff (planBackoff) before it is asked for again, and one refused for good is not asked for
 * again: every try may cost the rep some of the day's AI allowance. Answers how each delivery went.
 */
export async function deliverOfflinePlans(
  db: PitchpadDb,
  post: ApiClient['post'] = api.post.bind(api),
): Promise<PlanDelivery[]> {
  const chats = await db.chats.filter((c) => c.playbookType === 'gtmplan' && !c.synced).toArray();
  const deliveries: PlanDelivery[] = [];
  for (const chat of chats) {
    deliveries.push(await deliverOfflinePlan(db, chat.id, post));
    if (deliveries.at(-1) === 'unreachable') break;
  }
  return deliveries;
}

/**
 * How one plan's delivery went: 'unreachable' when the server could not be reached (or the session
 * is another account's), 'failed' when the server answered with a failure (the model, the day's
 * allowance, no Pro plan), 'waiting' when an earlier failure's backoff is not over (nothing was
 * asked), 'refused' when the server refused it for good earlier, 'nothing' when there was none to
 * deliver.
 */
export type PlanDelivery =
  'delivered' | 'nothing' | 'unreachable' | 'failed' | 'waiting' | 'refused';

/** The first wait after a failed plan, doubled at each failure up to PLAN_BACKOFF_MAX_MS. */
export const PLAN_BACKOFF_BASE_MS = 30_000;
export const PLAN_BACKOFF_MAX_MS = 30 * 60_000;

/**
 * When a plan that has failed `attempts` times may be asked for again: 30 s doubling to 30 min, or
 * the time the server named (Retry-After), whichever is later.
 */
export function planBackoff(attempts: number, now: number, retryAfterMs?: number): number {
  const wait = Math.min(PLAN_BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), PLAN_BACKOFF_MAX_MS);
  return now + Math.max(wait, retryAfterMs ?? 0);
}

/**
 * A refusal another try would get the same: any 4xx but a timeout (408), a rate limit or spent
 * allowance (429), a lost session (401), another account's session (409 session_mismatch) and a
 * plan that is not Pro (yet: a payment the webhook has not confirmed, a lapsed card put right), which
 * waits out its backoff like a failure.
 */
function isRefusedForGood(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429 &&
    error.code !== ErrorCode.proRequired &&
    !(error instanceof UnauthorizedError) &&
    !(error instanceof SessionMismatchError)
  );
}

/** Whether a plan drafted here is due to be asked for (no failure, or its backoff is over, and not refused). */
export function isPlanDue(draft: LocalMessage, now = Date.now()): boolean {
  const state = draft.planDelivery;
  return !state || (!state.refused && state.nextAttemptAt <= now);
}

/** The plans drafted on this device that the server has not replaced yet. */
const localPlans = (db: PitchpadDb) =>
  db.messages.where('key').startsWith(LOCAL_PLAN_KEY_PREFIX).filter(isLocalDocument);

/** Whether any plan drafted here is due to be asked for now (the sync engine asks the server nothing otherwise). */
export async function hasPlansDue(db: PitchpadDb, now = Date.now()): Promise<boolean> {
  return (
    (await localPlans(db)
      .filter((m) => isPlanDue(m, now))
      .first()) !== undefined
  );
}

/** When the earliest plan drafted here that waits out its backoff is due, or null (none waits). */
export async function nextPlanAttemptAt(db: PitchpadDb, now = Date.now()): Promise<number | null> {
  let earliest: number | null = null;
  await localPlans(db)
    .filter((m) => !!m.planDelivery && !m.planDelivery.refused)
    .each((m) => {
      const at = m.planDelivery!.nextAttemptAt;
      if (at > now && (earliest === null || at < earliest)) earliest = at;
    });
  return earliest;
}

/**
 * Plans drafted offline as queued work, for the registry (web/app/queuedWork.ts). A plan the server
 * answered with a failure is not worth a quick retry: asking again would spend the rep's daily AI
 * allowance again, or be refused the same; it waits out its own backoff (`dueAt`).
 */
export const offlinePlansQueue: QueuedFeature = {
  other: {
    has: (db) => hasPlansDue(db),
    push: async (db) =>
      (await deliverOfflinePlans(db)).includes('unreachable') ? 'retry' : 'settled',
    dueAt: (db) => nextPlanAttemptAt(db),
  },
};

/** Deliveries running in this tab, by database and chat: a second caller waits for the first. */
const running = new Map<string, Promise<PlanDelivery>>();

/**
 * The offline plan of one chat, if it has one the server has not seen (see above). One delivery at
 * a time per chat, in this tab and across tabs (a lock), so the model is asked once. The chat's
 * first send waits for it (sendMessage.ts), so the server holds the plan before the message.
 */
export function deliverOfflinePlan(
  db: PitchpadDb,
  chatId: string,
  post: ApiClient['post'] = api.post.bind(api),
): Promise<PlanDelivery> {
  const key = `${db.name}:${chatId}`;
  const current = running.get(key);
  if (current) return current;
  const delivery = withDbLock(db, `plan-${chatId}`, () => deliverNow(db, chatId, post)).finally(
    () => running.delete(key),
  );
  running.set(key, delivery);
  return delivery;
}

async function deliverNow(
  db: PitchpadDb,
  chatId: string,
  post: ApiClient['post'],
): Promise<PlanDelivery> {
  // Read under the lock: another tab, or the service worker, may have delivered it or failed meanwhile.
  const chat = await db.chats.get(chatId);
  if (!chat || chat.synced || chat.playbookType !== 'gtmplan') return 'nothing';
  const draft = await db.messages.where('chatId').equals(chatId).filter(isLocalDocument).first();
  const answers = await answersOfChat(db, chatId);
  if (!draft || !answers || Object.keys(answers).length === 0) return 'nothing';
  if (draft.planDelivery?.refused) return 'refused';
  if (!isPlanDue(draft)) return 'waiting';
  try {
    const response = GtmPlanResponse.parse(
      await post(
        '/api/generate-gtm-plan',
        { startupInfo: buildStartupInfo(answers), answers, chatId, title: chat.title },
        userIdOfDb(db),
      ),
    );
    const stored = response.chat;
    if (!stored) {
      await notePlanFailure(db, draft, new Error(GTM_INVALID_RESPONSE));
      return 'failed';
    }
    // One transaction: the screen never shows the draft and the server's plan together.
    await db.transaction('rw', db.chats, db.messages, async () => {
      await applyChat(db, stored, Date.now());
      await replaceDraft(db, draft);
    });
    return 'delivered';
  } catch (error) {
    // Nothing reached the server for this user (no network, another account's session): no try spent.
    if (error instanceof OfflineError || error instanceof SessionMismatchError)
      return 'unreachable';
    // Signed out: refused before anything was done; the next sign-in delivers it.
    if (error instanceof UnauthorizedError) return 'failed';
    // The server has a chat of that id already (a send from an older version, another device): take
    // it, and let the draft go only if that chat really holds a plan.
    if (error instanceof ApiError && error.status === 409) {
      try {
        await pullChat(db, chatId);
        await replaceDraft(db, draft);
        return 'failed';
      } catch (pullError) {
        console.warn('The chat of an offline plan could not be read', pullError);
      }
    } else console.warn('An offline plan could not be made yet', error);
    await notePlanFailure(db, draft, error);
    return 'failed';
  }
}

/** Keep a failed try on the draft: its backoff, or that it is refused for good, and why. */
async function notePlanFailure(db: PitchpadDb, draft: LocalMessage, error: unknown): Promise<void> {
  const now = Date.now();
  const attempts = (draft.planDelivery?.attempts ?? 0) + 1;
  const refused = isRefusedForGood(error);
  const planDelivery: PlanDeliveryState = {
    attempts,
    nextAttemptAt: refused
      ? Number.POSITIVE_INFINITY
      : planBackoff(
          attempts,
          now,
          error instanceof RateLimitedError ? error.retryAfterMs : undefined,
        ),
    lastError: planErrorMessage(error),
    refused,
  };
  await db.messages.update(draft.key, { planDelivery });
}

/**
 * The failure in the rep's words: the server's message (api.ts words it for the user), else the
 * fixed message for a plan that came back malformed.
 */
function planErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof Error && error.name !== 'ZodError' && error.message) return error.message;
  return GTM_INVALID_RESPONSE;
}

/**
 * The server's plan takes the draft's place, in the draft's place in the chat (it was written later,
 * but it comes before anything typed after the draft). Without a server plan the draft stays.
 */
async function replaceDraft(db: PitchpadDb, draft: LocalMessage): Promise<void> {
  const plans = db.messages
    .where('chatId')
    .equals(draft.chatId)
    .filter((m) => isDocument(m) && m.serverId !== null);
  if ((await plans.modify({ sortAt: draft.sortAt })) > 0) await db.messages.delete(draft.key);
}

export async function saveOfflineEmailDraft(
  db: PitchpadDb,
  chatId: string,
  draft: EmailDraft,
): Promise<void> {
  await db.keyValues.put({ key: offlineDraftKey(chatId), value: draft });
}

/**
 * Draft a finished email flow (the cold email, the follow-up) here, with no signal, and keep it with
 * its chat: the rep's answers, and what their profile on this device adds where the answers say
 * nothing (the signature, the booking link, the value proposition), signed with `sender` when it
 * names no one.
 */
export async function saveOfflineEmail(
  db: PitchpadDb,
  type: EmailFlowType,
  chatId: string,
  answers: Answers,
  sender: string | undefined,
): Promise<void> {
  const profile = profileValues(await readLocalProfile(db));
  await saveOfflineEmailDraft(db, chatId, draftFlowEmail(type, answers, sender, profile));
}

function isEmailDraft(value: unknown): value is EmailDraft {
  const v = value as EmailDraft | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.subject === 'string' &&
    typeof v.body === 'string'
  );
}

function isEmailEdit(value: unknown): value is EmailEdit {
  return isEmailDraft(value) && typeof (value as EmailEdit).editedAt === 'string';
}

/** The rep's edit of the offline draft: kept on this device with the draft (emailEdits.ts says why). */
export async function saveOfflineEmailEdit(
  db: PitchpadDb,
  chatId: string,
  edit: EmailEdit,
): Promise<void> {
  await db.keyValues.put({ key: offlineDraftEditKey(chatId), value: edit });
  syncWhenStored(db);
}

/** The offline draft's edit, if the rep edited it. */
export async function offlineEmailEditOf(
  db: PitchpadDb,
  chatId: string,
): Promise<EmailEdit | null> {
  const row = await db.keyValues.get(offlineDraftEditKey(chatId));
  return isEmailEdit(row?.value) ? row.value : null;
}

export interface FlowExtras {
  offlineEmail: EmailDraft | null;
  /** The rep's edit of the offline email, when there is one. */
  offlineEmailEdit: EmailEdit | null;
  pitchDeckAt: number | null;
}

/** What a chat shows besides its messages, as kept here: the offline email draft, the pitch-deck card. */
export async function readFlowExtras(db: PitchpadDb, chatId: string): Promise<FlowExtras> {
  const [draft, deck, edited] = await Promise.all([
    db.keyValues.get(offlineDraftKey(chatId)),
    db.keyValues.get(pitchDeckKey(chatId)),
    offlineEmailEditOf(db, chatId),
  ]);
  return {
    offlineEmail: isEmailDraft(draft?.value) ? draft.value : null,
    offlineEmailEdit: edited,
    pitchDeckAt: typeof deck?.value === 'number' ? deck.value : null,
  };
}
