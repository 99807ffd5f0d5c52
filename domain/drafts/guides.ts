import type { Answers } from '../playbooks/flow';
import { INDUSTRY_OPTIONS } from '../playbooks/persona';
import { AUDIENCE_OPTIONS, objectionQuestions, type Audience } from '../playbooks/objection';
import {
  matchObjection,
  OBJECTION_LIBRARY,
  objectionFacts,
  RESPONSE_PATTERNS,
  type LibraryObjection,
  type ObjectionFacts,
} from './objectionLibrary';

/**
 * The persona sheet's sections: each the founder's answer, or, when they skipped it, what to find
 * out and how (as the GTM plan marks its gaps), never a '(to be completed)' slot.
 */
const PERSONA_SECTIONS: ReadonlyArray<{ id: string; title: string; research: string }> = [
  {
    id: 'target_audience',
    title: 'Who they are',
    research:
      'list five customers you have or want; write down what they share (company size, region, team, the moment they started looking).',
  },
  {
    id: 'key_titles',
    title: 'Titles involved',
    research:
      'on LinkedIn, look up who holds the role at three target companies; note who uses it, who champions it and who signs.',
  },
  {
    id: 'buying_journey',
    title: 'How they buy',
    research:
      'ask your last two customers what made them look, who they involved, and how many weeks it took to sign.',
  },
  {
    id: 'current_challenges',
    title: 'What hurts',
    research:
      'in your next three calls, ask "What is the hardest part of this today?" and write down their exact words.',
  },
  {
    id: 'competitors',
    title: 'What they compare us with',
    research:
      'ask prospects what else they looked at, including a spreadsheet or doing nothing; check review sites for your category.',
  },
];

/** The offline drafter's persona sheet: the founder's answers, arranged to hand to a team. */
export function draftPersonaSheet(a: Answers): string {
  const industry = INDUSTRY_OPTIONS.find((o) => o.value === a.industry)?.label;
  const offer = a.value_proposition?.trim();
  const gaps = PERSONA_SECTIONS.filter((section) => !a[section.id]?.trim());
  return [
    `# Customer persona sheet${a.company_name?.trim() ? `: ${a.company_name.trim()}` : ''}`,
    // A line the founder left blank is left out: it is theirs to know, not to research.
    ...(offer ? [`**What we offer:** ${offer}`] : []),
    ...(industry ? [`**Industry:** ${industry}`] : []),
    ...PERSONA_SECTIONS.flatMap((section) => [
      `## ${section.title}`,
      a[section.id]?.trim() || `**Needs research:** ${section.research}`,
    ]),
    `_Drafted offline from your answers${gaps.length ? `; ${gaps.length === 1 ? '1 section needs' : `${gaps.length} sections need`} your research` : ''}. With a language model configured, Pitchpad turns this into 2 to 3 full personas._`,
  ].join('\n\n');
}

/** How many objections the offline guide prepares: the rep's own first, then the library's most common. */
const GUIDE_OBJECTIONS = 5;

/** One objection as the guide shows it: what is said, why, and the pattern's steps filled in. */
function objectionSection(
  n: number,
  says: string,
  entry: LibraryObjection | undefined,
  facts: ObjectionFacts,
): string {
  const pattern = RESPONSE_PATTERNS[entry?.pattern ?? 'acknowledge-reframe-proof'];
  const lines = entry ? entry.respond(facts) : genericResponse(facts);
  return [
    `### ${n}. "${says.replace(/^["“]|["”]$/g, '')}"`,
    `_Why it comes up:_ ${entry?.why ?? 'Behind most objections is a risk the person carries if this goes wrong; find out which one.'}`,
    `**${pattern.name}**`,
    [
      ...pattern.steps.map((step, i) => `- **${step}:** ${lines[i]}`),
      `- **Follow-up question:** ${entry?.followUp ?? 'What would you need to see to feel comfortable moving ahead?'}`,
    ].join('\n'),
  ].join('\n\n');
}

/** Acknowledge, Reframe, Proof for an objection the library does not know, from the rep's answers. */
function genericResponse(f: ObjectionFacts): string[] {
  return [
    '"That is a fair concern; tell me more about what is behind it." Then repeat it back in their words.',
    f.offer
      ? `Reframe it around the outcome they get: ${f.offer}.`
      : 'Reframe it around the outcome they get, in their own terms (time, money, risk).',
    f.proof
      ? `Back it with evidence: ${f.proof}.`
      : 'Back it with the best evidence you have: a customer result, a pilot, a number you measured.',
  ];
}

/**
 * The offline drafter's objection guide: the rep's own objections first, each matched to the curated
 * library's entry for it (objectionLibrary.ts), then the audience's most common ones, each with a
 * proven response pattern written from the rep's answers.
 */
export function draftObjectionGuide(a: Answers): string {
  const audience = (
    AUDIENCE_OPTIONS.some((o) => o.value === a.audience_type) ? a.audience_type : 'customers'
  ) as Audience;
  const questions = objectionQuestions({ ...a, audience_type: audience }).slice(1);
  const objections = questions.find((q) => q.id.startsWith('common_'));
  const heard =
    (objections &&
      a[objections.id]
        ?.split(/\n|;|(?<=[.?!])\s+/)
        .map((s) => s.replace(/^[-*•\d.)\s]+/, '').trim())
        .filter(Boolean)) ??
    [];
  const facts = objectionFacts(a);
  const used = new Set<string>();
  const own = heard.slice(0, GUIDE_OBJECTIONS).map((says) => {
    const entry = matchObjection(audience, says, used);
    if (entry) used.add(entry.id);
    return { says, entry };
  });
  const common = OBJECTION_LIBRARY.filter((e) => e.audience === audience && !used.has(e.id))
    .slice(0, Math.max(2, GUIDE_OBJECTIONS - own.length))
    .map((entry) => ({ says: entry.says, entry }));
  const section = (list: typeof own, from: number) =>
    list.map((o, i) => objectionSection(from + i + 1, o.says, o.entry, facts));
  return [
    `# Objection guide: ${audience}`,
    ...questions
      .filter((q) => q !== objections && a[q.id]?.trim())
      .map((q) => `**${q.question}** ${a[q.id]!.trim()}`),
    ...(own.length ? ['## The objections you hear', ...section(own, 0)] : []),
    `## ${own.length ? 'Also prepare for' : `What ${audience === 'internal' ? 'your team' : audience} most often say`}`,
    ...section(common, own.length),
    '_Written offline from your answers and Pitchpad’s objection library (proven response patterns from well-known sales literature). Rehearse each one out loud in your own words._',
  ].join('\n\n');
}
