/**
 * What a voice debrief's transcript can become ('Turn it into work'), in the
 * shape /share's choices take (domain/share/shareChoices.ts), so the debrief screen puts the text
 * where each flow shows it with the same code (web/features/share/prefillShared.ts). Kept free of
 * zod and of the flows' code, as the share choices are.
 */
import { MESSAGE_MAX_CHARS } from '../limits';
import { TRANSCRIPT_MAX_CHARS } from '../playbooks/callAnalysis';
import type { ShareChoice } from '../share/shareChoices';

export const DEBRIEF_CHOICES: readonly ShareChoice[] = [
  {
    label: 'Analyze this call',
    description: 'Pain points, objections and buying signals from the meeting.',
    flow: 'call',
    answers: ['transcript'],
    maxLength: TRANSCRIPT_MAX_CHARS,
  },
  {
    label: 'Follow-up email',
    description: 'A recap, the agreed next steps and your booking link, ready to send.',
    flow: 'followup',
    answers: ['meeting_notes'],
    maxLength: TRANSCRIPT_MAX_CHARS,
  },
  {
    label: 'CRM note',
    description: 'Summary, next steps, stakeholders and risks, to paste into your CRM.',
    flow: 'crmnote',
    answers: ['meeting_notes'],
    maxLength: TRANSCRIPT_MAX_CHARS,
  },
  {
    label: 'Ask Pitchpad',
    description: 'A free chat that starts from the transcript.',
    flow: null,
    answers: [],
    maxLength: MESSAGE_MAX_CHARS,
  },
];
