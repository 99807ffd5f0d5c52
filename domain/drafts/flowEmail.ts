import type { ProfileValues } from '../contract/profile';
import type { EmailFlowType } from '../playbooks/emailFlows';
import type { Answers } from '../playbooks/flow';
import { draftColdEmail, type EmailDraft } from './coldEmail';
import { draftFollowUpEmail } from './followUp';

/**
 * The offline drafter's email for a finished email flow (the cold email, the follow-up), the same
 * on the device with no signal and on a server with no model.
 */
export function draftFlowEmail(
  type: EmailFlowType,
  answers: Answers,
  sender?: string,
  profile?: ProfileValues,
): EmailDraft {
  return type === 'followup'
    ? draftFollowUpEmail(answers, sender, profile)
    : draftColdEmail(answers, sender, profile);
}
