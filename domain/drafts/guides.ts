import type { Answers } from '../playbooks/flow';
import { INDUSTRY_OPTIONS } from '../playbooks/persona';
import { AUDIENCE_OPTIONS, objectionQuestions, type Audience } from '../playbooks/objection';
import { matchObjection, OBJECTION_LIBRARY, objectionFacts, RESPONSE_PATTERNS, type LibraryObjection, type ObjectionFacts } from './objectionLibrary';

const filled = (v: string | undefined, what: string) => v?.trim() || `_(${what}: to be completed)_`;

/** The offline drafter's persona sheet (design §5): the founder's answers, arranged to hand to a team. */
export function draftPersonaSheet(a: Answers): string {
  const industry = INDUSTRY_OPTIONS.find((o) => o.value === a.industry)?.label;
  return [
    `# Customer persona sheet${a.company_name?.trim() ? `: ${a.company_name.trim()}` : ''}`,
    `**What we offer:** ${filled(a.value_proposition, 'value proposition')}`,
    `**Industry:** ${industry ?? filled(undefined, 'industry')}`,
    '## Who they are',
    filled(a.target_audience, 'target audience'),
    '## Titles involved',
    filled(a.key_titles, 'job titles'),
    '## How they buy',
    filled(a.buying_journey, 'buying journey'),
    '## What hurts',
    filled(a.current_challenges, 'challenges'),
    '## What they compare us with',
    filled(a.competitors, 'competitors'),
    '_Drafted offline from your answers. With a language model configured, Pitchpad turns this into 2 to 3 full personas._',
  ].join('\n\n');
}

/** How many objections the offline guide prepares: the rep's own first, then the library's most common. */
const GUIDE_OBJECTIONS = 5;

/** One objection as the guide shows it: what is said, why, and the pattern's steps filled in. */
function objectionSection(n: number, says: string, entry: LibraryObjection | undefined, facts: ObjectionFacts): string {
  const pattern = RESPONSE_PATTERNS[entry?.pattern ?? 'acknowledge-reframe-proof'];
  const lines = entry ? entry.respond(facts) : genericResponse(facts);
  return [
    `### ${n}. "${says.replace(/^["“]|["”]$/g, '')}"`,
    `_Why it comes up:_ ${entry?.why ?? 'Behind most objections is a risk the person carries if this goes wrong; find out which one.'}`,
    `**${pattern.name}**`,
    [...pattern.steps.map((step, i) => `- **${step}:** ${lines[i]}`), `- **Follow-up question:** ${entry?.followUp ?? 'What would you need to see to feel comfortable moving ahead?'}`].join('\n'),
  ].join('\n\n');
}

/** Acknowledge, Reframe, Proof for an objection the library does not know, from the rep's answers. */
function genericResponse(f: ObjectionFacts): string[] {
  return [
    '"That is a fair concern; tell me more about what is behind it." Then repeat it back in their words.',
    f.offer ? `Reframe it around the outcome they get: ${f.offer}.` : 'Reframe it around the outcome they get, in their own terms (time, money, risk).',
    f.proof ? `Back it with evidence: ${f.proof}.` : 'Back it with the best evidence you have: a customer result, a pilot, a number you measured.',
  ];
}

/**
 * The offline drafter's objection guide: the rep's own objections first, each matched to the curated
 * library's entry for it (objectionLibrary.ts), then the audience's most common ones, each with a
 * proven response pattern written from the rep's answers.
 */
export function draftObjectionGuide(a: Answers): string {
  const audience = (AUDIENCE_OPTIONS.some((o) => o.value === a.audience_type) ? a.audience_type : 'customers') as Audience;
  const questions = objectionQuestions({ ...a, audience_type: audience }).slice(1);
  const objections = questions.find((q) => q.id.startsWith('common_'));
  const heard = (objections && a[objections.id]?.split(/\n|;|(?<=[.?!])\s+/).map((s) => s.replace(/^[-*•\d.)\s]+/, '').trim()).filter(Boolean)) ?? [];
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
  const section = (list: typeof own, from: number) => list.map((o, i) => objectionSection(from + i + 1, o.says, o.entry, facts));
  return [
    `# Objection guide: ${audience}`,
    ...questions.filter((q) => q !== objections && a[q.id]?.trim()).map((q) => `**${q.question}** ${a[q.id]!.trim()}`),
    ...(own.length ? ['## The objections you hear', ...section(own, 0)] : []),
    `## ${own.length ? 'Also prepare for' : `What ${audience === 'internal' ? 'your team' : audience} most often say`}`,
    ...section(common, own.length),
    '_Written offline from your answers and Pitchpad’s objection library (proven response patterns from well-known sales literature). Rehearse each one out loud in your own words._',
  ].join('\n\n');
}
