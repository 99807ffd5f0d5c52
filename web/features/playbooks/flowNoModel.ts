import type { FlowType } from '../../../domain/playbooks';
import type { NoModelOutcome } from '../settings/NoModelNotice';
import { NEXT_LABEL, type StepView } from './flowMachine';

/**
 * What the server's drafter returns for each flow's answers when it has no model (draftChatReply in
 * domain/drafts/chat.ts): a draft from the answers (a cold email, a persona sheet, an objection
 * guide, a GTM plan, the value proposition's sales pitch outline, a follow-up email, a CRM note), or, for a call, a review
 * worksheet (questions about the call with the transcript's lines, not an analysis). A flow not
 * named gets the chat's no-model reply.
 */
const NO_MODEL_RESULT: Partial<Record<FlowType, NoModelOutcome>> = {
  email: 'draft',
  demo: 'draft',
  objection: 'draft',
  gtmplan: 'draft',
  playbook: 'draft',
  call: 'analysis',
  followup: 'draft',
  crmnote: 'draft',
};

/**
 * What the step's button gives when the server has no model, said above it: on the last step (the
 * result) and on the value proposition's last text step (which asks for generated options); none on
 * the steps on the way.
 */
export function noModelOutcome(type: FlowType, view: StepView): NoModelOutcome | null {
  const last = view.index === view.total - 1;
  if (
    type === 'playbook' &&
    !last &&
    view.primaryLabel !== null &&
    view.primaryLabel !== NEXT_LABEL
  )
    return 'valueProps';
  if (!last) return null;
  return NO_MODEL_RESULT[type] ?? 'chat';
}
