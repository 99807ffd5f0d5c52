/**
 * The CRM note when no language model is connected (or there is no signal): the notes' own
 * sentences sorted into the note's sections by word cues, the people who spoke as stakeholders, and
 * a section the cues found nothing for marked for review. It says it was made by cues.
 */
import { crmNoteDate, NEEDS_REVIEW, type CRM_NOTE_SECTIONS } from '../playbooks/crmNote';
import type { Answers } from '../playbooks/flow';
import { crmPlainText } from '../crm/plainText';
import {
  NEXT_STEP_CUES,
  RISK_CUES,
  isSubstantive,
  noteSentences,
  noteSpeakers,
  quoted,
} from './meetingNotes';

/** Lines a section lists at most: the note stays readable, and short enough for a CRM's field. */
const LINES_PER_SECTION = 5;
const SUMMARY_SENTENCES = 3;

type Section = (typeof CRM_NOTE_SECTIONS)[number];

const NOTHING_FOUND: Record<Exclude<Section, 'Date'>, string> = {
  Summary: 'the notes had no sentence to summarise; say what the meeting was about.',
  'Next steps':
    'no sentence said what was agreed or what happens next; add who does what, by when.',
  Stakeholders: 'no one was named as speaking; add who was there and their roles.',
  Risks: 'no concern, budget, price, competitor or timeline came up; check nothing was left out.',
};

/**
 * The note as 'Copy for CRM' copies it: plain text (domain/crm/plainText.ts), without the offline
 * draft's own note to the rep, which is no part of the meeting's record.
 */
export function crmNoteCopyText(markdown: string): string {
  return crmPlainText(markdown.replace(CRM_DRAFT_NOTE, ''));
}

export const CRM_DRAFT_NOTE =
  '_Offline draft: the lines were picked from your notes by word cues, not understood. Check each before you paste it._';

/** A section of the note, marked for review when the notes gave nothing for it. */
const section = (name: Exclude<Section, 'Date'>, body: string) =>
  `## ${name}\n\n${body || `${NEEDS_REVIEW} ${NOTHING_FOUND[name]}`}`;

/** An answer's text on one line, with no mark that would become a link or a heading in the note. */
const plain = (text: string) =>
  text
    .replace(/[[\]<>*_`#|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The note in Markdown, drafted from the answers; `now` dates it when the rep gave no date. */
export function draftCrmNote(answers: Answers, now = new Date()): string {
  const sentences = noteSentences(answers.meeting_notes ?? '');
  const used = new Set<number>();
  const pick = (test: (text: string) => boolean, max: number) => {
    const found: string[] = [];
    sentences.forEach((s, i) => {
      if (found.length < max && !used.has(i) && test(s.text)) {
        used.add(i);
        found.push(quoted(s));
      }
    });
    return found;
  };
  // The cues first, so a sentence that agrees a next step is listed there, not in the summary.
  const nextSteps = pick((t) => NEXT_STEP_CUES.test(t), LINES_PER_SECTION);
  const risks = pick((t) => RISK_CUES.test(t), LINES_PER_SECTION);
  const summary = sentences
    .filter((s, i) => !used.has(i) && isSubstantive(s))
    .slice(0, SUMMARY_SENTENCES)
    .map((s) => s.text);
  const stakeholders = noteSpeakers(answers.meeting_notes ?? '').slice(0, 10);

  const list = (items: string[]) => items.map((i) => `- ${plain(i)}`).join('\n');
  const account = plain(answers.account ?? '');
  return [
    `# CRM note${account ? `: ${account}` : ''}`,
    CRM_DRAFT_NOTE,
    section('Summary', summary.join(' ')),
    section('Next steps', list(nextSteps)),
    section('Stakeholders', list(stakeholders)),
    section('Risks', list(risks)),
    `## Date\n\n${plain(crmNoteDate(answers, now))}`,
  ].join('\n\n');
}
