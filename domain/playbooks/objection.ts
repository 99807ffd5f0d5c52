import { answeredPairs, defaultWorkflowName, shortSubject } from './flow';
import type { Answers, Flow, Option, Question } from './flow';

export const AUDIENCE_OPTIONS: Option[] = [
  { value: 'customers', label: 'Customers', description: 'Prospects pushing back on buying.' },
  { value: 'investors', label: 'Investors', description: 'VCs and angels questioning the round.' },
  { value: 'partners', label: 'Partners', description: 'Companies you want to partner with.' },
  { value: 'internal', label: 'Internal', description: 'Your own team resisting a change.' },
];

export type Audience = 'customers' | 'investors' | 'partners' | 'internal';

const AUDIENCE_QUESTION: Question = {
  id: 'audience_type',
  question: 'Whose objections do you want to handle?',
  description: 'Pick the audience; the next questions depend on it.',
  type: 'select',
  options: AUDIENCE_OPTIONS,
};

const t = (id: string, question: string, description: string): Question => ({
  id,
  question,
  description,
  type: 'textarea',
});

/** The audience's own questions. */
export const AUDIENCE_QUESTIONS: Record<Audience, Question[]> = {
  customers: [
    t(
      'value_proposition',
      'What is your value proposition?',
      'What you offer and the outcome customers get.',
    ),
    t(
      'common_objections',
      'What objections do you hear most?',
      'Price, timing, "we built it ourselves"... in their words.',
    ),
    {
      ...t(
        'competitive_landscape',
        'Who do they compare you with?',
        'Competitors, alternatives, the status quo.',
      ),
      lookUp: 'competitor',
    },
    t('target_audience', 'Who are you selling to?', 'Roles, company size, situation.'),
  ],
  investors: [
    t(
      'business_model',
      'What is your business model?',
      'How you make money, and the unit economics if you know them.',
    ),
    t('market_size', 'How big is the market?', 'Your estimate and how you got there.'),
    t(
      'common_investor_objections',
      'What do investors push back on?',
      'Market, team, traction, competition...',
    ),
    t('competitive_advantage', 'What is your unfair advantage?', 'Why you win, and why it lasts.'),
    t('traction', 'What traction do you have?', 'Revenue, users, growth, pilots, LOIs.'),
  ],
  partners: [
    t('partner_value', 'What does the partner get?', 'Revenue, customers, product value.'),
    t(
      'partnership_model',
      'What kind of partnership is it?',
      'Referral, reseller, integration, co-marketing.',
    ),
    t(
      'common_partner_objections',
      'What objections do partners raise?',
      'Effort, priority, channel conflict...',
    ),
    t(
      'partner_success',
      'What does success look like?',
      'For them and for you, in numbers if you can.',
    ),
  ],
  internal: [
    t('internal_change', 'What change are you proposing?', 'The new tool, process or strategy.'),
    t('stakeholders', 'Who has to agree?', 'Teams, leaders, the people affected.'),
    t(
      'common_internal_objections',
      'What objections do you expect?',
      'Cost, disruption, "we tried that"...',
    ),
    t('resources', 'What will it take?', 'Budget, people, time.'),
    t(
      'expected_outcomes',
      'What outcomes do you expect?',
      'What gets better, and how you will measure it.',
    ),
  ],
};

function audienceOf(answers: Answers): Audience | undefined {
  const a = answers.audience_type;
  return a && a in AUDIENCE_QUESTIONS ? (a as Audience) : undefined;
}

export function objectionQuestions(answers: Answers): Question[] {
  const audience = audienceOf(answers);
  return [AUDIENCE_QUESTION, ...(audience ? AUDIENCE_QUESTIONS[audience] : [])];
}

/** Who raises the objections, in a saved item's name, and the answer that says what they object to. */
const OBJECTION_SUBJECTS: Record<Audience, { from: string; answer: string }> = {
  customers: { from: 'customers', answer: 'value_proposition' },
  investors: { from: 'investors', answer: 'business_model' },
  partners: { from: 'partners', answer: 'partner_value' },
  internal: { from: 'the team', answer: 'internal_change' },
};

/**
 * 'Objections from <the audience>: <what they object to>' ('Objections from investors: Pipewise'),
 * from the audience's first answer; dated, with the audience, when that answer is blank.
 */
export function objectionWorkflowName(answers: Answers, now: Date): string {
  const audience = audienceOf(answers) ?? 'customers';
  const subject = shortSubject(answers[OBJECTION_SUBJECTS[audience].answer]);
  if (subject) return `Objections from ${OBJECTION_SUBJECTS[audience].from}: ${subject}`;
  return defaultWorkflowName(
    `Objections (${AUDIENCE_OPTIONS.find((o) => o.value === audience)?.label ?? 'Customers'})`,
    now,
  );
}

export const objectionFlow: Flow = {
  type: 'objection',
  title: 'Handle Objections',
  workflowType: 'Objection Handling',
  greeting:
    "Let's prepare for the pushback. Tell me who you are facing and what you hear, and I'll write you an objection guide.",
  finishLabel: 'Create Objection Guide',
  questions: objectionQuestions,
  buildPrompt: (answers) =>
    [
      `Create an objection-handling guide for ${AUDIENCE_OPTIONS.find((o) => o.value === answers.audience_type)?.label.toLowerCase() ?? 'customers'}.`,
      'For each likely objection: why it comes up, a response that acknowledges, reframes and proves, and a follow-up question. Finish with the three objections to prepare for first.',
      '',
      answeredPairs(objectionQuestions(answers).slice(1), answers),
    ].join('\n'),
  workflowName: objectionWorkflowName,
};
