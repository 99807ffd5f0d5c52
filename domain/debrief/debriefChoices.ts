/**
 * What a voice debrief's transcript can become (issue 23 part 3), in /share's shape: the guided flow
 * it opens and the answers it fills (web/features/share/prefillShared.ts puts it there).
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
    label: 'Ask Pitchpad',
    description: 'A free chat that starts from the transcript.',
    flow: null,
    answers: [],
    maxLength: MESSAGE_MAX_CHARS,
  },
];
