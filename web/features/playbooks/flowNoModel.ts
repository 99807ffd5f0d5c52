import type { FlowType } from '../../../domain/playbooks';
import type { NoModelOutcome } from '../settings/NoModelNotice';
import { NEXT_LABEL, type StepView } from './flowMachine';

/**
 * The flows whose answers the server drafts a result from when it has no model (a cold email, a
 * persona sheet, an objection guide, a GTM plan); the others get the chat's no-model reply.
 */
const DRAFTED_FLOWS: ReadonlySet<FlowType> = new Set<FlowType>(['email', 'demo', 'objection', 'gtmplan']);

/**
 * What the step's button gives when the server has no model, said above it: on the last step (the
 * result) and on the value proposition's last text step (which asks for generated options); none on
 * the steps on the way.
 */
export function noModelOutcome(type: FlowType, view: StepView): NoModelOutcome | null {
  const last = view.index === view.total - 1;
  if (type === 'playbook' && !last && view.primaryLabel !== null && view.primaryLabel !== NEXT_LABEL) return 'valueProps';
  if (!last) return null;
  return DRAFTED_FLOWS.has(type) ? 'draft' : 'chat';
}
