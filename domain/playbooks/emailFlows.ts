/**
 * The flows whose result is an email (the cold email, the follow-up email): shown with its subject,
 * scored by the coach, editable before sending, drafted on the device with no signal. One list, so
 * every place that treats an email result asks the same question. Free of zod (the browser's chunks).
 */
import type { FlowType } from './flow';
import type { PlaybookType } from './types';

/** Each email flow, and the id of its answer that says who the email goes to (for the coach and the notification). */
const RECIPIENT_ANSWER = {
  email: 'recipient_info',
  followup: 'recipient',
} as const satisfies Partial<Record<FlowType, string>>;

export type EmailFlowType = keyof typeof RECIPIENT_ANSWER;

/** Whether a chat or flow of this type ends in an email. */
export function isEmailFlow(type: PlaybookType | string | null | undefined): type is EmailFlowType {
  return typeof type === 'string' && Object.hasOwn(RECIPIENT_ANSWER, type);
}

/** The answer of an email flow that names its recipient ('Dana Ortiz, VP Sales at Freightly'). */
export function recipientAnswerOf(
  type: PlaybookType | string | null | undefined,
  answers: Readonly<Record<string, unknown>> | null | undefined,
): string | undefined {
  if (!isEmailFlow(type)) return undefined;
  const value = answers?.[RECIPIENT_ANSWER[type]];
  return typeof value === 'string' ? value : undefined;
}
