/**
 * The call analysis when no language model is connected: not an analysis, a worksheet. The
 * questions a rep answers about the call (pains heard, objections, buying signals, next steps,
 * stakeholders, what to do better), each with the transcript's own lines that simple word cues
 * picked out, so the rep starts from the call rather than from a blank page. It says plainly that
 * the lines were found by word cues, not understood.
 */
import type { Answers } from '../playbooks/flow';
import { ANALYSIS_FOCUS_OPTIONS, CALL_TYPE_OPTIONS } from '../playbooks/callAnalysis';
import { cutAtWord } from '../playbooks/flow';

interface ReviewSection {
  id: string;
  title: string;
  /** The question the rep answers about the call. */
  question: string;
  /** Words that suggest a line belongs here; none for a section only the rep can answer. */
  cues?: RegExp;
}

const SECTIONS: readonly ReviewSection[] = [
  {
    id: 'pain_points',
    title: 'Pains heard',
    question:
      'What problem did they describe, in their words, and what does it cost them (time, money, risk)?',
    cues: /\b(?:problem|issue|pain|struggl\w*|frustrat\w*|hard|difficult|slow|manual\w*|takes? (?:us|me|forever|ages|hours|days)|waste\w*|costs? us|headache|annoying|broken)\b/i,
  },
  {
    id: 'objections',
    title: 'Objections',
    question: 'What held them back, and did you answer it or park it?',
    cues: /\b(?:expensive|price|pricing|budget|cost|afford|concern\w*|worr\w*|not sure|risk\w*|already (?:use|have)|competitor|security|too (?:much|early|busy|big|small)|not (?:now|a priority|right now))\b/i,
  },
  {
    id: 'buying_signals',
    title: 'Buying signals',
    question: 'What did they ask or say that shows intent (how it works, price, timing, a trial)?',
    cues: /\b(?:how much|how soon|how long|when can|could we|can we|trial|pilot|contract|onboard\w*|roll ?out|sign|get started|interested|love|exactly what)\b/i,
  },
  {
    id: 'next_steps',
    title: 'Next steps',
    question: 'What was agreed, who does it, and by when?',
    cues: /\b(?:next (?:week|step|steps|call|meeting)|follow[ -]?up|send (?:you|over|me)|schedule|book|calendar|tomorrow|monday|tuesday|wednesday|thursday|friday|by (?:the )?end of|demo)\b/i,
  },
  {
    id: 'stakeholders',
    title: 'Stakeholders',
    question: 'Who else decides, pays, signs or uses it, and have you spoken to them?',
    cues: /\b(?:boss|manager|director|head of|vp|ceo|cfo|cto|coo|founder|board|legal|procurement|finance|it team|team lead|decision|decide|approv\w*|sign[- ]off)\b/i,
  },
  {
    id: 'improvements',
    title: 'What to do better',
    question:
      'Who talked more? Which question opened them up, and which did you not ask? What would you do differently on the next call?',
  },
];

/** Lines a section quotes at most, so the worksheet stays readable on a phone. */
const LINES_PER_SECTION = 3;
const LINE_MAX = 200;

/** The transcript as lines worth quoting: its own lines, or its sentences when it is one block. */
function transcriptLines(transcript: string): string[] {
  const lines = transcript
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const units = lines.length > 1 ? lines : lines.flatMap((l) => l.split(/(?<=[.?!])\s+/));
  // A quote must not become a link, a heading or markup in the reply.
  return units
    .map((l) => cutAtWord(l.replace(/[[\]<>*_`#]/g, ''), LINE_MAX))
    .filter((l) => l.length > 12);
}

/** The option's label for a select answer ('Discovery'), or undefined. */
const labelFor = (options: { value: string; label: string }[], value: string | undefined) =>
  options.find((o) => o.value === value)?.label;

/** The worksheet, in Markdown: the questions with the lines that cue each, the focus first. */
export function draftCallReview(a: Answers): string {
  const lines = transcriptLines(a.transcript ?? '');
  const callType = labelFor(CALL_TYPE_OPTIONS, a.call_type);
  const focus = labelFor(ANALYSIS_FOCUS_OPTIONS, a.analysis_focus);
  // The focus the rep picked comes first; 'General analysis' keeps the usual order.
  const sections = SECTIONS.toSorted(
    (x, y) => Number(y.id === a.analysis_focus) - Number(x.id === a.analysis_focus),
  );
  const quoted = new Set<string>();
  const body = sections.map((section) => {
    const found = section.cues
      ? lines.filter((l) => !quoted.has(l) && section.cues!.test(l)).slice(0, LINES_PER_SECTION)
      : [];
    for (const l of found) quoted.add(l);
    const evidence = !section.cues
      ? []
      : found.length
        ? ['Lines from the transcript to start from:', found.map((l) => `> ${l}`).join('\n>\n')]
        : ['_No line matched the word cues; look for this one in the call yourself._'];
    return [`## ${section.title}`, `**${section.question}**`, ...evidence].join('\n\n');
  });
  return [
    '# Call review worksheet',
    '> **Worksheet, not an analysis:** no AI model is connected, so nothing here judged the call. Each section is a question to answer about it; the quoted lines were picked from your transcript by simple word cues, so check each one against what was meant.',
    [callType && `**Call:** ${callType}`, focus && `**Focus:** ${focus}`]
      .filter(Boolean)
      .join(' · '),
    a.context?.trim() ? `**Context:** ${a.context.trim().replace(/\s+/g, ' ')}` : '',
    ...body,
  ]
    .filter(Boolean)
    .join('\n\n');
}
