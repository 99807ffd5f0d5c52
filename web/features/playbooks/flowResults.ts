/**
 * Results of finished flows that did not come from a chat reply, kept with their chat in the local
 * database: the GTM plan document as the assistant's message of a new chat (as the server stored
 * it, or drafted here offline), the pitch-deck card's time, and the offline drafter's email.
 */
import type { ChatWithMessages, EmailEdit } from '../../../domain/contract/chat';
import { ErrorCode } from '../../../domain/contract/errors';
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
  GTM_PLAN,
  LOCAL_PLAN_KEY_PREFIX,
  planLine,
  userIdOfDb,
  type LocalMessage,
  type PitchpadDb,
  type PlanDeliveryState,
} from '../../data/db';
import { enqueue, type Answer, type Handlers } from '../../data/outbox';
import { withDbLock } from '../../data/queue/lock';
import type { QueuedFeature } from '../../data/queue/registry';
import { pullChat } from '../../data/sync';
import { uuidv7 } from '../../data/ids';
import { answersOfChat } from '../history/workflowStore';
import { profileValues, readLocalProfile } from '../profile/profileStore';

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
  await db.transaction('rw', db.chats, db.messages, db.keyValues, db.outbox, async () => {
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
    // The server is to write it for real (offlinePlansQueue), with the app closed too.
    await enqueue(
      db,
      {
        kind: GTM_PLAN,
        line: planLine(plan.chatId),
        clientId: uuidv7(plan.at),
        payload: { chatId: plan.chatId },
      },
      plan.at,
    );
  });
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
 * How one plan's delivery went: 'unreachable' when the server could not be reached (or the session
 * is another account's), 'failed' when the server answered with a failure (the model, the day's
 * allowance, no Pro plan), 'waiting' when an earlier failure's backoff is not over (nothing was
 * asked), 'refused' when the server refused it for good earlier, 'nothing' when there was none to
 * deliver.
 */
export type PlanDelivery =
  'delivered' | 'nothing' | 'unreachable' | 'failed' | 'waiting' | 'refused';

/** One try at a plan: how it went, and the error that stopped it, if one did. */
export interface PlanTry {
  delivery: PlanDelivery;
  error?: unknown;
}

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

/**
 * Plans drafted offline as outbox work: one entry per plan, on a line of its own. The server writes
 * the plan from the saved answers into the same chat, which then replaces the local draft here and
 * follows the rep to every device. A plan the server answered with a failure is not worth a quick
 * retry: asking again would spend the rep's daily AI allowance again, or be refused the same, so its
 * entry is held (`notBefore`) until the draft's own backoff (planBackoff) is over, and one refused for
 * good fails. `post` is the API's unless a test brings its own.
 */
export const planHandlers = (post: ApiClient['post'] = api.post.bind(api)): Handlers => ({
  [GTM_PLAN]: {
    async deliver(db, entry) {
      const { chatId } = entry.payload as { chatId: string };
      const { delivery, error } = await deliverOfflinePlan(db, chatId, post);
      const draft = await db.messages
        .where('chatId')
        .equals(chatId)
        .filter(isLocalDocument)
        .first();
      return planAnswer(delivery, error, draft?.planDelivery);
    },
  },
});

/** The plans' work, for the registry (web/app/queuedWork.ts). */
export const offlinePlansQueue: QueuedFeature = { handlers: planHandlers() };

/** What a plan's try means to the outbox, given the state its tries left on the draft. */
function planAnswer(
  delivery: PlanDelivery,
  error: unknown,
  state: PlanDeliveryState | undefined,
  now = Date.now(),
): Answer {
  if (delivery === 'delivered' || delivery === 'nothing') return { kind: 'delivered' };
  const reason =
    error === undefined ? (state?.lastError ?? 'Not due yet.') : planErrorMessage(error);
  if (state?.refused) return { kind: 'refused', reason, detail: error };
  return state && state.nextAttemptAt > now
    ? { kind: 'retry', reason, notBefore: state.nextAttemptAt, detail: error }
    : { kind: 'retry', reason, detail: error };
}

/** Deliveries running in this tab, by database and chat: a second caller waits for the first. */
const running = new Map<string, Promise<PlanTry>>();

/**
 * The offline plan of one chat, if it has one the server has not seen (see above). One delivery at
 * a time per chat, in this tab and across tabs (a lock), so the model is asked once. The chat's
 * first send waits for it (sendMessage.ts), so the server holds the plan before the message.
 */
export function deliverOfflinePlan(
  db: PitchpadDb,
  chatId: string,
  post: ApiClient['post'] = api.post.bind(api),
): Promise<PlanTry> {
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
): Promise<PlanTry> {
  // Read under the lock: another tab, or the service worker, may have delivered it or failed meanwhile.
  const chat = await db.chats.get(chatId);
  if (!chat || chat.synced || chat.playbookType !== 'gtmplan') return { delivery: 'nothing' };
  const draft = await db.messages.where('chatId').equals(chatId).filter(isLocalDocument).first();
  const answers = await answersOfChat(db, chatId);
  if (!draft || !answers || Object.keys(answers).length === 0) return { delivery: 'nothing' };
  if (draft.planDelivery?.refused) return { delivery: 'refused' };
  if (!isPlanDue(draft)) return { delivery: 'waiting' };
  try {
    // The schemas load with the first plan delivered, not with the app (chatBasics.ts says why).
    const { GtmPlanResponse } = await import('../../../domain/contract/playbooks');
    const response = GtmPlanResponse.parse(
      await post(
        '/api/generate-gtm-plan',
        { startupInfo: buildStartupInfo(answers), answers, chatId, title: chat.title },
        userIdOfDb(db),
      ),
    );
    const stored = response.chat;
    if (!stored) {
      const error = new Error(GTM_INVALID_RESPONSE);
      await notePlanFailure(db, draft, error);
      return { delivery: 'failed', error };
    }
    // One transaction: the screen never shows the draft and the server's plan together.
    await db.transaction('rw', db.chats, db.messages, async () => {
      await applyChat(db, stored, Date.now());
      await replaceDraft(db, draft);
    });
    return { delivery: 'delivered' };
  } catch (error) {
    // Nothing reached the server for this user (no network, another account's session): no try spent.
    if (error instanceof OfflineError || error instanceof SessionMismatchError)
      return { delivery: 'unreachable', error };
    // Signed out: refused before anything was done; the next sign-in delivers it.
    if (error instanceof UnauthorizedError) return { delivery: 'failed', error };
    // The server has a chat of that id already (a send from an older version, another device): take
    // it, and let the draft go only if that chat really holds a plan.
    if (error instanceof ApiError && error.status === 409) {
      try {
        await pullChat(db, chatId);
        await replaceDraft(db, draft);
        return { delivery: 'failed', error };
      } catch (pullError) {
        console.warn('The chat of an offline plan could not be read', pullError);
      }
    } else console.warn('An offline plan could not be made yet', error);
    await notePlanFailure(db, draft, error);
    return { delivery: 'failed', error };
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
