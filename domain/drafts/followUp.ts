/**
 * The follow-up email when no language model is connected, or there is no signal (built as the
 * cold email's): composed from the rep's answers alone. A recap from the notes' own sentences, the
 * agreed next steps as a list (the rep's answer, else the notes' sentences that commit to something),
 * the booking link, and the signature from the profile. It says nothing the rep did not.
 */
import type { ProfileValues, Tone } from '../contract/profile';
import type { Answers } from '../playbooks/flow';
import {
  TONE_WORDS,
  callMinutes,
  recipientOf,
  sentence,
  signatureLines,
  type EmailDraft,
} from './coldEmail';
import { NEXT_STEP_CUES, isSubstantive, noteSentences } from './meetingNotes';

const RECAP_SENTENCES = 3;
const isStep = (text: string) => NEXT_STEP_CUES.test(text);
const NEXT_STEPS_MAX = 5;

/** The rep's 'What was agreed?' answer as list items: one a line (or a ';'), bullets and numbers off. */
function agreedSteps(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\n|;/)
    .map((line) => line.trim().replace(/^(?:[-*•]|\d{1,2}[.)])\s*/, ''))
    .filter(Boolean)
    .slice(0, NEXT_STEPS_MAX)
    .map(sentence);
}

export function draftFollowUpEmail(
  answers: Answers,
  sender?: string,
  profile: ProfileValues = {},
): EmailDraft {
  const { firstName, company } = recipientOf(answers.recipient);
  const sentences = noteSentences(answers.meeting_notes ?? '');
  const agreed = agreedSteps(answers.next_steps);
  // With no next steps given, the notes' sentences that commit to something are the next steps.
  const fromNotes = agreed.length === 0;
  const steps = fromNotes
    ? sentences
        .filter((s) => isStep(s.text))
        .slice(0, NEXT_STEPS_MAX)
        .map((s) => sentence(s.text))
    : agreed;
  const recap = sentences
    .filter((s) => isSubstantive(s) && !(fromNotes && isStep(s.text)))
    .slice(0, RECAP_SENTENCES)
    .map((s) => sentence(s.text));
  const link = answers.booking_link?.trim() || profile.bookingLink?.trim();
  const minutes = callMinutes(link);
  const words = TONE_WORDS[(profile.tone as Tone | undefined) ?? 'none'] ?? TONE_WORDS.none;

  const paragraphs = [
    words.hi(firstName),
    recap.length
      ? `Thank you for your time today. A quick recap of what we discussed: ${recap.join(' ')}`
      : 'Thank you for your time today.',
    ...(steps.length ? [`Next steps, as agreed:\n${steps.map((s) => `- ${s}`).join('\n')}`] : []),
    link
      ? `When you are ready for the next conversation, you can pick a time for ${minutes ? `a ${minutes}-minute call` : 'a call'} at ${link}`
      : 'If I missed or misheard anything, just reply and I will correct it.',
    [words.bye, ...signatureLines(profile, sender)].join('\n'),
  ];
  return {
    subject: company ? `Recap and next steps: ${company}` : 'Recap and next steps from our meeting',
    body: paragraphs.join('\n\n'),
  };
}
