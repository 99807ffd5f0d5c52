import { TRANSCRIPT_MAX_CHARS, TRANSCRIPT_MIN_CHARS } from './callAnalysis';
import type { AnswerCheck, Question } from './flow';

/** What the notes step says when there is too little to work from. */
export const MEETING_NOTES_TOO_SHORT = `Please give a little more of the meeting: at least ${TRANSCRIPT_MIN_CHARS} characters of notes or transcript, so there is something to recap.`;

/** Notes of at least TRANSCRIPT_MIN_CHARS characters, kept as given. */
export function checkMeetingNotes(answer: string): AnswerCheck {
  return answer.trim().length >= TRANSCRIPT_MIN_CHARS
    ? { ok: true, value: answer }
    : { ok: false, message: MEETING_NOTES_TOO_SHORT };
}

/**
 * The first step of the follow-up email and the CRM note: what happened in the meeting, typed, a
 * transcript file, or a voice debrief's transcript (the debrief fills this answer).
 */
export const MEETING_NOTES_QUESTION: Question = {
  id: 'meeting_notes',
  question: 'What happened in the meeting?',
  description:
    'Your notes or the transcript: who was there, what they said, what worried them, what was agreed.',
  type: 'textarea',
  placeholder:
    'Dana Ortiz (VP Sales, Freightly) and Sam from their ops team. Ramp time is their pain; worried about price. Agreed: I send the pilot proposal by Friday.',
  maxLength: TRANSCRIPT_MAX_CHARS,
  acceptsTranscriptFile: true,
  check: checkMeetingNotes,
};
