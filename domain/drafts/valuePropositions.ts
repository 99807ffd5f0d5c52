/**
 * The value proposition flow's three options when no language model is connected: three framings
 * of the founder's own answers (outcome-led, pain-led, differentiator-led), each quoting what they
 * typed. Nothing is invented: no figure, no customer, no claim beyond their words. An answer they
 * skipped leaves an instruction in its place (like the GTM plan's '**Needs research:**'), never a
 * general phrase. The step shows them as drafts from the answers (VALUE_PROPS_DRAFT_NOTE).
 */
import type { Answers } from '../playbooks/flow';

/** Said above the options when they are these drafts, not a model's. */
export const VALUE_PROPS_DRAFT_NOTE =
  'Drafted from your answers without a language model: pick the closest, then say it in your own words in the chat.';

/** How a slot the founder left empty starts: what to put there instead. */
export const VALUE_PROPS_NEEDS = 'Needs your words:';
const needs = (what: string) => `[${VALUE_PROPS_NEEDS} ${what}]`;

/** A quoted answer stays short enough for a one-line proposition. */
const QUOTE_MAX_WORDS = 12;

/** The first sentence of an answer, on one line, without its closing punctuation; undefined when blank. */
function firstSentence(value: string | undefined): string | undefined {
  const line = value?.trim().split(/\n|(?<=[.!?])\s/)[0];
  const text = line
    ?.replace(/\s+/g, ' ')
    .replace(/[.!?,;:\s]+$/, '')
    .trim();
  return text || undefined;
}

/** An answer cut to a quotable length: its first clause if that says enough, else its first words. */
function quotable(value: string | undefined): string | undefined {
  const text = firstSentence(value);
  if (!text) return undefined;
  const words = text.split(' ');
  if (words.length <= QUOTE_MAX_WORDS) return text;
  const clause = text.split(/,\s|;\s|\s[-–—]\s/)[0]!;
  const clauseWords = clause.split(' ').length;
  if (clauseWords >= 3 && clauseWords <= QUOTE_MAX_WORDS) return clause;
  return `${words.slice(0, QUOTE_MAX_WORDS).join(' ')}…`;
}

/** Words that start a noun phrase and read lower-case inside a sentence ('A CRM' → 'a CRM'); names keep their capital. */
const LEADING_WORDS = /^(A|An|The|Our|Their|Its|Your|My|Every|Each|Small|Busy|Most|Many|Some)\b/;
const inSentence = (text: string) =>
  LEADING_WORDS.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
const atStart = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** Three value propositions, one per framing, from the flow's answers (see the header). */
export function draftValuePropositions(a: Answers): string[] {
  const building = quotable(a.building);
  const problems = quotable(a.problems);
  const users = quotable(a.users);
  const buyer = quotable(a.buyers) ?? users;
  const features = quotable(a.features);

  const product = (start: boolean) =>
    building
      ? start
        ? atStart(building)
        : inSentence(building)
      : needs('what you are building, in a few words');
  const pain = problems ? `“${problems}”` : needs('the pain your customers feel today');
  const forWhom = (who: string | undefined, what: string) => (who ? inSentence(who) : needs(what));

  // Outcome-led: what changes for the people who use it.
  const outcome = `For ${forWhom(users, 'who uses it')}: no more ${pain}, with ${product(false)}.`;
  // Pain-led: the problem first, in the founder's words, then who it is solved for.
  const painLed = `${pain}? ${product(true)} solves it for ${forWhom(buyer, 'who buys it')}.`;
  // Differentiator-led: what the product brings, in the features the founder named.
  const differentiator = `What ${product(false)} brings ${forWhom(buyer, 'who buys it')}: ${
    features ? `“${features}”` : needs('the three or four features that make it work')
  }.`;
  return [outcome, painLed, differentiator];
}

/** Whether `options` are the drafts of these answers (so the step labels them as such). */
export function areDraftedValuePropositions(options: readonly string[], a: Answers): boolean {
  const drafted = draftValuePropositions(a);
  return options.length === drafted.length && options.every((o, i) => o === drafted[i]);
}
