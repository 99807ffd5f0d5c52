import { transcriptSpeakers } from '../transcripts/clean';
import {
  answeredPairs,
  cutAtWord,
  defaultWorkflowName,
  shortSubject,
  withSelectDefaults,
  type Answers,
  type Flow,
  type Option,
  type Question,
} from './flow';

export const TRANSCRIPT_MIN_CHARS = 50;
/**
 * The longest transcript taken: about half an hour of talk. The finished prompt is one chat
 * message (MESSAGE_MAX_CHARS, 32,000): this, the 8,000 of the context answer and the prompt's own
 * lines must fit in it.
 */
export const TRANSCRIPT_MAX_CHARS = 20_000;
/** The transcript alerts, word for word as the user reads them. */
export const TRANSCRIPT_TOO_SHORT =
  'Please provide a longer transcript for meaningful analysis (at least 50 characters)';
export const SKIP_NEEDS_TRANSCRIPT =
  'At minimum, please provide a transcript before skipping to results';
export const SKIP_TO_ANALYSIS = 'Skip to analysis with current information';

export const CALL_TYPE_OPTIONS: Option[] = [
  { value: 'discovery', label: 'Discovery' },
  { value: 'demo', label: 'Demo' },
  { value: 'negotiation', label: 'Negotiation' },
  { value: 'onboarding', label: 'Onboarding' },
  { value: 'support', label: 'Support' },
  { value: 'other', label: 'Other' },
];

export const ANALYSIS_FOCUS_OPTIONS: Option[] = [
  { value: 'pain_points', label: 'Pain points' },
  { value: 'objections', label: 'Objections' },
  { value: 'buying_signals', label: 'Buying signals' },
  { value: 'improvements', label: 'What to improve' },
  { value: 'general', label: 'General analysis' },
];

export const CALL_ANALYSIS_QUESTIONS: Question[] = [
  {
    id: 'transcript',
    question: 'Paste the call transcript',
    description: 'The whole call if you can; at least a few exchanges.',
    type: 'textarea',
    maxLength: TRANSCRIPT_MAX_CHARS,
    acceptsTranscriptFile: true,
  },
  {
    id: 'call_type',
    question: 'What kind of call was it?',
    description: 'So the analysis knows what good looks like.',
    type: 'select',
    options: CALL_TYPE_OPTIONS,
  },
  {
    id: 'analysis_focus',
    question: 'What should the analysis focus on?',
    description: 'Pick one focus.',
    type: 'select',
    options: ANALYSIS_FOCUS_OPTIONS,
  },
  {
    id: 'context',
    question: 'Anything else to know?',
    description: 'Deal stage, who was on the call, what you wanted from it (optional).',
    type: 'textarea',
    optional: true,
  },
];

/** Why a transcript cannot be used yet, or null when it can. */
export function transcriptProblem(
  transcript: string | undefined,
  skipping: boolean,
): string | null {
  if ((transcript ?? '').trim().length >= TRANSCRIPT_MIN_CHARS) return null;
  return skipping ? SKIP_NEEDS_TRANSCRIPT : TRANSCRIPT_TOO_SHORT;
}

/**
 * 'Call Analysis: <who the call was with>': the people the transcript names ('Sam Lee and Dana
 * Ortiz'), else the start of the context answer, else the transcript's first words; dated when
 * there is nothing to go on. Two analyses of different calls read apart in the history.
 */
export function callAnalysisWorkflowName(answers: Answers, now: Date): string {
  const speakers = transcriptSpeakers(answers.transcript ?? '').slice(0, 2);
  const subject =
    (speakers.length > 0 ? cutAtWord(speakers.join(' and '), 40) : undefined) ??
    shortSubject(answers.context) ??
    shortSubject(answers.transcript);
  return subject ? `Call Analysis: ${subject}` : defaultWorkflowName('Call Analysis', now);
}

export const callAnalysisFlow: Flow = {
  type: 'call',
  title: 'Customer Call Analysis',
  workflowType: 'Call Analysis',
  greeting:
    "Paste a call transcript and I'll find the pain points, objections and buying signals, and what to do better next time.",
  finishLabel: 'Analyze Call',
  questions: () => CALL_ANALYSIS_QUESTIONS,
  buildPrompt: (given) => {
    const answers = withSelectDefaults(CALL_ANALYSIS_QUESTIONS, given);
    return [
      'Analyze this customer call. Cover the pain points, objections, buying signals, what went well, what to improve, and the next steps, quoting the transcript where it helps.',
      '',
      answeredPairs(
        CALL_ANALYSIS_QUESTIONS.filter((q) => q.id !== 'transcript'),
        answers,
      ),
      '',
      'Transcript:',
      answers.transcript?.trim() ?? '',
    ].join('\n');
  },
  workflowName: callAnalysisWorkflowName,
};
