import { recipientLabel } from '../drafts/coldEmail';
import { normalizeWebLink } from '../webLink';
import { answeredPairs, shortSubject, type AnswerCheck, type Flow, type Question } from './flow';

/** What the booking-link step says when its answer is not a link. */
export const BOOKING_LINK_INVALID =
  'Enter a link they can open, like https://cal.com/you/20min, or leave this blank.';

/**
 * The booking link must be a web link the recipient can open, or nothing: anything else ('my
 * calendar', 'https//cal.com', an email address) would go into the email as a broken call to
 * action. A link typed without https:// gets it, as a mail app would add it.
 */
export function checkBookingLink(answer: string): AnswerCheck {
  const text = answer.trim();
  if (text === '') return { ok: true, value: '' };
  const link = normalizeWebLink(text);
  return link === null ? { ok: false, message: BOOKING_LINK_INVALID } : { ok: true, value: link };
}

export const COLD_EMAIL_QUESTIONS: Question[] = [
  {
    id: 'recipient_info',
    question: 'Who are you writing to?',
    description:
      'Name, role and company, plus anything you know about them: a recent post, a trigger event, a shared connection.',
    type: 'textarea',
    placeholder: 'Dana Ortiz, VP Sales at Freightly. Just raised a Series B and is hiring 20 reps.',
    lookUp: 'recipient',
  },
  {
    id: 'value_prop',
    question: 'What do you offer them?',
    description:
      'Your value proposition in a sentence or two: the outcome they get, and proof if you have it.',
    type: 'textarea',
    placeholder:
      'We cut new-rep ramp time from 6 months to 10 weeks; Acme saw quota attainment up 32%.',
  },
  {
    id: 'booking_link',
    question: 'Where can they book a meeting?',
    description: 'A calendar link for the call to action (optional).',
    type: 'input',
    placeholder: 'https://cal.com/you/20min',
    optional: true,
    inputMode: 'url',
    check: checkBookingLink,
  },
];

/** How a cold email's name starts: the notification reads the recipient back from the chat's title. */
export const COLD_EMAIL_NAME_START = 'Cold Email to ';
/** Who a cold email's name says it is to when the answer names no one. */
export const COLD_EMAIL_NO_RECIPIENT = 'Contact';

/**
 * 'Cold Email to <the recipient and company>' ('Cold Email to Dana Ortiz at Freightly'), else to the
 * start of the recipient's first line, or 'Cold Email to Contact' (never the whole first
 * line: one line often holds the notes too, and two emails to one company must read apart).
 */
export function coldEmailWorkflowName(recipient: string | undefined): string {
  const label = recipientLabel(recipient);
  // A label that long is a sentence the reading got wrong, not a name and a company.
  return `${COLD_EMAIL_NAME_START}${(label && label.length <= 50 ? label : shortSubject(recipient)) ?? COLD_EMAIL_NO_RECIPIENT}`;
}

export const coldEmailFlow: Flow = {
  type: 'email',
  title: 'Create Cold Email',
  workflowType: 'Cold Email',
  greeting:
    "Let's write a cold email that gets a reply. Three quick questions, or skip ahead whenever you like.",
  finishLabel: 'Generate Email',
  questions: () => COLD_EMAIL_QUESTIONS,
  buildPrompt: (answers) =>
    [
      'Write a personalized cold email of 150 to 200 words with a subject line, a greeting, 2 to 3 short paragraphs and a sign-off.',
      'Make it specific to the recipient, lead with their situation, state one clear outcome, and end with a single call to action.',
      '',
      answeredPairs(COLD_EMAIL_QUESTIONS, answers) ||
        'No details were given: write a strong template with [placeholders].',
    ].join('\n'),
  workflowName: (answers) => coldEmailWorkflowName(answers.recipient_info),
};
