/**
 * The value proposition flow's result when no language model is connected: a sales pitch outline,
 * the founder's own answers arranged in the order a pitch runs (hook, problem, solution, who it is
 * for, proof, ask). Nothing is invented: a part they did not give, like the proof, says what to put
 * there. It says plainly that it is their answers arranged, not a pitch written for them.
 */
import type { Answers } from '../playbooks/flow';
import { FALLBACK_VALUE_PROPS, FOUNDING_JOURNEY_OPTIONS } from '../playbooks/valueProposition';

/** An answer on one line, or undefined when blank. */
const text = (value: string | undefined) => value?.trim().replace(/\s+/g, ' ') || undefined;

/** What to put as proof, by where the founder is: the evidence that stage can have. */
const PROOF_BY_STAGE: Record<string, string> = {
  idea: 'what the people you interviewed told you, in numbers ("7 of 10 clinic managers said…").',
  product: 'a result from someone using it, in numbers (hours saved, errors avoided).',
  customers: 'one customer’s result in numbers, and their name if they agree.',
  sales_process: 'your best customer result in numbers, and a win rate or payback time.',
};

/** The ask that fits the stage: a conversation early on, a next step later. */
const ASK_BY_STAGE: Record<string, string> = {
  idea: 'Ask for a 20-minute conversation about how they handle the problem today.',
  product: 'Ask them to try it on one real case, with a date to look at the result together.',
  customers: 'Ask for a pilot with one team and a success measure agreed up front.',
  sales_process: 'Ask for the next meeting with the person who signs, on a date.',
};

/** A part the founder did not give: what to put there. */
const missing = (what: string) => `**Needs your words:** ${what}`;

export function draftPitchOutline(a: Answers): string {
  const stage =
    a.founding_journey && FOUNDING_JOURNEY_OPTIONS.some((o) => o.value === a.founding_journey)
      ? a.founding_journey
      : undefined;
  const hook = text(a.value_proposition);
  const general = hook !== undefined && FALLBACK_VALUE_PROPS.includes(hook);
  return [
    '# Sales pitch outline',
    '> **Your answers, arranged; not a pitch written for you:** no AI model is connected, so Pitchpad put what you told it in the order a pitch runs. Read it aloud, then rewrite each part in the words you would say.',
    '## Hook',
    hook
      ? general
        ? `${hook}\n\n_This is one of the general value propositions offered without a model, not one written from your answers: replace it with the outcome your customer gets, in one sentence._`
        : hook
      : missing('the outcome your customer gets, in one sentence of at most 20 words.'),
    '## The problem',
    text(a.problems) ?? missing('the pain your customers feel today, in their words.'),
    '## The solution',
    [
      text(a.building) ?? missing('what you are building, in a sentence.'),
      text(a.features) && `Key features: ${text(a.features)}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    '## Who it is for',
    [
      text(a.users) && `**Uses it:** ${text(a.users)}`,
      text(a.buyers) && `**Buys it:** ${text(a.buyers)}`,
    ]
      .filter(Boolean)
      .join('\n\n') || missing('who uses it, and who signs for it.'),
    '## Proof',
    missing(
      stage
        ? PROOF_BY_STAGE[stage]!
        : 'one result in numbers: from a customer, a pilot or the people you interviewed.',
    ),
    '## Call to action',
    stage
      ? ASK_BY_STAGE[stage]!
      : 'Ask for one small, dated next step: a call, a trial, or a meeting with the person who signs.',
  ].join('\n\n');
}
