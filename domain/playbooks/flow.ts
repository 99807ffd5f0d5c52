import type { PlaybookType } from './types';

/** One answer option: the stored value and what the user sees. */
export interface Option {
  value: string;
  label: string;
  description?: string;
}

/** An interview question: id, question, description, type, options. */
export interface Question {
  id: string;
  question: string;
  description: string;
  type: 'input' | 'text' | 'textarea' | 'select' | 'cards';
  options?: Option[];
  placeholder?: string;
  /** May be left blank: a blank answer still moves on (or finishes) and is left out of the prompt. */
  optional?: boolean;
  /** The longest answer taken, when not ANSWER_MAX_CHARS (a call transcript). */
  maxLength?: number;
  /** The answer can come from a transcript file (the paperclip, domain/transcripts). */
  acceptsTranscriptFile?: boolean;
  /**
   * The answer names whom the rep can look up on the web before the flow writes ('Look it up'): the
   * recipient of an email (their company, else them), or competitors (the first one named). The
   * result then cites the pages read.
   */
  lookUp?: 'recipient' | 'competitor';
  /** A one-line answer that is a web address: the phone shows its URL keyboard. */
  inputMode?: 'url';
  /**
   * Whether the answer can be used as given: the answer to keep (tidied, e.g. a link given without
   * its https://), or the message that says what to change. Checked when the rep moves on.
   */
  check?: (answer: string) => AnswerCheck;
}

/** What a question's own check says of an answer. */
export type AnswerCheck = { ok: true; value: string } | { ok: false; message: string };

/** The longest answer a text question takes (the interview card's field). */
export const ANSWER_MAX_CHARS = 8000;

/** Answers are a map from question id to answer text. */
export type Answers = Record<string, string>;

export type FlowType = Exclude<PlaybookType, 'none'>;

/** A guided flow: its questions (which may depend on earlier answers) and what it turns them into. */
export interface Flow {
  type: FlowType;
  /** The header title while the flow runs. */
  title: string;
  /** The type label on saved history items. */
  workflowType: string;
  /** The assistant's first message in a new chat of this type. */
  greeting: string;
  /** The label of the button on the last step. */
  finishLabel: string;
  questions(answers: Answers): Question[];
  /** The prompt sent to the chat when the flow finishes. */
  buildPrompt(answers: Answers): string;
  /** The saved history item's name. */
  workflowName(answers: Answers, now: Date): string;
}

/** 'question: answer' lines for the questions answered so far (blank answers left out). */
export function answeredPairs(questions: Question[], answers: Answers): string {
  return questions
    .filter((q) => answers[q.id]?.trim())
    .map((q) => `${q.question} ${labelOf(q, answers[q.id]!)}`)
    .join('\n');
}

/** The label of a select or card answer, the text itself otherwise. */
export function labelOf(q: Question, value: string): string {
  return q.options?.find((o) => o.value === value)?.label ?? value.trim();
}

/**
 * What an answer is about, short enough for a saved item's name: its first line up to a colon, a
 * dash or the end of its first sentence, at most `max` characters (cut at a word). Undefined when blank.
 */
export function shortSubject(text: string | undefined, max = 40): string | undefined {
  const line = text
    ?.split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  if (!line) return undefined;
  const head = line.split(/\s*(?::\s|;|\s[-–—|]\s|[.!?](?:\s|$))/)[0]!.trim() || line;
  // 'Pipewise is a CRM for plumbers', 'Acme Labs helps...': the name that starts it.
  const named = head.match(
    /^(\p{Lu}[\p{L}\p{N}&'’.-]*(?:\s\p{Lu}[\p{L}\p{N}&'’.-]*){0,2})\s(?:is|are|helps|builds|makes|lets|gives)\s/u,
  )?.[1];
  return cutAtWord(named ?? head, max);
}

/** `text` if at most `max` characters long, else its first `max` (fewer, to end at a word in their second half) and '…'. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Default history name: the workflow type plus the date. */
export function defaultWorkflowName(workflowType: string, now: Date): string {
  return `${workflowType} ${now.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}`;
}

/** A select step falls back to its first option when nothing was chosen. */
export function withSelectDefaults(questions: Question[], answers: Answers): Answers {
  const out = { ...answers };
  for (const q of questions)
    if (q.type === 'select' && !out[q.id]?.trim() && q.options?.[0]) out[q.id] = q.options[0].value;
  return out;
}
