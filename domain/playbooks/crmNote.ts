import { isoDay, meetingDay } from '../crm/dates';
import { MEETING_NOTES_QUESTION } from './meetingNotes';
import {
  answeredPairs,
  defaultWorkflowName,
  shortSubject,
  type Answers,
  type Flow,
  type Question,
} from './flow';

/** The note's sections, in order: the drafter and the model both write these. */
export const CRM_NOTE_SECTIONS = [
  'Summary',
  'Next steps',
  'Stakeholders',
  'Risks',
  'Date',
] as const;

/** What a section the notes said nothing about is marked with. */
export const NEEDS_REVIEW = '**Needs review:**';

/** The CRM note's questions; the ids are a contract (the debrief fills meeting_notes). */
export function crmNoteQuestions(now: Date): Question[] {
  return [
    MEETING_NOTES_QUESTION,
    {
      id: 'account',
      question: 'Which account or deal is it for?',
      description: 'The company, or the deal as your CRM names it.',
      type: 'input',
      placeholder: 'Freightly: 50-seat pilot',
      maxLength: 200,
    },
    {
      id: 'meeting_date',
      question: 'When was the meeting?',
      // The hint is today's date: left blank, the note is dated today.
      description: `Left blank, the note is dated today (${isoDay(now)}).`,
      type: 'input',
      placeholder: isoDay(now),
      optional: true,
      maxLength: 40,
    },
  ];
}

/** The note's date: the answer as YYYY-MM-DD when it reads as one day, else as typed; blank is today. */
export function crmNoteDate(answers: Answers, now: Date): string {
  return meetingDay(answers.meeting_date ?? '') || isoDay(now);
}

export const crmNoteFlow: Flow = {
  type: 'crmnote',
  title: 'CRM Note',
  workflowType: 'CRM Note',
  greeting:
    "Let's turn the meeting into a CRM note: your notes, the account and the date, and you get a note to paste into HubSpot or Salesforce.",
  finishLabel: 'Write CRM Note',
  questions: () => crmNoteQuestions(new Date()),
  buildPrompt: (answers) => {
    const now = new Date();
    return [
      `Write a CRM note of this meeting in Markdown, with exactly these sections as '## ' headings, in this order: ${CRM_NOTE_SECTIONS.join(', ')}.`,
      'Summary: two or three sentences. Next steps: a list, each with who does it and by when. Stakeholders: a list of the people, with their role when the notes give it. Risks: a list (concerns, budget, price, competitors, timeline). Date: the meeting date as YYYY-MM-DD.',
      `Only say what the notes say. Start a section the notes say nothing about with ${NEEDS_REVIEW} and what to find out.`,
      '',
      answeredPairs(
        crmNoteQuestions(now).filter((q) => q.id === 'account'),
        answers,
      ),
      `Meeting date: ${crmNoteDate(answers, now)}`,
      '',
      'Meeting notes:',
      answers.meeting_notes?.trim() ?? '',
    ].join('\n');
  },
  workflowName: (answers, now) => {
    const account = shortSubject(answers.account);
    return account ? `CRM Note: ${account}` : defaultWorkflowName('CRM Note', now);
  },
};
