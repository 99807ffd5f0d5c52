/**
 * Meeting notes (typed, or a debrief's transcript) read for the offline drafters of the follow-up
 * email and the CRM note: their sentences, who said each, and simple word cues for what was agreed
 * and what could go wrong. Word cues, not understanding: the drafts say so.
 */
import { cutAtWord } from '../playbooks/flow';
import { transcriptSpeakers } from '../transcripts/clean';

export interface NoteSentence {
  /** Who said it, when the line starts with a speaker's name ('Dana Ortiz: …'). */
  speaker?: string;
  text: string;
}

/** The longest sentence quoted: a run-on transcript line is cut at a word. */
const SENTENCE_MAX = 200;

/** Sentences that commit to something: what was agreed, who sends what, what happens next. */
export const NEXT_STEP_CUES =
  /\b(?:agree[ds]?|agreed|agreement|next|send|sending|sent|follow[ -]?ups?|will|won't|we'll|i'll|you'll|they'll|she'll|he'll)\b/i;
/** Sentences that name a doubt: a concern, the budget, the price, a competitor, the timeline. */
export const RISK_CUES =
  /\b(?:concern(?:s|ed)?|worr(?:y|ied|ies)|risks?|risky|budgets?|pric(?:e|es|ed|ing)|competitors?|competition|timelines?)\b/i;
/** A greeting or small talk: no recap is made of it. */
const SMALL_TALK =
  /^(?:hi|hello|hey|thanks|thank you|good (?:morning|afternoon|evening)|bye|great to (?:meet|see)|nice to (?:meet|see)|how are you)\b/i;

/** Labels a note's line starts with that read like a speaker ('Next steps: …') but name no one. */
const LABELS =
  /^(?:next steps?|action items?|actions?|summary|recap|notes?|risks?|concerns?|agreed|decisions?|todo|to do|follow[ -]?ups?|budget|pricing|timeline|date|attendees|participants|present|context|update|status|goals?|pains?|questions?|objections?)$/i;
/** A line listing who was there: 'Attendees: Dana Ortiz (VP Sales), Sam Lee'. */
const ATTENDEES = /^(?:attendees|participants|present|people|who was there)\s*:\s*(.+)$/i;

/**
 * Who the notes say took part: the speakers of a transcript's lines ('Dana Ortiz: …', as the call
 * analysis reads them, without labels like 'Next steps:') and the names of an 'Attendees:' line.
 */
export function noteSpeakers(notes: string): string[] {
  const people = new Set(transcriptSpeakers(notes).filter((s) => !LABELS.test(s.trim())));
  for (const line of notes.split('\n')) {
    const listed = ATTENDEES.exec(line.trim())?.[1];
    for (const entry of listed?.split(/[,;]|\sand\s/) ?? []) {
      // An invite's 'Dana Ortiz <dana@freightly.example>' is Dana Ortiz; a bare address stays.
      const name = entry.replace(/<[^<>\n]{0,200}>/, '').trim() || entry.trim();
      if (name && name.length <= 80) people.add(name.replace(/\.$/, ''));
    }
  }
  return [...people];
}

/**
 * The notes as sentences: each line (a transcript's turn, a note) split at its full stops, with
 * the speaker its line starts with. Markup is taken out, so a quote never becomes a link or a
 * heading in the draft.
 */
export function noteSentences(notes: string): NoteSentence[] {
  const speakers = new Set(noteSpeakers(notes));
  const out: NoteSentence[] = [];
  for (const raw of notes.split('\n')) {
    let line = raw.trim();
    // A speaker's name holds no colon: the text before the first one is the only candidate.
    const colon = line.indexOf(':');
    const speaker =
      colon > 0 && speakers.has(line.slice(0, colon)) ? line.slice(0, colon) : undefined;
    if (speaker) line = line.slice(colon + 1).trim();
    for (const part of line.replace(/^[-*•]\s+/, '').split(/(?<=[.?!])\s+/)) {
      const text = cutAtWord(part.replace(/[[\]<>*_`#|]/g, '').trim(), SENTENCE_MAX);
      if (text) out.push(speaker ? { speaker, text } : { text });
    }
  }
  return out;
}

/** Whether a sentence says something worth a recap (not a greeting, not two words). */
export function isSubstantive(sentence: NoteSentence): boolean {
  return !SMALL_TALK.test(sentence.text) && sentence.text.split(/\s+/).length >= 4;
}

/** The sentence as a note line: 'Dana Ortiz: We are worried about price.' */
export function quoted(sentence: NoteSentence): string {
  return sentence.speaker ? `${sentence.speaker}: ${sentence.text}` : sentence.text;
}
