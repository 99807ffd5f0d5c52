import { recipientLabel } from '../drafts/coldEmail';
import { checkBookingLink } from './coldEmail';
import { MEETING_NOTES_QUESTION } from './meetingNotes';
import { answeredPairs, defaultWorkflowName, shortSubject, type Flow, type Question } from './flow';

/**
 * The follow-up email's questions. The ids are a contract: the debrief fills
 * meeting_notes, the profile booking_link. The other answers are kept short so the finished prompt,
 * with the longest notes, still fits one chat message (MESSAGE_MAX_CHARS).
 */
export const FOLLOW_UP_QUESTIONS: Question[] = [
  MEETING_NOTES_QUESTION,
  {
    id: 'recipient',
    question: 'Who is it going to?',
    description: 'Name, role and company of the person you met (add others after a comma).',
    type: 'input',
    placeholder: 'Dana Ortiz, VP Sales at Freightly',
    maxLength: 500,
  },
  {
    id: 'next_steps',
    question: 'What was agreed?',
    description: 'The next steps, one a line: who does what, by when (optional).',
    type: 'textarea',
    placeholder: 'I send the pilot proposal by Friday\nDana books a call with their CFO',
    optional: true,
    maxLength: 4000,
  },
  {
    id: 'booking_link',
    question: 'Where can they book the next meeting?',
    description: 'A calendar link for the next step (optional).',
    type: 'input',
    placeholder: 'https://cal.com/you/20min',
    optional: true,
    inputMode: 'url',
    maxLength: 300,
    check: checkBookingLink,
  },
];

/** How a follow-up's name starts: the notification reads the recipient back from the chat's title. */
export const FOLLOW_UP_NAME_START = 'Follow-up: ';

export const followUpFlow: Flow = {
  type: 'followup',
  title: 'Follow-up Email',
  workflowType: 'Follow-up',
  greeting:
    "Let's follow up while the meeting is fresh: your notes, who it goes to and what was agreed, and I'll write the email.",
  finishLabel: 'Write Follow-up',
  questions: () => FOLLOW_UP_QUESTIONS,
  buildPrompt: (answers) =>
    [
      'Write a follow-up email to the people I just met, with a subject line, a greeting, a short recap of the meeting in their terms, the agreed next steps as a list (who does what, by when), one call to action (the booking link when given) and a sign-off with my signature from my profile.',
      'Only say what the notes say; keep it under 200 words.',
      '',
      answeredPairs(
        FOLLOW_UP_QUESTIONS.filter((q) => q.id !== 'meeting_notes'),
        answers,
      ),
      '',
      'Meeting notes:',
      answers.meeting_notes?.trim() ?? '',
    ].join('\n'),
  workflowName: (answers, now) => {
    const label = recipientLabel(answers.recipient);
    const who =
      (label && label.length <= 50 ? label : undefined) ?? shortSubject(answers.recipient);
    return who ? `${FOLLOW_UP_NAME_START}${who}` : defaultWorkflowName('Follow-up', now);
  },
};
