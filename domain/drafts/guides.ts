import type { Answers } from '../playbooks/flow';
import { INDUSTRY_OPTIONS } from '../playbooks/persona';
import { objectionQuestions } from '../playbooks/objection';

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

/** The offline drafter's objection guide skeleton: each answer becomes a section to rehearse. */
export function draftObjectionGuide(a: Answers): string {
  const questions = objectionQuestions(a).slice(1);
  const objections = questions.find((q) => q.id.startsWith('common_'));
  const heard = (objections && a[objections.id]?.split(/\n|;|(?<=[.?!])\s+/).map((s) => s.trim()).filter(Boolean)) ?? [];
  return [
    `# Objection guide: ${a.audience_type ?? 'customers'}`,
    ...questions.filter((q) => q !== objections && a[q.id]?.trim()).map((q) => `**${q.question}** ${a[q.id]!.trim()}`),
    '## Objections to prepare',
    ...(heard.length ? heard : ['_(the objections you hear: to be completed)_']).map(
      (o, i) => `### ${i + 1}. "${o.replace(/^["“]|["”]$/g, '')}"\n- Acknowledge: …\n- Reframe: …\n- Proof: …\n- Follow-up question: …`,
    ),
    '_Drafted offline from your answers. With a language model configured, Pitchpad writes the responses._',
  ].join('\n\n');
}
