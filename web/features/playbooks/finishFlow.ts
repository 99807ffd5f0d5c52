/**
 * What finishing a guided flow does: send the composed prompt to a new chat of the flow's
 * type (through the chat's one send path), save the workflow to the history, and tell the user.
 * The GTM plan comes from its own call and is put in the chat as the assistant's document; when that
 * call fails the plain chat prompt goes instead. An email (cold or follow-up) finished
 * offline gets the browser's own draft at once.
 */
import type { GtmPlan, GtmPlanResponse } from '../../../domain/contract/playbooks';
import {
  draftGtmPlan,
  draftedPlanMarkdown,
  draftedPlanSummary,
} from '../../../domain/drafts/gtmPlan';
import { OFFLINE_DRAFTER_MODEL } from '../../../domain/limits';
import { FLOWS, workflowNameFor, type Answers, type FlowType } from '../../../domain/playbooks';
import {
  GTM_API_ERROR_TOAST,
  GTM_INVALID_RESPONSE,
  PITCH_DECK_CARD_DELAY_MS,
  buildStartupInfo,
  renderGtmPlanMarkdown,
} from '../../../domain/playbooks/gtmPlan';
import { ApiError, OfflineError, type ApiClient } from '../../data/api';
import type { PitchpadDb } from '../../data/db';
import { uuidv7 } from '../../data/ids';
import type { ShowToast } from '../../ui/toaster';
import { isProRequired, proRequiredToast } from '../billing/proAccess';
import { workflowSavedToast } from '../history/historySheet';
import { saveWorkflow } from '../history/workflowStore';
import {
  carryValueProposition,
  clearFlowProgress,
  saveFlowAnswer,
  saveFlowStep,
} from './flowDrafts';
import { keepProfileOffer } from './flowProfile';
import { missingProfileValues } from '../../../domain/playbooks/profileAnswers';
import type { ProfileValues } from '../../../domain/contract/profile';
import { saveGtmPlanChat, saveOfflineEmail, saveStoredGtmPlanChat } from './flowResults';
import { isEmailFlow } from '../../../domain/playbooks/emailFlows';
import type { FlowSend } from '../chat/chatFlows';

export type { FlowSend };

export interface FinishDeps {
  db: PitchpadDb;
  api: Pick<ApiClient, 'post'>;
  send: FlowSend;
  toast: ShowToast;
  /** Open the chat that holds the result (the send path opens its own chat). */
  openChat: (chatId: string) => void;
  /** Go to pricing (the Upgrade action when the server says the plan has ended). */
  upgrade: () => void;
  /** The server says this account has no Pro now: the app asks again what it has. */
  lostPro?: () => void;
  /** The model picked in the workspace. */
  model: string | undefined;
  /** The rep's profile: the answers it lacks are offered to it under the result, once. */
  profile?: ProfileValues | undefined;
  /** The rep's name, for the sign-off of a cold email drafted on this device. */
  sender?: string | undefined;
  isOnline?: () => boolean;
  now?: () => Date;
  /** How long the plan call's error toast stays before the fallback's success toast replaces it. */
  errorToastMinMs?: number;
}

/** One toast at a time, so the GTM fallback's error must be readable before its success. */
export const ERROR_TOAST_MIN_MS = 4000;

/** The toast a finished flow shows. */
export const FLOW_DONE_TOASTS: Record<FlowType, { header: string; message: string }> = {
  playbook: {
    header: 'Sales Pitch Generated',
    message: 'Your sales pitch has been created successfully.',
  },
  email: {
    header: 'Cold Email Generated',
    message: 'Your personalized cold email has been created successfully.',
  },
  demo: {
    header: 'Personas Generated',
    message: 'Your customer personas have been created successfully.',
  },
  call: {
    header: 'Call Analysis Generated',
    message: 'Your call analysis has been created successfully.',
  },
  objection: {
    header: 'Objection Guide Generated',
    message: 'Your objection handling guide has been created successfully.',
  },
  gtmplan: {
    header: 'GTM Plan Generated',
    message: 'Your go-to-market plan has been created successfully.',
  },
  followup: {
    header: 'Follow-up Email Generated',
    message: 'Your follow-up email has been created successfully.',
  },
  crmnote: {
    header: 'CRM Note Generated',
    message: 'Your CRM note has been created successfully.',
  },
};

export const QUEUED_TOAST = {
  header: 'Saved to your history',
  message: "You're offline: it will be sent as soon as you're back online.",
};

/** The answer the user gave to the flow's value-proposition step, if it has one. */
function valuePropositionOf(type: FlowType, answers: Answers): string | undefined {
  return type === 'playbook' ? answers.value_proposition : undefined;
}

export async function finishFlow(
  type: FlowType,
  answers: Answers,
  deps: FinishDeps,
): Promise<void> {
  const flow = FLOWS[type];
  const now = deps.now?.() ?? new Date();
  const name = workflowNameFor(type, answers, now);
  const chatId = uuidv7(now.getTime());
  const carried = valuePropositionOf(type, answers);
  if (carried) await carryValueProposition(deps.db, carried);
  if (deps.profile)
    await keepProfileOffer(deps.db, chatId, missingProfileValues(type, answers, deps.profile));
  let errorShownAt: number | null = null;

  if (type === 'gtmplan') {
    const plan = await requestGtmPlan(deps, answers, { chatId, title: name });
    if (plan.ok) {
      const pitchDeckAt = now.getTime() + PITCH_DECK_CARD_DELAY_MS;
      // The server kept the plan in the new chat (it follows the user); a plan drafted here offline
      // stays on this device, and goes along as context with the chat's first message.
      const drafted = plan.response.source === 'offline-drafter';
      if (plan.response.chat) await saveStoredGtmPlanChat(deps.db, plan.response.chat, pitchDeckAt);
      else {
        await saveGtmPlanChat(deps.db, {
          chatId,
          title: name,
          markdown: drafted
            ? draftedPlanMarkdown(plan.response.plan)
            : renderGtmPlanMarkdown(plan.response.plan),
          byOfflineDrafter: drafted,
          at: now.getTime(),
          pitchDeckAt,
        });
      }
      const item = await saveWorkflow(deps.db, { type, name, answers, chatId, now });
      await clearFlowProgress(deps.db, type);
      deps.openChat(chatId);
      // A drafted plan is not 'created successfully': the toast says what it still lacks.
      deps.toast(
        drafted
          ? workflowSavedToast(draftedPlanToast(plan.response.plan, deps), item.id, 'warning')
          : workflowSavedToast(FLOW_DONE_TOASTS.gtmplan, item.id),
      );
      return;
    }
    if (plan.proRequired) {
      // The plan has ended: the fallback would be refused too. The answers stay, for after Upgrade.
      deps.lostPro?.();
      deps.toast(proRequiredToast(deps.upgrade));
      return;
    }
    deps.toast({
      header: plan.invalid ? GTM_INVALID_RESPONSE : 'API Error',
      message: GTM_API_ERROR_TOAST,
      color: 'danger',
    });
    errorShownAt = Date.now();
  }

  // Offline, an email (cold or follow-up) is drafted here at once. Online, the server answers: with
  // no model there, its drafter writes the same email, which must not show twice.
  const offlineDraft = isEmailFlow(type) && !(deps.isOnline?.() ?? true);
  if (offlineDraft) await saveOfflineEmail(deps.db, type, chatId, answers, deps.sender);
  const item = await saveWorkflow(deps.db, { type, name, answers, chatId, now });
  await clearFlowProgress(deps.db, type);
  const outcome = await deps.send(flow.buildPrompt(answers), {
    chatId,
    title: name,
    playbookType: type,
    answers,
  });
  // The prompt could not even be saved on this device: keep the answers for another try.
  if (outcome.kind === 'not-saved') await restoreDraft(deps.db, type, answers);
  if (errorShownAt !== null)
    await sleep(errorShownAt + (deps.errorToastMinMs ?? ERROR_TOAST_MIN_MS) - Date.now());
  if (outcome.kind === 'done' || (offlineDraft && outcome.kind === 'queued'))
    deps.toast(workflowSavedToast(FLOW_DONE_TOASTS[type], item.id));
  else if (outcome.kind === 'queued')
    deps.toast(workflowSavedToast(QUEUED_TOAST, item.id, 'medium'));
  // A failed send shows the chat's own 'Failed to send message' toast and waits in the chat with Retry.
}

/**
 * The toast of a plan drafted without a model (offline here, or a server with none): which sections
 * need the founder's research, and whether the full plan follows once back online.
 */
function draftedPlanToast(plan: GtmPlan, deps: FinishDeps): { header: string; message: string } {
  const later =
    !(deps.isOnline?.() ?? true) && deps.model !== OFFLINE_DRAFTER_MODEL
      ? ' The full plan is written once you are back online.'
      : '';
  return { header: 'GTM Plan Drafted', message: `${draftedPlanSummary(plan)}${later}` };
}

type PlanResult =
  { ok: true; response: GtmPlanResponse } | { ok: false; invalid: boolean; proRequired?: boolean };

/**
 * POST /api/generate-gtm-plan; the shape is checked here too, so a bad answer takes the fallback.
 * With no connection at all the browser's own drafter arranges the answers into the plan.
 */
async function requestGtmPlan(
  deps: FinishDeps,
  answers: Answers,
  keepIn: { chatId: string; title: string },
): Promise<PlanResult> {
  if (!(deps.isOnline?.() ?? true))
    return { ok: true, response: { plan: draftGtmPlan(answers), source: 'offline-drafter' } };
  try {
    const data = await deps.api.post<unknown>('/api/generate-gtm-plan', {
      startupInfo: buildStartupInfo(answers),
      answers,
      ...keepIn,
    });
    const { GtmPlanResponse } = await import('../../../domain/contract/playbooks');
    const parsed = GtmPlanResponse.safeParse(data);
    if (parsed.success) return { ok: true, response: parsed.data };
    console.warn(GTM_INVALID_RESPONSE, parsed.error);
    return { ok: false, invalid: true };
  } catch (error) {
    if (error instanceof OfflineError)
      return { ok: true, response: { plan: draftGtmPlan(answers), source: 'offline-drafter' } };
    console.warn('GTM plan call failed', error);
    return {
      ok: false,
      invalid: error instanceof ApiError && error.message === GTM_INVALID_RESPONSE,
      proRequired: isProRequired(error),
    };
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function restoreDraft(db: PitchpadDb, type: FlowType, answers: Answers): Promise<void> {
  for (const [id, value] of Object.entries(answers)) await saveFlowAnswer(db, type, id, value);
  await saveFlowStep(db, type, null);
}
