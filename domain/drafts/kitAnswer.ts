/**
 * What the chat answers with no model, from what the rep already has: the passages of their sales
 * kit that hold the question's words (quoted short, numbered [1], [2] as the reply's Sources), the
 * entries of Pitchpad's objection library that a prospect's pushback is, written from the profile
 * as the objection guide writes them, and the profile's own answer to a question about the rep's
 * company ('what's our pricing'). Pure: the API searches the kit and picks the passages with
 * passagesToQuote; the drafter (chat.ts) adds the flow that would write it and the one line that
 * says no model is connected.
 */
import { PROFILE_FIELDS, type ProfileField, type ProfileValues } from '../contract/profileFields';
import type { Answers } from '../playbooks/flow';
import { AUDIENCE_QUESTIONS, type Audience } from '../playbooks/objection';
import { answersFromProfile } from '../playbooks/profileAnswers';
import type { PromptPassage } from '../profile/promptBlock';
import {
  OBJECTION_LIBRARY,
  objectionFacts,
  RESPONSE_PATTERNS,
  type LibraryObjection,
} from './objectionLibrary';

/** How many kit passages an answer quotes: enough to compare, few enough for a phone's screen. */
export const QUOTED_PASSAGES_MAX = 3;
/** The longest quote of a passage, and of a profile field, in characters. */
const QUOTE_MAX_CHARS = 280;
const PROFILE_VALUE_MAX_CHARS = 240;

/**
 * Words that say how a question is asked, not what it is about: a passage holding only these ('they
 * say…', 'write to…') is not an answer to it.
 */
const NOT_THE_SUBJECT = new Set(
  (
    'a an and any are as at be been but by can could did do does done for from get got had has have ' +
    'he her hers him his how i if in into is it its just let me mine my no not of off on or our ours ' +
    'out she so some than that the their theirs them then there these they this those to too up us ' +
    'very was we were what when where which while who whom why will with would yes you your yours ' +
    'about again also ask asked asks answer best better give good hear heard help keep know like ' +
    'make many more most much need please reply respond say said says saying should tell telling ' +
    'thanks thank think thinks told want way well write writing draft email send hello hi hey ok'
  ).split(' '),
);

/** A word's stem, enough to match 'pricing' with 'price' and 'expensive' with 'expense'. */
function stem(word: string): string {
  const cut = word.replace(/(?:ations?|ings?|ions?|ives?|ers?|ed|ly|es|s|e)$/, '');
  return cut.length >= 3 ? cut : word;
}

/** The words of a text, lower-case, possessives and contractions taken apart from their stems. */
const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];

/** The stems of what a question is about ('hubspot', 'expens', 'pric'), in order, once each. */
export function questionTerms(question: string): string[] {
  const terms = wordsOf(question)
    .filter((w) => !/['’]/.test(w) && !NOT_THE_SUBJECT.has(w) && w.length >= 2)
    .filter((w) => w.length >= 3 || /\d/.test(w))
    .map(stem);
  return [...new Set(terms)];
}

/** How many of `terms` a piece of text holds. */
function termsIn(text: string, terms: readonly string[]): number {
  const stems = new Set(wordsOf(text).map(stem));
  return terms.filter((t) => stems.has(t)).length;
}

/**
 * The sentences of a passage, paragraph by paragraph, their whitespace made single spaces and a
 * line's Markdown marks (a heading's '#', a list's '-') taken off; `opens` marks a paragraph's first.
 */
function sentencesOf(text: string): { text: string; opens: boolean }[] {
  return text.split(/\n\s*\n/).flatMap((paragraph) =>
    paragraph
      .split('\n')
      .map((line) => line.replace(/^\s*(?:#{1,6}\s+|[-*+•]\s+|>\s?|\d+[.)]\s+)/, ''))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim()
      .split(/(?<=[.!?]["”’)]?) /)
      .filter(Boolean)
      .map((sentence, i) => ({ text: sentence, opens: i === 0 })),
  );
}

/**
 * The passages an answer quotes: those the kit's search found that hold a word of what the question
 * is about, best first, at most QUOTED_PASSAGES_MAX. Each is quoted in the answer and stored as one
 * of its sources, in this order.
 */
export function passagesToQuote<P extends Pick<PromptPassage, 'text'>>(
  question: string,
  found: readonly P[],
): P[] {
  const terms = questionTerms(question);
  if (!terms.length) return [];
  return found.filter((p) => termsIn(p.text, terms) > 0).slice(0, QUOTED_PASSAGES_MAX);
}

/** Text cut at a word to at most `max` characters, '…' where it was cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:]+$/, '')}…`;
}

/** Characters Markdown would read as links, emphasis or HTML, escaped: a document's text stays text. */
const plain = (text: string) => text.replace(/[\\`*[\]<>|~]/g, (c) => `\\${c}`);

/** A document's words as a quote: plain, and a bare address in it text, not a link GFM would make. */
const quoted = (text: string) =>
  plain(text)
    .replace(/:\/\//g, ':\u200b//')
    .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}\u200b.`);

/**
 * A sentence or two of a passage around what the question asks: the sentence that holds most of its
 * `terms` (then of the `related` words, a matched objection's), with the next one when both fit, at
 * most QUOTE_MAX_CHARS. A heading found ('Pricing') is quoted with the sentence after it. Without a
 * term in it, the passage's opening.
 */
export function passageExcerpt(
  text: string,
  terms: readonly string[],
  related: readonly string[] = [],
): string {
  const sentences = sentencesOf(text);
  let best = 0;
  let bestScore = 0;
  sentences.forEach((s, i) => {
    const score = 2 * termsIn(s.text, terms) + termsIn(s.text, related);
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  const first = sentences[best]?.text ?? '';
  const next = sentences[best + 1]?.text;
  const heading = !/[.!?:;"”’)]$/.test(first);
  const excerpt =
    next && (heading || first.length + next.length + 1 <= QUOTE_MAX_CHARS)
      ? `${first}${heading ? ':' : ''} ${next}`
      : first;
  // '…' where the quote starts inside a paragraph: something the rep wrote comes before it.
  return `${sentences[best]?.opens === false ? '…' : ''}${clip(excerpt, QUOTE_MAX_CHARS)}`;
}

/** The kit's passages as the answer quotes them, each with the number its source has. */
function kitSection(
  passages: readonly PromptPassage[],
  terms: readonly string[],
  related: readonly string[],
): string {
  return [
    '**From your sales kit**',
    ...passages.map((p, i) => `> “${quoted(passageExcerpt(p.text, terms, related))}” [${i + 1}]`),
  ].join('\n\n');
}

/**
 * Whether a message tells of pushback the rep heard or expects ('they say we're too expensive',
 * 'how do I handle…'), rather than asking about their own company or for a document.
 */
const PUSHBACK =
  /\b(?:say|says|said|saying|tell|tells|told|think|thinks|thought|worr(?:y|ied|ies)|concern(?:s|ed)?|objections?|object(?:s|ed)?|push(?:ing|ed)?\s*back|pushback|complain\w*|keep\s+hearing|heard|hear)\b|\btoo\s+(?:expensive|pricey|costly|small|early|new|risky|much|complex|complicated|late)\b|\b(?:handle|respond\s+to|answer|reply\s+to|deal\s+with|counter|overcome)\b/i;

/** Who raises the pushback, when the message names them; else it is read as a customer's. */
function audienceNamed(message: string): Audience | undefined {
  if (
    /\b(?:investors?|vcs?|angels?|fund(?:s|raise|raising)?|round|pitch\s+meeting)\b/i.test(message)
  )
    return 'investors';
  if (/\b(?:partners?|partnership|resellers?|channel)\b/i.test(message)) return 'partners';
  if (
    /\b(?:my|our)\s+(?:team|boss|manager|ceo|cfo|cto|leadership|colleagues?|board)\b|\b(?:internal(?:ly)?|stakeholders?)\b/i.test(
      message,
    )
  )
    return 'internal';
  return undefined;
}

/** How many of an entry's words the message holds, each as the start of a word ('expensive', 'compet…'). */
function objectionScore(entry: LibraryObjection, message: string): number {
  const lower = message.toLowerCase().replace(/’/g, "'");
  return entry.keywords.filter((k) =>
    new RegExp(`(?:^|[^\\p{L}])${k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').test(lower),
  ).length;
}

/**
 * The library's entries a rep's pushback is, best first, at most two: of the audience the message
 * names, or else a customer's, or another audience's that matches by two words or more ('the market
 * is too small' is an investor's). A second entry only when it matches as well as the first (the
 * message names two objections).
 */
export function objectionsIn(message: string): LibraryObjection[] {
  if (!PUSHBACK.test(message)) return [];
  const named = audienceNamed(message);
  const scored = OBJECTION_LIBRARY.filter((e) => !named || e.audience === named)
    .map((entry, i) => ({
      entry,
      score: objectionScore(entry, message),
      order: (entry.audience === 'customers' ? 0 : 1000) + i,
    }))
    .filter((s) => s.score >= (named || s.entry.audience === 'customers' ? 1 : 2))
    .toSorted((a, b) => b.score - a.score || a.order - b.order);
  const first = scored[0];
  if (!first) return [];
  const second = scored.find(
    (s) => s !== first && s.entry.audience === first.entry.audience && s.score === first.score,
  );
  return [first.entry, ...(second ? [second.entry] : [])];
}

/** The facts an entry's response is written from: what the profile would fill in the objection flow. */
function factsFromProfile(audience: Audience, profile: ProfileValues) {
  const answers: Answers = answersFromProfile('objection', profile, AUDIENCE_QUESTIONS[audience]);
  // The profile's words go into the answer's Markdown: as text, never a link or markup of theirs.
  const facts = objectionFacts(answers);
  return Object.fromEntries(
    Object.entries(facts).map(([key, value]) => [key, value === undefined ? value : plain(value)]),
  ) as typeof facts;
}

/** One library entry as the answer shows it: what is said, why, the pattern's steps, the follow-up. */
function objectionSection(entry: LibraryObjection, profile: ProfileValues): string {
  const pattern = RESPONSE_PATTERNS[entry.pattern];
  const lines = entry.respond(factsFromProfile(entry.audience, profile));
  return [
    `**“${entry.says.replace(/[.!?]$/, '')}”**, from Pitchpad’s objection library`,
    `_Why it comes up:_ ${entry.why}`,
    [
      `${pattern.name}:`,
      ...pattern.steps.map((step, i) => `- **${step}:** ${lines[i]}`),
      `- **Follow-up question:** ${entry.followUp}`,
    ].join('\n'),
  ].join('\n\n');
}

/** A question about the rep's own company, the profile fields that answer it, and how to name them. */
const ABOUT_US: ReadonlyArray<{ asks: RegExp; fields: readonly ProfileField[]; noun: string }> = [
  {
    asks: /\b(?:our|my)\s+(?:pric\w*|plans?|costs?|rates?|fees?|tiers?)\b|\bhow\s+much\s+(?:do|does|should|can)\s+(?:we|i|it|our\s+\w+)\s+(?:charge|cost)\b|\bwhat\s+(?:do|should)\s+(?:we|i)\s+charge\b/i,
    fields: ['pricing'],
    noun: 'your pricing',
  },
  {
    asks: /\bwhat\s+(?:do|does)\s+(?:we|i|(?:our|my)\s+(?:company|product|startup|business))\s+(?:do|sell|make|offer|build)\b|\bwhat(?:['’]s|\s+is)\s+(?:our|my)\s+(?:company|product|startup|business)\b|\b(?:our|my)\s+(?:product|offer|offering|value\s+prop\w*|elevator\s+pitch|one[\s-]liner)\b/i,
    fields: ['company', 'product', 'valueProposition'],
    noun: 'what you sell',
  },
  {
    asks: /\bwho\s+(?:do|should|can)\s+(?:we|i)\s+(?:sell|target|serve|sell\s+to)\b|\b(?:our|my)\s+(?:ideal\s+customers?|icp|target\s+(?:market|customers?|buyers?|audience)|buyers?)\b/i,
    fields: ['industry', 'companySize', 'buyerTitles'],
    noun: 'your ideal customer',
  },
  {
    asks: /\bwhat\s+problems?\s+do\s+(?:we|i)\s+solve\b|\b(?:our|my)\s+(?:customers?['’]?\s+)?pains?\b|\bpains?\s+(?:we|it)\s+solves?\b/i,
    fields: ['pains'],
    noun: 'the pains you solve',
  },
  {
    asks: /\b(?:our|my)\s+(?:proof(?:\s+points?)?|case\s+stud\w+|results|references|traction|testimonials?|customer\s+stories)\b/i,
    fields: ['proofPoints'],
    noun: 'your proof points',
  },
  {
    asks: /\b(?:our|my)\s+competit\w*\b|\bhow\s+(?:do|are)\s+we\s+(?:differ\w*|better)\b|\bwho\s+(?:do|are)\s+we\s+compet\w*\b/i,
    fields: ['competitors'],
    noun: 'your competitors',
  },
  {
    asks: /\b(?:our|my)\s+(?:website|site|web\s+address|url)\b/i,
    fields: ['website'],
    noun: 'your website',
  },
  {
    asks: /\b(?:our|my)\s+(?:booking|calendar|meeting)\s+link\b/i,
    fields: ['bookingLink'],
    noun: 'your booking link',
  },
];

/** The profile fields that back the answer to an objection, where the profile holds them. */
const OBJECTION_FIELDS: Partial<Record<string, readonly ProfileField[]>> = {
  price: ['pricing'],
  competitor: ['competitors'],
  trust: ['proofPoints'],
  traction: ['proofPoints'],
};

/** A profile field's value as a line of the answer, short enough for a phone. */
const profileLine = (field: ProfileField, value: string) =>
  `- **${PROFILE_FIELDS[field].label}:** ${plain(clip(value.trim().replace(/\s+/g, ' '), PROFILE_VALUE_MAX_CHARS))}`;

/** The profile's part of the answer: its lines, and what the profile does not say yet. */
function profileSection(
  message: string,
  terms: readonly string[],
  profile: ProfileValues,
  objections: readonly LibraryObjection[],
) {
  const asked = ABOUT_US.filter((t) => t.asks.test(message));
  const fields = new Set<ProfileField>(asked.flatMap((t) => t.fields));
  for (const entry of objections) for (const f of OBJECTION_FIELDS[entry.id] ?? []) fields.add(f);
  // A competitor the message names ('compared to HubSpot') that the profile says how it differs from.
  if (objections.length && profile.competitors && termsIn(profile.competitors, terms) > 0)
    fields.add('competitors');
  const filled = [...fields].filter((f) => profile[f]?.trim());
  const missing = asked.filter((t) => !t.fields.some((f) => profile[f]?.trim()));
  if (!filled.length && !missing.length) return undefined;
  return {
    about: asked.length > 0,
    filled: filled.length > 0,
    text: [
      ...(filled.length
        ? [['**From your profile**', ...filled.map((f) => profileLine(f, profile[f]!))].join('\n')]
        : []),
      ...missing.map(
        (t) => `Your profile doesn’t say ${t.noun} yet: [add it to your profile](/profile).`,
      ),
    ].join('\n\n'),
  };
}

/** What the rep has that the answer draws on. */
export interface WhatTheRepHas {
  profile?: ProfileValues;
  /** The kit's passages to quote, in the order of the reply's sources (passagesToQuote picks them). */
  passages?: readonly PromptPassage[];
}

/** The answer's parts, before the drafter adds the flow that would write it. */
export interface FoundAnswer {
  /** Markdown blocks in reading order; none when nothing the rep has matched. */
  sections: string[];
  /**
   * What the answer draws on, for the line that says so: 'your sales kit', 'your profile'… (not the
   * profile when it only says what the profile lacks).
   */
  from: string[];
  /** The message is a prospect's pushback: the objection guide is the flow that would write it. */
  pushback: boolean;
}

/**
 * The answer from what the rep has: for a question about their own company, the profile first;
 * then the kit's passages; then the library's entries for a prospect's pushback, with the profile's
 * lines that back them. Every given passage is quoted, [1] first.
 */
export function answerFromWhatTheRepHas(message: string, have: WhatTheRepHas): FoundAnswer {
  const profile = have.profile ?? {};
  const passages = (have.passages ?? []).slice(0, QUOTED_PASSAGES_MAX);
  const terms = questionTerms(message);
  const objections = objectionsIn(message);
  const fromProfile = profileSection(message, terms, profile, objections);
  // A price objection's passage is best quoted where it speaks of cost, not only of the competitor.
  const related = [...new Set(objections.flatMap((e) => e.keywords.map(stem)))];
  const kit = passages.length ? kitSection(passages, terms, related) : undefined;
  const library = objections.map((e) => objectionSection(e, profile));
  const sections = [
    ...(fromProfile?.about ? [fromProfile.text] : []),
    ...(kit ? [kit] : []),
    ...library,
    ...(fromProfile && !fromProfile.about ? [fromProfile.text] : []),
  ];
  const from = [
    ...(kit ? ['your sales kit'] : []),
    ...(library.length ? ['Pitchpad’s objection library'] : []),
    ...(fromProfile?.filled ? ['your profile'] : []),
  ];
  return { sections, from, pushback: objections.length > 0 || PUSHBACK_ASKED.test(message) };
}

/** A message that asks for help with objections, matched to a library entry or not. */
const PUSHBACK_ASKED = /\bobjections?\b|\bpush\s*back\b/i;
